// zod helpers for values that arrive as form-encoded strings on the server but as native values
// from forms. Written as codecs, not bare transforms, so z.toJSONSchema can still describe them
// (input side with io: "input", decoded side by default) for the server's OpenAPI document.

import { z } from "zod";
import { msg } from "./messages";

export interface ZIntOptions {
  min?: number;
  max?: number;
  /** Message for every failure; defaults to the zh "whole number" message. */
  error?: string;
}

/**
 * Integer from 12 or '12' (also '-3'). Rejects '1.5', '1e3', ' 12', '', 'abc' and numbers
 * beyond the safe-integer range: a garbled page number must fail, not become NaN or 0.
 */
export function zInt(options: ZIntOptions = {}) {
  const error = options.error ?? msg("intInvalid");
  let out = z.int({ error });
  if (options.min !== undefined) out = out.min(options.min, error);
  if (options.max !== undefined) out = out.max(options.max, error);
  return z.codec(z.union([z.int({ error }), z.string({ error }).regex(/^-?\d+$/, error)], { error }), out, {
    // `|| 0` folds '-0' into 0; the regex leaves no other falsy result.
    decode: (value) => Number(value) || 0,
    encode: (value) => value,
  });
}

const TRUE_VALUES: readonly unknown[] = [true, 1, "true", "1"];

/** Boolean from true/false, 1/0, 'true'/'false', '1'/'0'; anything else ('yes', '', 2) fails. */
export function zBool(error: string = msg("invalidValue")) {
  return z.codec(
    z.union([z.boolean({ error }), z.literal([0, 1], { error }), z.literal(["true", "false", "1", "0"], { error })], {
      error,
    }),
    z.boolean(),
    {
      decode: (value) => TRUE_VALUES.includes(value),
      encode: (value) => value,
    },
  );
}

/**
 * Optional text: an absent key, null or '' all mean "not given" (undefined), which is how an
 * empty optional form field arrives. Anything else must be a string that passes `inner`.
 */
export function zOptionalString(
  inner: z.ZodType<string, string> = z.string(),
  error: string = msg("invalidValue"),
) {
  return z
    .codec(z.union([z.string({ error }), z.null({ error })], { error }), inner.optional(), {
      decode: (value) => (value === "" || value === null ? undefined : value),
      encode: (value) => value ?? "",
    })
    .optional();
}
