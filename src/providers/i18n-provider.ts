// i18next behind Refine's i18nProvider. Chinese first; the choice is remembered in localStorage
// 'locale' and drives dayjs (once fetched, see dayjs-locale.ts) and (in App.tsx) antd's
// ConfigProvider locale.
// Only the Chinese texts of the first paint (src/locales/first-paint.ts) ship with the first
// download; the rest of Chinese, the code labels of src/locales/codes.zh-CN.json among them, comes
// with the first other page (withTexts) or when the browser is idle. English (its texts and antd's) is fetched when it is chosen: i18next asks the loader below
// and switches once the texts are there, so the page never shows bare keys.
import { useMemo } from "react";
import i18n, { type BackendModule } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import { MESSAGES, setCurrentLang, type Lang } from "../domain/messages";
import { codeKey, type CodeTable } from "../domain/codes";
import { registerDomainEnglish } from "../domain/tr";
import type { Locale as AntdLocale } from "antd/es/locale";
// The ES build: the CommonJS "antd/locale/*" re-export reaches the bundle as a module wrapper,
// and antd then falls back to English for its own texts.
import antdZhCN from "antd/es/locale/zh_CN";
import zhFirstPaint from "../locales/zh-CN.json?first-paint";

export const LOCALES = ["zh-CN", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh-CN";
export const LOCALE_STORAGE_KEY = "locale";

/** Anything starting with "en" is English; everything else falls back to Chinese. */
export function normaliseLocale(value: unknown): Locale {
  return typeof value === "string" && value.toLowerCase().startsWith("en") ? "en-US" : DEFAULT_LOCALE;
}

/** The domain layer's language key (src/domain: msg(), label()). */
export function domainLang(locale: string = i18n.language): Lang {
  return normaliseLocale(locale) === "en-US" ? "en" : "zh";
}

function readStored(): Locale {
  try {
    return normaliseLocale(globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return DEFAULT_LOCALE; // storage disabled (private mode, sandboxed frame)
  }
}

// The validation and feedback texts of src/locales/messages.<locale>.json (the domain and the
// server read them too), as t('messages.<key>') with i18next's {{param}} placeholders.
function domainMessages(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGES[lang]).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, "{{$1}}")]));
}

let dayjsLocale: Promise<typeof import("./dayjs-locale")> | null = null;

/** dayjs in the current language; fetched once, then switched with the language. */
function loadDayjsLocale(): Promise<unknown> {
  dayjsLocale ??= import("./dayjs-locale").then((m) => {
    m.applyDayjsLocale(normaliseLocale(i18n.language) === "zh-CN");
    return m;
  });
  return dayjsLocale;
}

function applyLocale(lng: string): void {
  const locale = normaliseLocale(lng);
  setCurrentLang(domainLang(locale));
  void dayjsLocale?.then((m) => m.applyDayjsLocale(locale === "zh-CN"));
  if (typeof document !== "undefined") document.documentElement.lang = locale;
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* not remembered, still switched */
  }
}

/** antd's own texts per language; English arrives with the English bundle. */
const antdLocales: Partial<Record<Locale, AntdLocale>> = { "zh-CN": antdZhCN };

/** antd's texts for a language (Chinese until the English bundle has arrived). */
export function antdLocaleFor(locale: Locale): AntdLocale {
  return antdLocales[locale] ?? antdZhCN;
}

/** Fetches a language that is not bundled with the first download (English). */
const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (language !== "en-US") {
      callback(null, {}); // only exact bundle names exist; nothing else to fetch
      return;
    }
    import("../locales/english")
      .then(({ texts, codes, antdTexts, domainTexts }) => {
        antdLocales["en-US"] = antdTexts;
        registerDomainEnglish(domainTexts);
        callback(null, { ...texts, messages: domainMessages("en"), codes });
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  },
};

let ready: Promise<unknown> = Promise.resolve();
if (!i18n.isInitialized) {
  i18n.on("languageChanged", applyLocale);
  ready = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      resources: { "zh-CN": { translation: { ...zhFirstPaint, messages: domainMessages("zh") } } },
      // The bundled Chinese texts are complete; the loader is asked only for the other language.
      partialBundledLanguages: true,
      lng: readStored(),
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: "currentOnly",
      interpolation: { escapeValue: false }, // React escapes
      initAsync: false,
      showSupportNotice: false, // keeps the console clean
    });
}

let allTexts: Promise<void> | null = null;

/** Fetches the Chinese texts beyond the first paint's (once), the code labels among them, and dayjs in the current language; pages need them. */
export function loadAllTexts(): Promise<void> {
  allTexts ??= Promise.all([import("../locales/zh-CN.json?rest"), import("../locales/codes.zh-CN.json"), loadDayjsLocale()]).then(([{ default: rest }, { default: codes }]) => {
    i18n.addResourceBundle("zh-CN", "translation", { ...rest, codes }, true, false);
  });
  return allTexts;
}

/** For lazy imports of pages and dialogs: the module arrives together with all the texts. */
export function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllTexts()]).then(([module]) => module);
}

/** Settles once the remembered language's texts are in (at once for Chinese). */
export const i18nReady: Promise<unknown> = ready;

export { i18n };

export function getLocale(): Locale {
  return normaliseLocale(i18n.language);
}

export async function changeLocale(locale: string): Promise<void> {
  await i18n.changeLanguage(normaliseLocale(locale));
}

/** Refine calls translate(key, options, default) and translate(key, default). */
export function translate(key: string, options?: unknown, defaultMessage?: string): string {
  if (typeof options === "string") return i18n.t(key, { defaultValue: options }) as string;
  const opts = (options ?? {}) as Record<string, unknown>;
  return i18n.t(key, { ...opts, defaultValue: defaultMessage ?? opts.defaultValue }) as string;
}

/**
 * A code's label in the current language outside React (components use useCodes()). Before the
 * Chinese code labels have arrived it answers `fallback` (e.g. the server's Chinese text).
 */
export function codeLabelNow(table: CodeTable, code: string | number, fallback: string = String(code)): string {
  return translate(codeKey(table, code), fallback);
}

export const i18nProvider: I18nProvider = { translate, changeLocale, getLocale };

/**
 * The provider for <Refine>. A new object per language, so Refine's memoised components (buttons,
 * breadcrumbs, notifications) re-render when the language changes.
 */
export function useI18nProvider(): { provider: I18nProvider; locale: Locale } {
  const { i18n: instance } = useTranslation();
  const locale = normaliseLocale(instance.language);
  // getLocale reads the language live: Refine's useGetLocale keeps the first provider's getLocale
  // for the life of a component, so a captured locale would stay the first one after a switch.
  const provider = useMemo<I18nProvider>(() => ({ translate, changeLocale, getLocale }), [locale]); // eslint-disable-line react-hooks/exhaustive-deps
  return { provider, locale };
}
