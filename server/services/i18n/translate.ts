// Chinese catalogue text → English, for what an English caller is sent that was written in
// Chinese before it was known who would read it: stored order notes, ledger labels, product data,
// and the messages not yet carried as keys (./text.ts carries the rest). Each such text comes
// from the catalogue: the server's texts (server.<locale>.json), the domain's validation
// messages (messages.<locale>.json), the code labels (codes.<locale>.json) and the English names of
// product data (names.en-US.json: airlines, airports, cities, cabins...). A text is found either
// whole or as a filled template ("支付密码须为{n}位数字"), whose parameters are translated in turn
// (a field label inside a message, a city inside a trade title). The domain's texts
// (domain.en-US.json) are keyed by their Chinese. A text that is not in the
// catalogue (a name someone typed) stays as it is.
import { MESSAGES } from "../../../src/domain/messages";
import "../../../src/domain/messages-en";
import { CODE_TEXTS } from "../../../src/domain/code-text";
import names from "../../../src/locales/names.en-US.json" with { type: "json" };
import domainTexts from "../../../src/locales/domain.en-US.json" with { type: "json" };
import { SERVER_MESSAGES } from "./catalogue";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_ALL = /[\u3400-\u9fff\uf900-\ufaff]/g;
const FIGURES = /^[\d.:\-/ ]*$/;
// Between the words of a composed text ("北京-上海 MU1107", "北京 → 上海"): each word is looked up alone.
const WORDS = /([\s\-→—·/、，,]+)/;
const PLACEHOLDER = /\{(\w+)\}/g;
const PARAM = "([\\s\\S]*?)";
const OPTIONAL_TAIL = "((?:[（(，,；; ·—至][\\s\\S]*)?)";

interface Template {
  re: RegExp;
  params: string[];
  /** The literal parts: a text holding not all of them cannot match (checked before the regex). */
  parts: string[];
  en: string;
  /** Matches only when every value is figures (a date, a number). */
  figuresOnly: boolean;
}

const whole = new Map<string, string>();
const templates: Template[] = [];

function add(zhText: string, enText: string): void {
  if (!CJK.test(zhText) || !enText) return;
  if (!zhText.includes("{")) {
    // The first writer of a text wins: later groups reuse common words with the same sense.
    if (!whole.has(zhText)) whole.set(zhText, enText);
    return;
  }
  // split() with the capture group alternates literal parts and placeholder names.
  const pieces = zhText.split(PLACEHOLDER);
  const parts = pieces.filter((_, i) => i % 2 === 0);
  const params = pieces.filter((_, i) => i % 2 === 1);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A parameter right after another is an optional tail made by another template (" 至{label}",
  // "（扣除退票费 ¥{fee}）"): empty, or starting with a separator, so the two can be told apart.
  const source = parts.map((part, i) => (i === 0 ? "" : i > 1 && parts[i - 1] === "" ? OPTIONAL_TAIL : PARAM) + escape(part)).join("");
  // A template must say something of its own: "{a}{b}" would match any text. One of a single
  // Chinese character after a value ("{n}折", "{coach}车") is read only with figures for values:
  // "{coach}{row}号{kind}" must not take a filing number "沪ICP备2026000001号-1" apart.
  if (!parts.some((p) => CJK.test(p))) return;
  const figuresOnly = (parts.join("").match(CJK_ALL) ?? []).length < 2 && !CJK.test(parts[0]!);
  templates.push({ re: new RegExp(`^${source}$`), params, parts: parts.filter(Boolean), en: enText, figuresOnly });
}

function build(): void {
  for (const [key, text] of Object.entries(SERVER_MESSAGES.zh as Record<string, string>)) add(text, (SERVER_MESSAGES.en as Record<string, string>)[key]!);
  for (const [key, text] of Object.entries(MESSAGES.zh)) add(text, (MESSAGES.en as Record<string, string>)[key]!);
  for (const [group, texts] of Object.entries(CODE_TEXTS.zh)) {
    const en = (CODE_TEXTS.en as Record<string, Record<string, string>>)[group]!;
    for (const [code, text] of Object.entries(texts)) add(text, en[code]!);
  }
  for (const [zhText, enText] of Object.entries(domainTexts as Record<string, string>)) add(zhText, enText);
  for (const [zhName, enName] of Object.entries(names as Record<string, string>)) add(zhName, enName);
  // The most specific template first: the one with the most literal text.
  const literal = (t: Template) => t.parts.reduce((n, p) => n + p.length, 0);
  templates.sort((a, b) => literal(b) - literal(a));
}
build();

// Search replies repeat the same few dozen names thousands of times.
const cache = new Map<string, string>();
const CACHE_MAX = 20_000;

/** The English of a catalogue text; a text with no Chinese, or not in the catalogue, as it is. */
export function toEnglish(text: string, depth = 0): string {
  if (!CJK.test(text)) return text;
  const known = whole.get(text) ?? cache.get(text);
  if (known !== undefined) return known;
  let out = text;
  for (const t of templates) {
    if (!t.parts.every((p) => text.includes(p))) continue;
    const m = t.re.exec(text);
    if (!m) continue;
    if (t.figuresOnly && !m.slice(1).every((v) => FIGURES.test(v))) continue;
    const values = new Map(t.params.map((name, i) => [name, depth < 4 ? toEnglish(m[i + 1]!, depth + 1) : m[i + 1]!]));
    out = t.en.replace(PLACEHOLDER, (w, name: string) => values.get(name) ?? w);
    break;
  }
  // Not a catalogue text as a whole: a composed one whose words are (a route, a flight).
  if (out === text && WORDS.test(text)) out = text.split(WORDS).map((word) => (CJK.test(word) ? (whole.get(word) ?? word) : word)).join("");
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(text, out);
  return out;
}

/** Every string of a reply's value in English (a fresh copy: the value may be shared, a cached list). */
export function englishValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return toEnglish(value);
  if (value === null || typeof value !== "object" || depth > 40) return value;
  if (Array.isArray(value)) return value.map((v) => englishValue(v, depth + 1));
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  // RawJson and the like: what they write is what is translated.
  const plain = typeof (value as { toJSON?: unknown }).toJSON === "function" ? (value as { toJSON(): unknown }).toJSON() : value;
  if (plain !== value) return englishValue(plain, depth + 1);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = englishValue(v, depth + 1);
  return out;
}
