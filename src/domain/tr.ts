// The domain's texts (validation messages, fare and ledger labels) in the reader's language.
// Each text is written once, in Chinese, where it is used: the Chinese is its key in the English
// catalogue src/locales/domain.en-US.json. Chinese is what the server works in and what the
// first download carries; the English arrives with the portal's English bundle (registered
// here when it is chosen), and the server translates its replies from the same file.
import { currentLang } from "./messages";

type Params = Record<string, string | number>;

let english: Readonly<Record<string, string>> = {};

/** The English catalogue, given by the portal's English bundle (the server reads the file itself). */
export function registerDomainEnglish(texts: Readonly<Record<string, string>>): void {
  english = texts;
}

function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A text in the current language, `{name}` placeholders filled (Chinese as written, English from the catalogue). */
export function tr(zh: string, params?: Params): string {
  if (currentLang() !== "en") return fill(zh, params);
  // A value that is itself a catalogue text (a field's name in "{label}格式不正确") is read in English too.
  const values = params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? (english[v] ?? v) : v]));
  return fill(english[zh] ?? zh, values);
}

/** The text read when it is shown: a schema built once still speaks the language of the moment. */
export type LazyText = string | (() => string);

export function trLazy(zh: string, params?: Params): () => string {
  return () => tr(zh, params);
}

/** A text given as a string or read lazily. */
export function textOf(text: LazyText): string {
  return typeof text === "function" ? text() : text;
}

/** A zod check's message, read when the check fails: `.refine(ok, m("请填写姓名"))`. */
export function m(zh: string, params?: Params): { error: () => string } {
  return { error: trLazy(zh, params) };
}

/**
 * A table of messages by name, as written in Chinese: each is its own key in the English catalogue
 * (a test walks every such table), read through trLabels, m() or tr() where it is shown, and carried
 * as that key by a server refusal (saidDomain), which is worded in its caller's language.
 */
export function zhTexts<const T extends Readonly<Record<string, string>>>(texts: T): T {
  return texts;
}

/**
 * A label table whose texts follow the language: each value is read through tr() when it is
 * looked up, so `CABIN_LABELS.Y` is 经济舱 or Economy as the reader's language is; `{name}`
 * placeholders are filled from params.
 */
export function trLabels<K extends string | number>(table: Readonly<Record<K, string>>, params?: Params): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const [key, zh] of Object.entries(table) as [K, string][]) {
    Object.defineProperty(out, key, { enumerable: true, get: () => tr(zh, params) });
  }
  return out;
}
