// A form's problems by dotted path ("certificates.1.certNo"), and the resolver that checks a
// form with a src/domain zod schema when the form's fields are not the schema's keys (a date
// range for startDate and endDate, yuan for fen): the schema checks what will be sent, and each
// problem is moved onto the field that shows it.
import { toNestErrors } from "@hookform/resolvers";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** Every problem of a react-hook-form error tree by dotted path, the first per path. */
export function flatErrors(errors: FieldErrors | undefined, prefix = ""): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (!value || typeof value !== "object" || key === "ref") continue;
    // A list's own problem (react-hook-form keeps it as `root`) belongs to the list.
    const path = key === "root" ? prefix : prefix ? `${prefix}.${key}` : key;
    const own = value as FieldError;
    if (typeof own.message === "string" && own.message && !(path in out)) out[path] = { type: own.type, message: own.message };
    // Nested objects and lists (a field array's rows) hold their own problems.
    for (const [k, e] of Object.entries(flatErrors(value as FieldErrors, path))) if (!(k in out)) out[k] = e;
  }
  return out;
}

/** Every message of an error tree by dotted path. */
export function errorMessages(errors: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(flatErrors(errors)).map(([k, e]) => [k, String(e.message)]));
}

/** The first message of an invalid form that none of `shown` displays (nor a field under one), or null. */
export function unshownProblem(errors: FieldErrors, shown: readonly string[]): string | null {
  const all = errorMessages(errors);
  const key = Object.keys(all).find((k) => !shown.includes(k) && !shown.some((s) => k.startsWith(`${s}.`)));
  return key === undefined ? null : all[key]!;
}

/** The form field (dotted path) that shows a schema or server path. */
export type FieldOf = (path: string) => string;

export interface SchemaResolverOptions<T> {
  /** Check (and hand the submit handler) the values as they are, not the schema's output. */
  raw?: boolean;
  /** What is checked and sent, made from the form's values. */
  input?: (values: T) => unknown;
  /** Where a problem of `input` shows, when the form's fields are not the schema's keys. */
  fieldOf?: FieldOf;
}

/**
 * zodResolver over a schema read at validation time (it follows the current language). On
 * success the submit handler receives the schema's output, or with `raw` what was checked.
 */
export function schemaResolver<T extends FieldValues>(schema: () => z.ZodType, { raw = false, input, fieldOf }: SchemaResolverOptions<T> = {}): Resolver<T> {
  return async (values, context, options) => {
    const checked = (input ? input(values) : values) as T;
    const resolve = (raw ? zodResolver(schema() as never, undefined, { raw: true }) : zodResolver(schema() as never)) as unknown as Resolver<T>;
    if (!fieldOf) return resolve(checked, context, options);
    // The schema's paths are not the form's: nest the problems afresh under the form's fields.
    const result = await resolve(checked, context, { ...options, names: undefined, fields: {}, shouldUseNativeValidation: false });
    if (!Object.keys(result.errors).length) return result;
    const placed: Record<string, FieldError> = {};
    for (const [path, error] of Object.entries(flatErrors(result.errors))) {
      const field = fieldOf(path);
      if (!(field in placed)) placed[field] = error;
    }
    return { values: {}, errors: toNestErrors(placed, options) };
  };
}
