// A resource's form through Refine: @refinedev/react-hook-form's useForm loads the record (edit),
// creates or updates it through the data provider, invalidates the resource's queries and
// redirects. The resolver is the src/domain zod schema the server checks the same payload with.
// Server refusals: Refine puts the envelope's field errors under the fields with the same paths;
// a form whose fields are not the payload's keys (fieldOf) places them itself. A refusal no shown
// field carries, and a schema problem on a key without an input, is the form's message line.
import { useEffect } from "react";
import { type BaseKey, type BaseRecord, type HttpError, type RedirectAction } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import type { DefaultValues, FieldPath, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { applyRefusal, refusalFieldErrors, sessionEnded, useSubmitState } from "../components/FormField";
import { schemaResolver, unshownProblem, type FieldOf } from "../components/form-errors";
import { useLatest } from "../components/use-latest";
import { retryUnlessRefused } from "./retry";

export interface ResourceFormOptions<T extends FieldValues, R extends BaseRecord> {
  resource: string;
  /** The record edited; absent when adding. */
  id?: BaseKey;
  /** The schema the server validates the payload with; read at validation time (language). */
  schema: () => z.ZodType;
  defaultValues: DefaultValues<T>;
  /** The loaded record as the form's values, when they are not the record as it is. */
  toValues?: (record: R) => T;
  /** The payload made from the values (trimmed texts, yuan as fen), when it is not the values. */
  input?: (values: T, record: R | undefined) => unknown;
  /** The form field (dotted path) that shows a payload path, when they differ. */
  fieldOf?: FieldOf;
  /** The fields the form shows, by path: where problems can be shown. */
  fields: (values: T) => readonly string[];
  /** Where Refine goes after a save (the resource's list by default). */
  redirect?: RedirectAction;
  onSaved?: (saved: R) => void;
  /** false: the record is at hand (no detail path), defaultValues are its values. */
  load?: boolean;
  /** Read the record afresh each time the form opens (nothing cached outlives it). */
  fresh?: boolean;
  /** Refine's own notice of a save ("{resource}已创建" / "已保存"), for a form whose page says nothing of it. */
  notify?: boolean;
}

export function useResourceForm<T extends FieldValues, R extends BaseRecord = BaseRecord>(o: ResourceFormOptions<T, R>) {
  const { resource, id, schema, defaultValues, toValues, input, fieldOf, fields, redirect = "list", load = true } = o;
  const edit = id !== undefined;
  // Read when Refine calls back, after later renders may have brought new lookups.
  const latest = useLatest(o);
  useEffect(() => latest.set(o));
  const loaded = useLatest<R | undefined>(undefined);

  const form = useForm<R, HttpError, T>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    warnWhenUnsavedChanges: false,
    defaultValues,
    // What is checked is what is sent: the payload, which the server parses again.
    resolver: schemaResolver<T>(schema, { raw: true, input: input && ((v) => latest.get().input!(v, loaded.get())), fieldOf }),
    // Refine places field errors by the payload's paths: right only when they are the form's.
    disableServerSideValidation: Boolean(fieldOf),
    refineCoreProps: {
      resource,
      action: edit ? "edit" : "create",
      id,
      redirect,
      ...(o.notify ? {} : { successNotification: false as const }),
      errorNotification: false,
      queryOptions: {
        enabled: edit && load,
        refetchOnWindowFocus: false,
        retry: retryUnlessRefused,
        ...(o.fresh ? { gcTime: 0 } : {}),
        // Refine fills each field from the record by path: the record as the form's values; the
        // record as it came stays beside them (names for the pickers).
        ...(toValues ? { select: (r: { data: R }) => ({ ...r, data: latest.get().toValues!(r.data) as unknown as R, record: r.data }) } : {}),
      },
      onMutationSuccess: (res) => latest.get().onSaved?.(res.data as R),
    },
  });
  const state = useSubmitState(form.watch);
  const shown = () => fields(form.getValues()) as FieldPath<T>[];

  // The form's line for a refusal: none when a shown field carries one of its messages.
  const lineFor = (e: unknown): string | null => {
    if (fieldOf) return applyRefusal<T>(e, shown(), form.setError, fieldOf);
    if (sessionEnded(e)) return null;
    const keys = Object.keys(refusalFieldErrors(e));
    if (keys.some((k) => shown().includes(k as FieldPath<T>))) return null;
    const message = (e as { message?: unknown } | null)?.message;
    return typeof message === "string" && message ? message : String(e ?? "");
  };

  const send = (payload: T) =>
    state.run(async () => {
      try {
        await form.refineCore.onFinish(payload);
        return null;
      } catch (e) {
        return lineFor(e);
      }
    });
  // A schema problem on a key without an input would otherwise stop the save without a word.
  const submit = form.handleSubmit(send, (errors) => state.setRefusal(unshownProblem(errors, shown())));

  const query = form.refineCore.query;
  const record = (toValues ? (query?.data as { record?: R } | undefined)?.record : query?.data?.data) as R | undefined;
  useEffect(() => loaded.set(record), [loaded, record]);
  return {
    ...form,
    submit: () => void submit(),
    saving: form.refineCore.mutation.isPending,
    /** Waiting for the record (edit only). */
    loading: edit && load && !!query?.isLoading,
    loadError: edit && load ? (query?.error ?? null) : null,
    reload: () => void query?.refetch(),
    /** The record as the server sent it. */
    record,
    refusal: state.refusal,
  };
}
