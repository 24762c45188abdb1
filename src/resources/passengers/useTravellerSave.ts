// Saving a traveller form: the same zod schema as the server checks the values first, each
// problem shown under its field; then the resource's create or update through the data provider,
// and a refusal from the server lands under its field too (or above the buttons when no field
// shows it).
import { useState } from "react";
import { useCreate, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import type { FormInstance } from "antd";
import type { z } from "zod";
import type { TravellerRow } from "../../domain/people";
import { fieldName, issueMap, travellerPayload, type TravellerValues } from "./values";

// Fields the form shows; other keys (the whole list, an id) are shown above the buttons.
const SHOWN = /^(name|surname|givenName|mobilePhone|birthday|sex|remark|isDefault|certificates\.\d+\.(certType|certNo|expiry|issueCountry))$/;

interface Options {
  resource: string;
  /** The saved traveller's id; absent when adding. */
  id?: number;
  schema: z.ZodType;
  withDefault: boolean;
  onSaved: (row: TravellerRow) => void;
}

export function useTravellerSave(form: FormInstance<TravellerValues>, { resource, id, schema, withDefault, onSaved }: Options) {
  const create = useCreate<BaseRecord, HttpError>({ resource });
  const update = useUpdate<BaseRecord, HttpError>({ resource });
  const [formError, setFormError] = useState<string | null>(null);

  function show(errors: Record<string, string>) {
    // Paths are built at run time (certificates.1.certNo): the untyped instance takes them.
    const any = form as FormInstance;
    const shown = any.getFieldsError().filter((f) => f.errors.length > 0);
    any.setFields(shown.map((f) => ({ name: f.name, errors: [] })));
    const onFields = Object.entries(errors).filter(([k]) => SHOWN.test(k));
    any.setFields(onFields.map(([k, message]) => ({ name: fieldName(k), errors: [message] })));
    const rest = Object.entries(errors).find(([k]) => !SHOWN.test(k));
    setFormError(rest ? rest[1] : null);
    if (onFields.length) any.scrollToField(fieldName(onFields[0][0]), { block: "center" });
  }

  async function save(values: TravellerValues) {
    const payload = travellerPayload(values, withDefault);
    const checked = schema.safeParse(payload);
    if (!checked.success) return show(issueMap(checked.error));
    show({});
    try {
      const res =
        id === undefined
          ? await create.mutateAsync({ values: payload, errorNotification: false })
          : await update.mutateAsync({ id, values: payload, errorNotification: false });
      onSaved(res.data as unknown as TravellerRow);
    } catch (e) {
      const err = e as HttpError;
      const errors: Record<string, string> = {};
      for (const [k, v] of Object.entries(err.errors ?? {})) errors[k] = Array.isArray(v) ? String(v[0]) : typeof v === "string" ? v : typeof v === "object" ? v.message : "";
      if (!Object.keys(errors).some((k) => SHOWN.test(k))) errors._ = err.message;
      show(errors);
    }
  }

  const saving = create.mutation.isPending || update.mutation.isPending;
  return { save, saving, formError };
}
