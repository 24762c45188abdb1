// The domain's texts: every Chinese text written through tr(), trLazy(), m(), trLabels() or zhTexts() in
// src/domain has its English in src/locales/domain.en-US.json with the same placeholders, and the
// schemas built once answer in the language of the moment a check fails.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import english from "../../src/locales/domain.en-US.json";
import { registerDomainEnglish, tr } from "../../src/domain/tr";
import { setCurrentLang } from "../../src/domain/messages";
import "../../src/domain/messages-en";
import { flightOrderInput } from "../../src/domain/orders/flight-booking";
import { CABIN_LABELS } from "../../src/domain/travel/air-fares";
import { baggageText } from "../../src/domain/travel/air-rules";
import { GP_MESSAGES, officialCardProblem } from "../../src/domain/travel/gp-fares";
import { RECHARGE_AMOUNT_MESSAGES, rechargeAmountProblem } from "../../src/domain/payments/recharge";
import { certNoError } from "../../src/domain/people/certificates";
import { CERT_TYPE } from "../../src/domain/codes";
import { noticeFilterShape } from "../../src/domain/notifications";

const CJK = /[\u3400-\u9fff]/;
const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
const CALLS = new RegExp(String.raw`\b(?:tr|trLazy|m)\(\s*` + STRING, "g");
const LABEL_TABLES = /(?:trLabels|zhTexts)\(\{([\s\S]*?)\}\)/g;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();

function domainFiles(dir = "src/domain"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? domainFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

/** Every Chinese text the domain writes through the catalogue, with the file it is in. */
function writtenTexts(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of domainFiles()) {
    const source = fs.readFileSync(file, "utf8");
    for (const m of source.matchAll(CALLS)) out.set(JSON.parse(`"${m[1]}"`), file);
    for (const table of source.matchAll(LABEL_TABLES)) for (const m of table[1]!.matchAll(new RegExp(STRING, "g"))) out.set(JSON.parse(`"${m[1]}"`), file);
  }
  return new Map([...out].filter(([text]) => CJK.test(text)));
}

afterEach(() => setCurrentLang("zh"));

describe("the domain's English catalogue", () => {
  const en = english as Record<string, string>;

  it("has every text the domain writes, with the same placeholders and no Chinese", () => {
    const written = writtenTexts();
    expect(written.size).toBeGreaterThan(300);
    const missing = [...written].filter(([text]) => !(text in en)).map(([text, file]) => `${file}: ${text}`);
    expect(missing).toEqual([]);
    for (const [zh, text] of Object.entries(en)) {
      expect(placeholders(text), zh).toEqual(placeholders(zh));
      expect(text, zh).not.toMatch(CJK);
    }
  });

  it("answers Chinese until English is chosen, then English, values that are catalogue texts included", () => {
    registerDomainEnglish(en);
    expect(tr("请填写{label}", { label: "乘客姓名" })).toBe("请填写乘客姓名");
    expect(CABIN_LABELS.Y).toBe("经济舱");
    setCurrentLang("en");
    expect(tr("{label}格式不正确", { label: "开始日期" })).toBe("Invalid start date format");
    expect(CABIN_LABELS.Y).toBe("Economy");
    expect(baggageText("Y", false)).toBe("20 kg free checked baggage");
  });

  it("a schema built once speaks the language of the moment it fails", () => {
    registerDomainEnglish(en);
    const problem = () => flightOrderInput.safeParse({ passengers: [] }).error?.issues.find((i) => i.path[0] === "passengers")?.message;
    expect(problem()).toBe("请添加乘客");
    setCurrentLang("en");
    expect(problem()).toBe("Please add a passenger");
  });

  it("a table of messages kept as their Chinese (zhTexts) reads in the language of the moment, values filled", () => {
    registerDomainEnglish(en);
    expect(GP_MESSAGES.budgetUnitLength).toBe("预算单位名称应为 2 至 50 个字");
    expect(rechargeAmountProblem("50000.01")).toBe("单笔充值金额不能超过50,000.00元");
    setCurrentLang("en");
    expect(GP_MESSAGES.budgetUnitLength).toBe("The budget unit's name must be 2 to 50 characters");
    expect(officialCardProblem("123")).toBe("The official card number must be 16 to 19 digits");
    expect(RECHARGE_AMOUNT_MESSAGES.tooLarge).toBe("A single recharge cannot exceed ¥50,000.00");
    expect(certNoError(CERT_TYPE.military, "军")).toBe("A military officer ID number is 2-25 letters or digits");
    expect(noticeFilterShape.kind.safeParse("nothing").error?.issues[0]?.message).toBe("Invalid message type");
  });
});
