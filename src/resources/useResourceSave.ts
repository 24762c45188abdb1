// Saving a resource's form: react-hook-form over the zod schema the server checks the same
// payload with (each problem under its field), then the resource's create or update through
// Refine. A refusal from the server lands under the fields it names; a problem no field of the
// form shows (a refusal without fields, or a schema issue on a key the form has no input for)
// is the form's message line.
import { useCreate, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { DefaultValues, FieldErrors, FieldPath, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { applyRefusal, useSubmitState } from "../components/FormField";

export interface ResourceSaveOptions<T extends FieldValues, R> {
  resource: string;
  /** The saved record's id; absent when adding. */
  id?: number;
  /** The schema the server validates the payload with; read at validation time (language). */
  schema: () => z.ZodType;
  defaultValues: DefaultValues<T>;
  /** The fields the form shows, by path (`certificates.0.certNo`): where problems can be shown. */
  fields: (values: T) => readonly FieldPath<T>[];
  /**
   * The payload, when it is not the form's values as they are (trimmed texts, dropped keys). It
   * keeps the form's paths, so the schema's problems with it land on the form's fields.
   */
  toPayload?: (values: T) => Record<string, unknown>;
  onSaved: (row: R) => void;
}

/** Every message of a react-hook-form error tree, keyed by dotted path, first message per path. */
export function errorMessages(errors: FieldErrors, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (!value || typeof value !== "object" || key === "ref") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const own = (value as { message?: unknown }).message;
    if (typeof own === "string" && own && !(path in out)) out[path] = own;
    // Nested objects and arrays (a field array's rows) hold their own errors.
    for (const [k, m] of Object.entries(errorMessages(value as FieldErrors, path))) if (!(k in out)) out[k] = m;
  }
  return out;
}

/** The first message of an invalid form that none of `shown` displays, or null. */
export function unshownProblem(errors: FieldErrors, shown: readonly string[]): string | null {
  const all = errorMessages(errors);
  const key = Object.keys(all).find((k) => !shown.includes(k) && !shown.some((s) => k.startsWith(`${s}.`)));
  return key === undefined ? null : all[key]!;
}

export function useResourceSave<T extends FieldValues, R = BaseRecord>({ resource, id, schema, defaultValues, fields, toPayload, onSaved }: ResourceSaveOptions<T, R>) {
  // What is checked is what is sent: the payload as it is, which the server parses again.
  const resolver: Resolver<T> = (values, context, options) =>
    (zodResolver(schema() as never, undefined, { raw: true }) as unknown as Resolver<T>)((toPayload ? toPayload(values) : values) as T, context, options);
  // Refine's form without its own record: the caller loads the row and mounts the form with it.
  const form = useForm<BaseRecord, HttpError, T>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    warnWhenUnsavedChanges: false,
    defaultValues,
    resolver,
    refineCoreProps: { action: "create", queryOptions: { enabled: false } },
  });
  const create = useCreate<BaseRecord, HttpError>({ resource });
  const update = useUpdate<BaseRecord, HttpError>({ resource });
  const state = useSubmitState(form.watch);

  const send = (values: T) =>
    state.run(async () => {
      // The resolver has handed on the payload it checked.
      const payload = values as Record<string, unknown>;
      try {
        const res =
          id === undefined
            ? await create.mutateAsync({ values: payload, errorNotification: false })
            : await update.mutateAsync({ id, values: payload, errorNotification: false });
        onSaved(res.data as unknown as R);
        return null;
      } catch (e) {
        return applyRefusal<T>(e, fields(form.getValues()), form.setError);
      }
    });

  // A schema problem on a key without an input would otherwise stop the save without a word.
  const submit = form.handleSubmit(send, (errors) => state.setRefusal(unshownProblem(errors, fields(form.getValues()))));

  return { ...form, submit: () => void submit(), saving: create.mutation.isPending || update.mutation.isPending, refusal: state.refusal };
}
