// Saving an antd form through a resource: the same zod schema as the server checks the payload
// first, each problem shown under its field; then the resource's create or update through the
// data provider, and a refusal from the server lands under its field too (or above the buttons
// when no field shows it).
import { useState } from "react";
import { useCreate, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import type { FormInstance } from "antd";
import type { z } from "zod";

/** A field path as antd names it: 'certificates.1.certNo' -> ['certificates', 1, 'certNo']. */
export function fieldName(path: string): (string | number)[] {
  return path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** The first message per field of a failed parse, keyed by dotted path. */
export function issueMap(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export interface FormSaveOptions<V, R> {
  resource: string;
  /** The saved record's id; absent when adding. */
  id?: number;
  schema: z.ZodType;
  toPayload: (values: V) => Record<string, unknown>;
  /** The form field that shows an error key (dotted path), or null to show it above the buttons. */
  fieldOf: (key: string) => string | null;
  onSaved: (row: R) => void;
}

export function useFormSave<V, R>(form: FormInstance<V>, { resource, id, schema, toPayload, fieldOf, onSaved }: FormSaveOptions<V, R>) {
  const create = useCreate<BaseRecord, HttpError>({ resource });
  const update = useUpdate<BaseRecord, HttpError>({ resource });
  const [formError, setFormError] = useState<string | null>(null);

  function show(errors: Record<string, string>) {
    // Paths are built at run time (certificates.1.certNo): the untyped instance takes them.
    const any = form as FormInstance;
    const shown = any.getFieldsError().filter((f) => f.errors.length > 0);
    any.setFields(shown.map((f) => ({ name: f.name, errors: [] })));
    const onFields = new Map<string, string>();
    let rest: string | null = null;
    for (const [key, message] of Object.entries(errors)) {
      const field = fieldOf(key);
      if (field === null) rest ??= message;
      else if (!onFields.has(field)) onFields.set(field, message);
    }
    any.setFields([...onFields].map(([field, message]) => ({ name: fieldName(field), errors: [message] })));
    setFormError(rest);
    const first = [...onFields.keys()][0];
    if (first) any.scrollToField(fieldName(first), { block: "center" });
  }

  async function save(values: V) {
    const payload = toPayload(values);
    const checked = schema.safeParse(payload);
    if (!checked.success) return show(issueMap(checked.error));
    show({});
    try {
      const res =
        id === undefined
          ? await create.mutateAsync({ values: payload, errorNotification: false })
          : await update.mutateAsync({ id, values: payload, errorNotification: false });
      onSaved(res.data as unknown as R);
    } catch (e) {
      const err = e as HttpError;
      const errors: Record<string, string> = {};
      for (const [k, v] of Object.entries(err.errors ?? {})) errors[k] = Array.isArray(v) ? String(v[0]) : typeof v === "string" ? v : typeof v === "object" ? v.message : "";
      if (!Object.keys(errors).some((k) => fieldOf(k) !== null)) errors._ = err.message;
      show(errors);
    }
  }

  return { save, saving: create.mutation.isPending || update.mutation.isPending, formError };
}
