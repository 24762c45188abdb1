// Code labels (statuses, types, classes), keyed in the locale files src/locales/codes.<locale>.json:
// the one place they are written. The portal reads them as t('codes.<group>.<code>'); the server
// and the domain's own Chinese texts (envelopes, exports, over-standard reasons) read them here.
// The zh texts that copy.zh-CN.md gives are verbatim (tests look for them).
import zh from "../locales/codes.zh-CN.json" with { type: "json" };
import en from "../locales/codes.en-US.json" with { type: "json" };
import type { Lang } from "./messages";

export type CodeGroup = keyof typeof zh;

/** Every group per language; English has exactly the Chinese keys (a test holds them equal). */
export const CODE_TEXTS: Readonly<Record<Lang, Readonly<Record<CodeGroup, Readonly<Record<string, string>>>>>> = { zh, en };

/**
 * A code's text. An unknown code shows as the code itself (so an operator can still read a status
 * the portal does not know yet) and an absent code as ''; never throws on data from the API.
 */
export function codeText(group: CodeGroup, code: string | number | null | undefined, lang: Lang = "zh"): string {
  if (code === null || code === undefined || code === "") return "";
  const key = String(code);
  const texts = CODE_TEXTS[lang][group];
  // hasOwn: a code such as "constructor" must not reach Object.prototype.
  return Object.hasOwn(texts, key) ? texts[key] : key;
}
