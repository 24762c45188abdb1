// zod fields the policy forms share. Values arrive as native values from forms and as strings
// from form-encoded bodies; an empty optional field ('' or absent) means "not set" (null).
import { textOf, type LazyText } from "../tr";
import { z } from "zod";
import { hasControlChars, zInt, type ZIntOptions } from "../zod";

/** An integer that may be left empty: '', null or an absent key decode to null. */
export function zNullableInt(options: ZIntOptions & { error: LazyText }) {
  const message = options.error;
  const error = () => textOf(message);
  let out = z.int({ error });
  if (options.min !== undefined) out = out.min(options.min, { error });
  if (options.max !== undefined) out = out.max(options.max, { error });
  return z
    .codec(z.union([z.int({ error }), z.string({ error }).max(20, { error }).regex(/^(-?\d+)?$/, { error }), z.null({ error })], { error }), out.nullable(), {
      decode: (value) => (value === "" || value === null ? null : Number(value) || 0),
      encode: (value) => value,
    })
    .default(null);
}

/** A list of ids (array keys list.0, list.1 …); an absent key is an empty list; duplicates fold. */
export function zIdList(message: LazyText, max = 500) {
  const error = () => textOf(message);
  return z
    .array(zInt({ min: 1, max: 2_147_483_647, error }), { error })
    .max(max, { error })
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]);
}

/** A list of codes from one table, at least one; duplicates fold. */
export function zCodeList<const K extends readonly [string, ...string[]]>(keys: K, wrong: string, empty: string) {
  return z
    .array(z.enum(keys, { error: wrong }), { error: empty })
    .min(1, empty)
    .transform((list) => [...new Set(list)]);
}

/** Trimmed text of a bounded length without control characters, required. */
export function zText(max: number, empty: string, tooLong: string, min = 1) {
  // The raw text is bounded before trimming, so a megabyte of blanks is refused unread.
  const text = z.string({ error: empty }).max(max * 2, tooLong).trim().min(1, empty);
  return (min > 1 ? text.min(min, tooLong) : text).max(max, tooLong).refine((v) => !hasControlChars(v), NO_CONTROLS);
}

/** A place name typed or picked (cities of applications and standards). */
export function zPlaceName(message: LazyText, max = 30) {
  const error = () => textOf(message);
  return z
    .string({ error })
    .max(max * 2, { error })
    .trim()
    .min(1, { error })
    .max(max, { error })
    .refine((v) => !hasControlChars(v), { error });
}

const NO_CONTROLS = "不能包含控制字符";

export { zInt, zBool, zOptionalString } from "../zod";
