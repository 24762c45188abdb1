// How a module's DomainError is answered: HTTP 200 with the envelope, its code as the contract's
// ret, the field errors (or other facts) as data. Its texts are read here, in the caller's language.
import type { DomainCode, DomainError } from "../domain-error";
import type { Lang } from "../../../src/domain/messages";
import { textIn, type Text } from "../i18n/text";
import { RET, type BizError, type Envelope } from "./envelope";

const RET_OF: Readonly<Record<DomainCode, number>> = {
  badInput: RET.BAD_INPUT,
  unauthorised: RET.UNAUTHORISED,
  forbidden: RET.FORBIDDEN,
  notFound: RET.NOT_FOUND,
  conflict: RET.CONFLICT,
  tooMany: RET.TOO_MANY,
  unavailable: RET.SERVER,
};

export const retOf = (code: DomainCode): number => RET_OF[code];

/** Each field's problem in one language. */
export function errorsIn(errors: Readonly<Record<string, Text | string>>, lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, text] of Object.entries(errors)) out[field] = textIn(text, lang);
  return out;
}

export function domainEnvelope(e: DomainError, lang: Lang = "zh"): Envelope {
  const data = e.errors ? { errors: errorsIn(e.errors, lang) } : (e.data ?? null);
  return { ret: RET_OF[e.code], msg: textIn(e.text, lang), data, ...(e.tips ? { tips: e.tips } : {}) };
}

/** A route's BizError: its message and, when its data is `{ errors }`, each field's problem. */
export function bizEnvelope(e: BizError, lang: Lang = "zh"): Envelope {
  const errors = (e.data as { errors?: unknown } | null)?.errors;
  const data = errors && typeof errors === "object" ? { ...(e.data as object), errors: errorsIn(errors as Record<string, Text | string>, lang) } : e.data;
  return { ret: e.ret, msg: textIn(e.text, lang), data, ...(e.tips ? { tips: e.tips } : {}) };
}
