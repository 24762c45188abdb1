// A message that is not yet in a language: a catalogue key and the values it is filled with.
// A refusal carries one from where it is thrown to where its envelope is written, and is read
// there once, in the caller's language, so no reply has to be read back from its Chinese. Read
// anywhere else (a log line, a test, `${text}`) it is the Chinese, the server's working language.
import { MESSAGES, currentLang, type Lang, type MessageKey } from "../../../src/domain/messages";
import "../../../src/domain/messages-en";
import { CODE_TEXTS, type CodeGroup } from "../../../src/domain/code-text";
import { registerDomainEnglish } from "../../../src/domain/tr";
import domainTexts from "../../../src/locales/domain.en-US.json" with { type: "json" };
import { SERVER_MESSAGES, type ServerKey } from "./catalogue";
import { toEnglish } from "./translate";

/** A value of a message: a figure, a text of its own (a label, a field's name), or what someone typed. */
export type TextValue = string | number | Text;
export type TextParams = Readonly<Record<string, TextValue>>;

const PLACEHOLDER = /\{(\w+)\}/g;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export abstract class Text {
  protected constructor(readonly params?: TextParams) {}

  /** The template in one language, placeholders unfilled. */
  protected abstract template(lang: Lang): string;

  /** The text in one language, its values read in the same language. */
  in(lang: Lang): string {
    const text = this.template(lang);
    const params = this.params;
    if (!params) return text;
    return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(params, name) ? valueIn(params[name]!, lang) : whole));
  }

  toString(): string {
    return this.in("zh");
  }

  toJSON(): string {
    return this.in("zh");
  }
}

/**
 * A plain value in a language. A Chinese string given as a value (a label someone read from a
 * table rather than passing its Text) is read back from the catalogue for an English reader: the
 * one place a keyed message still reverse-translates, and only its values.
 */
function valueIn(value: TextValue, lang: Lang): string {
  if (value instanceof Text) return value.in(lang);
  const s = String(value);
  return lang === "en" && CJK.test(s) ? toEnglish(s) : s;
}

class ServerText extends Text {
  constructor(
    readonly key: ServerKey,
    params?: TextParams,
  ) {
    super(params);
  }
  protected template(lang: Lang): string {
    return SERVER_MESSAGES[lang][this.key];
  }
}

class MessageText extends Text {
  constructor(
    readonly key: MessageKey,
    params?: TextParams,
  ) {
    super(params);
  }
  protected template(lang: Lang): string {
    return MESSAGES[lang][this.key];
  }
}

class CodeLabel extends Text {
  constructor(
    readonly group: CodeGroup,
    readonly code: string | number,
  ) {
    super();
  }
  protected template(lang: Lang): string {
    const texts = CODE_TEXTS[lang][this.group];
    const key = String(this.code);
    return Object.hasOwn(texts, key) ? texts[key]! : key;
  }
}

// The domain's texts are keyed by their Chinese (src/locales/domain.en-US.json). The schemas word
// their messages through tr() when a check fails: an English caller's input is checked in English.
const DOMAIN_EN = domainTexts as Readonly<Record<string, string>>;
registerDomainEnglish(DOMAIN_EN);

class DomainText extends Text {
  constructor(
    readonly zh: string,
    params?: TextParams,
  ) {
    super(params);
  }
  protected template(lang: Lang): string {
    return lang === "en" ? (DOMAIN_EN[this.zh] ?? this.zh) : this.zh;
  }
}

class Worded extends Text {
  constructor(
    readonly zh: string,
    readonly en: string | undefined,
  ) {
    super();
  }
  protected template(lang: Lang): string {
    if (lang !== "en") return this.zh;
    return this.en !== undefined && !CJK.test(this.en) ? this.en : toEnglish(this.zh);
  }
}

/**
 * A text already worded in both languages (a schema's message, worded when its check failed); an
 * English that still holds Chinese (a label given as a plain string) is read back from the Chinese.
 */
export function worded(zh: string, en?: string): Text {
  return new Worded(zh, en);
}

class Labelled extends Text {
  constructor(readonly read: (lang: Lang) => string) {
    super();
  }
  protected template(lang: Lang): string {
    return this.read(lang);
  }
}

/** A label read by a function of the language (a status's label): `label(flightOrderLabel, status)`. */
export function label<A>(read: (value: A, lang: Lang) => string, value: A): Text {
  return new Labelled((lang) => read(value, lang));
}

/** A server text by its key in src/locales/server.<locale>.json. */
export function said(key: ServerKey, params?: TextParams): Text {
  return new ServerText(key, params);
}

/**
 * A schema's message by its server key, worded when its check fails in the language of that moment
 * (an English caller's input is checked in English).
 */
export function saidLazy(key: ServerKey, params?: TextParams): () => string {
  return lazyOf(said(key, params));
}

/** A text read when a schema's check fails, in the language of that moment. */
export function lazyOf(text: Text): () => string {
  return () => text.in(currentLang());
}

/** A domain message by its key in src/locales/messages.<locale>.json. */
export function saidMessage(key: MessageKey, params?: TextParams): Text {
  return new MessageText(key, params);
}

/** A code's label (a status, a type) from src/locales/codes.<locale>.json. */
export function saidCode(group: CodeGroup, code: string | number): Text {
  return new CodeLabel(group, code);
}

/** A domain text written in Chinese where it is used (its English keyed by that Chinese). */
export function saidDomain(zh: string, params?: TextParams): Text {
  return new DomainText(zh, params);
}

/**
 * What a message reads in a language. A plain string is a text that is not yet a key: as written
 * for Chinese, read back from the catalogue for English.
 */
export function textIn(text: Text | string, lang: Lang): string {
  if (text instanceof Text) return text.in(lang);
  return lang === "en" ? toEnglish(text) : text;
}
