// Validation and feedback messages, keyed in the locale files src/locales/messages.<locale>.json:
// the one place they are written, read here by the domain (the server's envelopes and the forms'
// zod rules) and by the portal's i18n as t('messages.<key>'). They sit apart from the pages'
// texts because the server and the first download need them, and neither needs the rest.
// The zh texts that copy.zh-CN.md gives are verbatim (tests look for them).
import zh from "../locales/messages.zh-CN.json" with { type: "json" };

export type Lang = "zh" | "en";

export interface Bilingual {
  zh: string;
  en: string;
}

export type MessageKey = keyof typeof zh;

/** Every message per language; English has exactly the Chinese keys (a test holds them equal). */
export const MESSAGES: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = { zh, en: zh };

/**
 * The English messages, given by src/domain/messages-en.ts: the portal fetches them with its
 * English bundle (they are not part of the first download, which only Chinese readers need at
 * once); the server and tests import that module. Until then English falls back to Chinese.
 */
export function registerEnglishMessages(en: Readonly<Record<MessageKey, string>>): void {
  (MESSAGES as Record<Lang, Readonly<Record<MessageKey, string>>>).en = en;
}

// The language the portal is read in, for texts resolved when they are shown rather than when
// they are built (a zod schema's messages, read when a form is checked). The portal sets it when
// its language changes; the server never does, it works in Chinese and translates its replies.
let current: Lang = "zh";

/** The language messages resolve in when no language is given. */
export function currentLang(): Lang {
  return current;
}

export function setCurrentLang(lang: Lang): void {
  current = lang;
}

/** The message in one language; `{name}` placeholders are filled from params. */
export function msg(key: MessageKey, lang: Lang = currentLang(), params?: Record<string, string | number>): string {
  const text: string = MESSAGES[lang][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
