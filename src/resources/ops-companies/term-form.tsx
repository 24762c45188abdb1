// One of a company's terms as a small form (credit limit, settlement day, service fees): the
// console's useForm with the schema the server checks, the typed yuan turned into fen before the
// check, an optional confirmation before it is sent, and the server's refusal under its field.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { App, Button, Form } from "antd";
import type { ReactElement } from "react";
import type { z } from "zod";
import { FormField, FormMessage, QUIET_SAVE } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import type { OpsCompanyDetail } from "../../domain/ops/companies";
import { useAskedSave } from "../useAskedSave";
import { OPS_COMPANIES } from ".";

type Values = Record<string, string>;

export interface TermFormProps {
  company: OpsCompanyDetail;
  /** The update action (its path in the resource's endpoints). */
  action: string;
  schema: () => z.ZodType;
  /** The form's fields with their labels, inputs and first values. */
  fields: { name: string; label: string; input: ReactElement; value: string; extra?: string }[];
  /** What is checked and sent, from the typed values. */
  payload: (v: Values) => Record<string, unknown>;
  /** The schema's field (a fen amount) each form field stands for. */
  schemaField?: Record<string, string>;
  /** A question asked before sending (money moves only after it is answered yes). */
  confirm?: (payload: Record<string, unknown>) => string;
  ariaLabel: string;
  onSaved: () => void;
}

export function TermForm({ company, action, schema, fields, payload, schemaField = {}, confirm, ariaLabel, onSaved }: TermFormProps) {
  const t = useTranslate();
  const { message } = App.useApp();
  const formField = (path: string) => Object.keys(schemaField).find((k) => schemaField[k] === path) ?? path;
  const form = useForm<OpsCompanyDetail, HttpError, Values>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, f.value])),
    resolver: schemaResolver<Values>(schema, { raw: true, input: (v) => ({ id: company.id, ...payload(v) }), fieldOf: formField }),
    refineCoreProps: { resource: OPS_COMPANIES, action: "edit", id: company.id, meta: { updateAction: action }, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const { state, submit, saving } = useAskedSave(form, {
    ask: (checked) => (confirm ? { title: confirm(checked) } : null),
    fields: fields.map((f) => f.name),
    fieldOf: formField,
    onSaved: () => {
      void message.success(t("ops.saved"));
      onSaved();
    },
  });
  return (
    <Form layout="inline" onFinish={() => void submit()} requiredMark={false} aria-label={ariaLabel} style={{ rowGap: 8, marginBottom: 8 }}>
      {fields.map((f) => (
        <FormField key={f.name} control={form.control} name={f.name} label={f.label} extra={f.extra}>
          {f.input}
        </FormField>
      ))}
      <Button type="primary" htmlType="submit" loading={saving}>{t("ops.save")}</Button>
      <FormMessage refusal={state.refusal} />
    </Form>
  );
}
