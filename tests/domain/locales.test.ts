// The portal's texts come from src/locales: both languages hold the same keys, and every page
// title the layout asks for is there in both.
import { describe, expect, it } from "vitest";
import zh from "../../src/locales/zh-CN.json";
import en from "../../src/locales/en-US.json";
import accessZh from "../../src/locales/access.zh-CN.json";
import accessEn from "../../src/locales/access.en-US.json";
import { TITLED_PAGES, pageTitle } from "../../src/layout/page-info";
import { FIRST_PAINT_GROUPS, FIRST_PAINT_KEYS } from "../../src/locales/first-paint";
import { splitTexts } from "../../scripts/locale-parts";
import { LANDINGS, PARTNER_STEPS } from "../../src/layout/landing-content";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v]] : Object.entries(leaves(v, `${prefix}${k}.`)))),
  );
}

const zhTexts = leaves(zh as Tree);
const enTexts = leaves(en as Tree);

describe("locale files", () => {
  it("hold the same keys in Chinese and English, none empty", () => {
    // English alone has singular forms (key_one, for a count of 1); Chinese has no plural, and
    // i18next falls back to the plain key for every other count.
    const singulars = Object.keys(enTexts).filter((k) => k.endsWith("_one"));
    for (const k of singulars) expect(zhTexts[k.slice(0, -4)], k).toBeTruthy();
    expect(Object.keys(enTexts).filter((k) => !singulars.includes(k)).sort()).toEqual(Object.keys(zhTexts).sort());
    for (const [key, text] of Object.entries(zhTexts)) expect(text, key).not.toBe("");
  });

  it("hold the access configuration's texts (brands, partners, renames) in both languages alike", () => {
    const zhAccess = leaves(accessZh as Tree);
    const enAccess = leaves(accessEn as Tree);
    expect(Object.keys(enAccess).sort()).toEqual(Object.keys(zhAccess).sort());
    for (const [key, text] of Object.entries(zhAccess)) {
      expect(text, key).not.toBe("");
      expect(enAccess[key], key).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  // The titles are read by the frame of the pages behind links (lazy, and loaded with all the
  // texts), never by the index page: they stay out of the first download.
  it("give every titled page its title in both languages, read with the pages' texts", () => {
    expect(FIRST_PAINT_GROUPS).not.toContain("pageTitle");
    for (const name of TITLED_PAGES) {
      expect(zhTexts[`pageTitle.${name}`], name).toBeTruthy();
      expect(enTexts[`pageTitle.${name}`], name).toBeTruthy();
    }
    expect(pageTitle("OrderLists", (key) => zhTexts[key])).toBe("订单管理");
    expect(pageTitle("hotel_index", (key) => enTexts[key])).toBe("Hotels");
    // A route without a title shows its name rather than a missing key.
    expect(pageTitle("no_such_page", (key) => zhTexts[key])).toBe("no_such_page");
  });

  it("give every landing page and partner step its texts in both languages", () => {
    const keys = [
      ...Object.keys(LANDINGS).flatMap((name) => ["eyebrow", "title", "text"].map((part) => `landingPages.${name}.${part}`)),
      ...PARTNER_STEPS.flatMap((step) => [`landingPages.partnerSteps.${step}.title`, `landingPages.partnerSteps.${step}.text`]),
    ];
    for (const key of keys) {
      expect(zhTexts[key], key).toBeTruthy();
      expect(enTexts[key], key).toBeTruthy();
    }
  });
});

describe("first-paint texts", () => {
  it("name texts that exist in both languages, and the two parts put back together are the whole file", () => {
    for (const key of FIRST_PAINT_KEYS) {
      const zhHas = Object.keys(zhTexts).some((k) => k === key || k.startsWith(`${key}.`));
      const enHas = Object.keys(enTexts).some((k) => k === key || k.startsWith(`${key}.`));
      expect([key, zhHas, enHas]).toEqual([key, true, true]);
    }
    const { first, rest } = splitTexts(zh as Tree);
    expect(leaves(first as Tree)["search.common.search"]).toBe("搜索");
    expect(leaves(rest as Tree)["search.common.search"]).toBeUndefined();
    expect(leaves(rest as Tree)["search.flight.count"]).toBe(zhTexts["search.flight.count"]);
    expect(leaves(first as Tree)["search.flight.count"]).toBeUndefined();
    expect({ ...leaves(first as Tree), ...leaves(rest as Tree) }).toEqual(zhTexts);
    expect(Object.keys(leaves(first as Tree)).filter((k) => k in leaves(rest as Tree))).toEqual([]);
  });
});
