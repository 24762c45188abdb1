// Forms whose fields are validated in order with only the first error shown.
//
// A plain z.object reports field issues in shape order, but object-level refinements (the
// cross-field checks: captcha vs shown code, password confirmation) run after every field and
// are skipped when a field has a type error. orderedForm therefore runs the cross checks in a
// refinement that always runs, files each under the field it concerns, and re-sorts the issues
// by field order, so the first issue zod reports is the first failing field.

import { z } from "zod";

/** Values as they come in: anything, since the checks also guard the server. */
export type RawValues = Readonly<Record<string, unknown>>;

/** A cross-field rule of one field: its message, or null when it passes. */
export type CrossCheck = (values: RawValues) => string | null;

interface FormOrder {
  fields: string[];
  shape: z.ZodRawShape;
  cross: Partial<Record<string, CrossCheck>>;
}

const ORDERS = new WeakMap<object, FormOrder>();

const isRecord = (value: unknown): value is RawValues =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Stable sort of issues by their top-level field's position; issues on the whole come first. */
function byFieldOrder<I extends { path?: readonly PropertyKey[] }>(issues: I[], fields: string[]): I[] {
  const rank = (issue: I) => {
    const head = issue.path?.[0];
    if (head === undefined) return -1;
    const i = fields.indexOf(String(head));
    return i === -1 ? fields.length : i;
  };
  return issues.sort((a, b) => rank(a) - rank(b));
}

/**
 * One string field with rules tried in order; only the first failing rule's message is
 * reported, so a field never shows two errors at once.
 */
export function orderedRules<S extends z.ZodType>(base: S, rules: [(value: z.output<S>) => boolean, string][]): S {
  return base.superRefine((value: z.output<S>, ctx) => {
    for (const [ok, message] of rules) {
      if (!ok(value)) {
        ctx.addIssue({ code: "custom", message });
        return;
      }
    }
  });
}

/** z.object whose issues come in field order, with cross-field checks filed under their field. */
export function orderedForm<S extends z.ZodRawShape>(
  shape: S,
  cross: { [K in keyof S]?: CrossCheck } = {},
) {
  const fields = Object.keys(shape);
  const crossChecks = cross as Partial<Record<string, CrossCheck>>;
  const schema = z.object(shape).superRefine(
    (_, ctx) => {
      const values = ctx.value as unknown;
      if (!isRecord(values)) return;
      const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
      for (const field of fields) {
        const check = crossChecks[field];
        if (!check || failed.has(field)) continue;
        const message = check(values);
        if (message) ctx.addIssue({ code: "custom", message, path: [field] });
      }
      byFieldOrder(ctx.issues, fields);
    },
    // Also after type errors: a later field's type error must not hide an earlier cross check.
    { when: () => true },
  );
  ORDERS.set(schema, { fields, shape, cross: crossChecks });
  return schema;
}

/**
 * The message of the first failing field in form order, or null when the values pass. For an
 * orderedForm it validates field by field and stops at the first failure; for any other schema
 * it falls back to zod's issues, ordered by the object's shape where there is one.
 */
export function firstError(schema: z.ZodType, values: unknown): string | null {
  const order = ORDERS.get(schema);
  if (order) {
    const record = isRecord(values) ? values : {};
    for (const field of order.fields) {
      const result = z.safeParse(order.shape[field], record[field]);
      if (!result.success) return result.error.issues[0]?.message ?? null;
      const message = order.cross[field]?.(record);
      if (message) return message;
    }
    return null;
  }
  const result = schema.safeParse(values);
  if (result.success) return null;
  const fields = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return byFieldOrder([...result.error.issues], fields)[0]?.message ?? null;
}

/** First message per top-level field (the server's data.errors: field -> message). */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "";
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
