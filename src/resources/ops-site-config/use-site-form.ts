// One brand's or partner site's settings as a form: Refine's useForm with the schema the server
// checks, first values from the settings in force, a question before a save that turns products
// off, and the server's refusal (a stale version among them) under its field or on the form.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { App } from "antd";
import type { FieldPath, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { QUIET_SAVE } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { useAskedSave } from "../useAskedSave";
import { OPS_SITE_CONFIG } from ".";

export interface SiteFormOptions<V extends FieldValues> {
  action: "brand" | "partner";
  id: string;
  schema: () => z.ZodType;
  values: V;
  /** Names of the products the change turns off (asked about first), none: saved at once. */
  turnedOff: (next: V) => string[];
  onSaved: () => void;
}

export function useSiteForm<V extends FieldValues>({ action, id, schema, values, turnedOff, onSaved }: SiteFormOptions<V>) {
  const t = useTranslate();
  const { message } = App.useApp();
  const form = useForm<V, HttpError, V>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: values as never,
    resolver: schemaResolver<V>(schema, { raw: true }),
    refineCoreProps: { resource: OPS_SITE_CONFIG, action: "edit", id, meta: { updateAction: action, json: true }, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const { state, submit, saving } = useAskedSave(form, {
    ask: (next) => {
      const off = turnedOff(next);
      return off.length ? { title: t("ops.siteConfig.confirmOff", { products: off.join(t("ops.siteConfig.listSeparator")) }), content: t("ops.siteConfig.confirmOffHint") } : null;
    },
    fields: Object.keys(values) as FieldPath<V>[],
    onSaved: () => {
      void message.success(t("ops.saved"));
      onSaved();
    },
  });
  return { form, state, submit, saving };
}
