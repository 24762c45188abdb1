// Saving a resource's form: react-hook-form over the zod schema the server checks the same
// payload with (each problem under its field), then the resource's create or update through
// Refine. A refusal from the server lands under the fields it names; a problem no field of the
// form shows (a refusal without fields, or a schema issue on a key the form has no input for)
// is the form's message line.
import { useCreate, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import type { DefaultValues, FieldPath, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { applyRefusal, useSubmitState, useZodForm } from "../components/FormField";
import { unshownProblem } from "../components/form-errors";

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

export function useResourceSave<T extends FieldValues, R = BaseRecord>({ resource, id, schema, defaultValues, fields, toPayload, onSaved }: ResourceSaveOptions<T, R>) {
  // What is checked is what is sent: the payload as it is, which the server parses again.
  const form = useZodForm<T>(schema, { raw: true, input: toPayload, defaultValues });
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
