// zod helpers for values that arrive as form-encoded strings on the server but as native values
// from forms. Written as codecs, not bare transforms, so z.toJSONSchema can still describe them
// (input side with io: "input", decoded side by default) for the server's OpenAPI document.

import { z } from "zod";
import { currentLang, msg, type Lang } from "./messages";
import { textOf, type LazyText } from "./tr";

// The portal's content security policy forbids eval. zod probes for it (new Function) before
// compiling fast object parsers, and the browser reports each probe as a policy violation; in
// the browser it therefore parses without compiling. The server keeps the compiled parsers.
if ("document" in globalThis) z.config({ jitless: true });

// ---- text ----

/** An optional text without a limit of its own is at most this long. */
export const TEXT_MAX_DEFAULT = 200;

// C0 controls, DEL and C1 controls: invisible, and NUL is refused by PostgreSQL outright.
const NO_CONTROLS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// The same, but tab, line feed and carriage return are allowed (remarks, reported texts).
const NO_CONTROLS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

const TEXT_MESSAGES = {
  tooLong: { zh: (label: string, max: number) => `${label}最多${max}个字符`, en: (label: string, max: number) => `${label || "The text"} may have at most ${max} characters` },
  // A text that must not be empty says so plainly: 请填写乘客姓名, not "at least 1 character".
  tooShort: {
    zh: (label: string, min: number) => (min === 1 ? `请填写${label}` : `${label}至少${min}个字符`),
    en: (label: string, min: number) => (min === 1 ? `Please enter ${label || "the text"}` : `${label || "The text"} needs at least ${min} characters`),
  },
  control: { zh: (label: string) => `${label}不能包含控制字符`, en: (label: string) => `${label || "The text"} must not contain control characters` },
} as const;

export interface ZTextOptions {
  max: number;
  min?: number;
  /** Surrounding blanks are removed before the length is checked. */
  trim?: boolean;
  /** Tab and line breaks allowed (remarks, reported texts); other control characters never are. */
  multiline?: boolean;
  /** Names the field in the messages ("备注" → "备注最多200个字符"). */
  label?: LazyText;
  /** The messages' language; without it, the reader's language when a check fails. */
  lang?: Lang;
  /** One message for every failure, instead of the length and character messages. */
  error?: LazyText;
  /** The message when the value is missing or not text (default: `error`, else zod's own). */
  typeError?: LazyText;
}

/** A zod message from a text given as a string or read when the check fails. */
const lazyError = (text: LazyText) => ({ error: () => textOf(text) });

/**
 * Text with a length limit that refuses control characters: every text a route accepts goes
 * through this (or declares the same two checks), so no field can carry a megabyte or a NUL
 * byte into the database. The limit counts UTF-16 units, as the browser's maxLength does.
 */
export function zText(options: ZTextOptions) {
  // Messages are worded when a check fails, in the language of that moment.
  const lang = () => options.lang ?? currentLang();
  const label = () => (options.label !== undefined ? textOf(options.label) : lang() === "zh" ? "内容" : "");
  const m = TEXT_MESSAGES;
  const own = (make: () => string) => (options.error !== undefined ? lazyError(options.error) : { error: make });
  // Without a message of its own, a missing value is described by the caller's error map (the
  // server names the field).
  const typeError = options.typeError ?? options.error;
  let out = typeError === undefined ? z.string() : z.string(lazyError(typeError));
  if (options.trim) out = out.trim();
  if (options.min !== undefined) out = out.min(options.min, own(() => m.tooShort[lang()](label(), options.min!)));
  return out
    .max(options.max, own(() => m.tooLong[lang()](label(), options.max)))
    .regex(options.multiline ? NO_CONTROLS_BUT_LINES : NO_CONTROLS, own(() => m.control[lang()](label())));
}

/** Whether a text holds a control character (tab and line breaks allowed when `multiline`). */
export function hasControlChars(value: string, multiline = false): boolean {
  return !(multiline ? NO_CONTROLS_BUT_LINES : NO_CONTROLS).test(value);
}

export interface ZIntOptions {
  min?: number;
  max?: number;
  /** Message for every failure; defaults to the "whole number" message. */
  error?: LazyText;
}

/**
 * Integer from 12 or '12' (also '-3'). Rejects '1.5', '1e3', ' 12', '', 'abc' and numbers
 * beyond the safe-integer range: a garbled page number must fail, not become NaN or 0.
 */
export function zInt(options: ZIntOptions = {}) {
  const error = lazyError(options.error ?? (() => msg("intInvalid")));
  let out = z.int(error);
  if (options.min !== undefined) out = out.min(options.min, error);
  if (options.max !== undefined) out = out.max(options.max, error);
  // 20 characters hold every safe integer and its sign; longer digit strings are not read at all.
  return z.codec(z.union([z.int(error), z.string(error).max(20, error).regex(/^-?\d+$/, error)], error), out, {
    // `|| 0` folds '-0' into 0; the regex leaves no other falsy result.
    decode: (value) => Number(value) || 0,
    encode: (value) => value,
  });
}

const TRUE_VALUES: readonly unknown[] = [true, 1, "true", "1"];

/** Boolean from true/false, 1/0, 'true'/'false', '1'/'0'; anything else ('yes', '', 2) fails. */
export function zBool(message: LazyText = () => msg("invalidValue")) {
  const error = lazyError(message);
  return z.codec(
    z.union([z.boolean(error), z.literal([0, 1], error), z.literal(["true", "false", "1", "0"], error)], error),
    z.boolean(),
    {
      decode: (value) => TRUE_VALUES.includes(value),
      encode: (value) => value,
    },
  );
}

/**
 * Optional text: an absent key, null or '' all mean "not given" (undefined), which is how an
 * empty optional form field arrives. Anything else must be a string that passes `inner`. The
 * raw text is bounded before `inner` sees it, so a huge text is refused before any check runs:
 * by `max` when given, else by twice inner's own maximum length (room for the blanks inner may
 * trim, and inner's message for a text just over its limit), else by TEXT_MAX_DEFAULT. Control
 * characters are refused either way.
 */
export function zOptionalString(
  inner: z.ZodType<string, string> = z.string(),
  message: LazyText = () => msg("invalidValue"),
  max?: number,
) {
  const error = lazyError(message);
  const declared = inner instanceof z.ZodString ? inner.maxLength : null;
  const raw = z
    .string(error)
    .max(max ?? (declared !== null ? 2 * declared : TEXT_MAX_DEFAULT), error)
    .regex(NO_CONTROLS, error);
  return z
    .codec(z.union([raw, z.null(error)], error), inner.optional(), {
      decode: (value) => (value === "" || value === null ? undefined : value),
      encode: (value) => value ?? "",
    })
    .optional();
}
