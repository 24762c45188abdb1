// The access configuration's texts (brand and partner names, menu renames, pay labels, phone
// labels), kept in src/locales/access.<locale>.json like every other text. Both languages load
// here because the server reads the same configuration, and they are a few hundred bytes.
import zh from "../locales/access.zh-CN.json" with { type: "json" };
import en from "../locales/access.en-US.json" with { type: "json" };
import type { Lang, LocalText } from "./tree";

export type AccessTexts = typeof zh;

const TEXTS: Readonly<Record<Lang, AccessTexts>> = { zh, en };

/** One text in both languages, picked by the same path from each file. */
export function bothLangs(pick: (texts: AccessTexts) => string): LocalText {
  return { zh: pick(TEXTS.zh), en: pick(TEXTS.en) };
}

/** One text in one language. */
export function accessText(pick: (texts: AccessTexts) => string, lang: Lang = "zh"): string {
  return pick(TEXTS[lang]);
}
