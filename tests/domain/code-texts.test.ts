import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_TEXTS, codeText, type CodeGroup } from "../../src/domain/code-text";
import { CERT_TYPES, label } from "../../src/domain/codes";
import { FLIGHT_ORDER_ACTIONS, FLIGHT_ORDER_LABELS } from "../../src/domain/orders/flight";
import { CABIN_CLASSES } from "../../src/domain/policy";

const SRC = path.resolve(__dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

describe("code texts (src/locales/codes.<locale>.json)", () => {
  it("both locale files have the same groups and codes, each with a non-empty text", () => {
    const groups = Object.keys(CODE_TEXTS.zh) as CodeGroup[];
    expect(Object.keys(CODE_TEXTS.en).sort()).toEqual([...groups].sort());
    for (const group of groups) {
      expect(Object.keys(CODE_TEXTS.en[group]).sort(), group).toEqual(Object.keys(CODE_TEXTS.zh[group]).sort());
      for (const [code, zh] of Object.entries(CODE_TEXTS.zh[group])) {
        expect(zh, `${group}.${code}`).not.toBe("");
        expect(CODE_TEXTS.en[group][code], `${group}.${code}`).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it("every code a table lists has its text, in both languages", () => {
    for (const table of [CERT_TYPES, FLIGHT_ORDER_LABELS, FLIGHT_ORDER_ACTIONS, CABIN_CLASSES]) {
      for (const code of table.codes) {
        expect(Object.hasOwn(CODE_TEXTS.zh[table.group], String(code)), `${table.group}.${code}`).toBe(true);
        expect(Object.hasOwn(CODE_TEXTS.en[table.group], String(code)), `${table.group}.${code}`).toBe(true);
      }
    }
  });

  it("reads the texts the server and the pages share", () => {
    expect(label(FLIGHT_ORDER_LABELS, 13)).toBe("待审批");
    expect(label(FLIGHT_ORDER_LABELS, 13, "en")).toBe("Awaiting approval");
    expect(label(CABIN_CLASSES, "W")).toBe("超级经济舱");
    expect(codeText("memberType", "7_0")).toBe("信用子会员");
    expect(codeText("memberType", "99")).toBe("99");
    expect(codeText("memberType", "hasOwnProperty")).toBe("hasOwnProperty");
    expect(codeText("memberType", null)).toBe("");
  });
});

describe("one translation path", () => {
  // Texts live in the locale files and are read through the i18n keys (or label() on the server);
  // a { zh: "…", en: "…" } object written into the code is a second path.
  const INLINE = /\bzh:\s*["'`]/;

  it("no source file under src/ writes an inline { zh: … } text", () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => INLINE.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"));
    expect(offenders).toEqual([]);
  });
});
