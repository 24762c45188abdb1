// The server's message catalogue: both languages hold the same keys with the same placeholders,
// every key reads in both languages, a refusal carries its key to the envelope and is read there in
// the caller's language, and what is still written in Chinese translates back from the catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_MESSAGES, say } from "../../server/services/i18n/catalogue";
import { toEnglish, englishValue } from "../../server/services/i18n/translate";
import { callerLang } from "../../server/services/i18n/caller-lang";
import { MESSAGES } from "../../src/domain/messages";
import "../../src/domain/messages-en";
import domainTexts from "../../src/locales/domain.en-US.json";
import { flightOrderLabel } from "../../src/domain/orders/flight";
import { label, said, saidDomain, saidMessage, type Text } from "../../server/services/i18n/text";
import { DomainError } from "../../server/services/domain-error";
import { BizError, RET } from "../../server/services/http/envelope";
import { bizEnvelope, domainEnvelope } from "../../server/services/http/domain-envelope";
import { startHarness, demoPasswordMd5, type Harness } from "./harness";
import { login } from "./account-helpers";

const CJK = /[\u3400-\u9fff]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the catalogue", () => {
  const catalogues = [
    ["server", SERVER_MESSAGES.zh, SERVER_MESSAGES.en],
    ["domain", MESSAGES.zh, MESSAGES.en],
  ] as const;

  it.each(catalogues)("%s: the same keys in both languages, the same placeholders, English with no Chinese", (_name, zh, en) => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, text] of Object.entries(zh as Record<string, string>)) {
      const english = (en as Record<string, string>)[key]!;
      expect(text, key).not.toBe("");
      expect(english.trim(), key).not.toBe("");
      expect(placeholders(english), key).toEqual(placeholders(text));
      expect(english, key).not.toMatch(CJK);
    }
  });

  // Every key through the reader the envelopes use: each placeholder filled, nothing left over,
  // the English with no Chinese. The domain's texts are keyed by their Chinese.
  const catalogueKeys: [string, Record<string, string>, (key: string, params: Record<string, string>) => Text][] = [
    ["server", SERVER_MESSAGES.zh, (key, params) => said(key as keyof typeof SERVER_MESSAGES.zh, params)],
    ["domain messages", MESSAGES.zh, (key, params) => saidMessage(key as keyof typeof MESSAGES.zh, params)],
    ["domain texts", Object.fromEntries(Object.keys(domainTexts).map((zh) => [zh, zh])), (key, params) => saidDomain(key, params)],
  ];

  it.each(catalogueKeys)("%s: every key reads in zh-CN and en-US, its values filled", (_name, zh, text) => {
    expect(Object.keys(zh).length).toBeGreaterThan(50);
    for (const key of Object.keys(zh)) {
      const names = placeholders(zh[key]!);
      const params = Object.fromEntries(names.map((name) => [name!, `<${name}>`]));
      for (const lang of ["zh", "en"] as const) {
        const read = text(key, params).in(lang);
        expect(read.trim(), `${lang} ${key}`).not.toBe("");
        expect(read, `${lang} ${key}`).not.toMatch(/\{\w+\}/);
        for (const name of names) expect(read, `${lang} ${key}`).toContain(`<${name}>`);
        if (lang === "en") expect(read, key).not.toMatch(CJK);
      }
      expect(text(key, params).in("zh"), key).toBe(zh[key]!.replace(/\{(\w+)\}/g, "<$1>"));
    }
  });

  it("every server text with its placeholders filled reads back in English", () => {
    const zh = SERVER_MESSAGES.zh as Record<string, string>;
    const en = SERVER_MESSAGES.en as Record<string, string>;
    // Sample values: a parameter right after another is an optional tail, which starts with a separator.
    const valuesOf = (text: string) => {
      const pieces = text.split(/\{(\w+)\}/);
      const values = new Map<string, string>();
      for (let i = 1; i < pieces.length; i += 2) values.set(pieces[i]!, i > 1 && pieces[i - 1] === "" ? `（<${pieces[i]}>）` : `<${pieces[i]}>`);
      return values;
    };
    const fill = (text: string, values: Map<string, string>) => text.replace(/\{(\w+)\}/g, (_m, name: string) => values.get(name)!);
    // A Chinese text written by two keys may answer either one's English.
    const englishOf = new Map<string, string[]>();
    for (const key of Object.keys(zh)) {
      const values = valuesOf(zh[key]!);
      const text = fill(zh[key]!, values);
      englishOf.set(text, [...(englishOf.get(text) ?? []), fill(en[key]!, values)]);
    }
    const unread = Object.keys(zh).filter((key) => {
      const text = fill(zh[key]!, valuesOf(zh[key]!));
      return CJK.test(text) && !englishOf.get(text)!.includes(toEnglish(text));
    });
    // Templates of one Chinese character after a value ("{name}市", "{coach}{row}号{kind}") are
    // read back only with figures for values: they would also match texts people typed.
    expect(unread.sort()).toEqual(["inventory.text", "payments.and2", "routes.to", "routes.xlsx", "train.coach", "train.seat", "train.seat2", "train.seat3"]);
  });

  it("a composed text is read word by word; a filing number stays as it is", () => {
    expect(toEnglish("北京-上海 MU1107")).toBe("Beijing-Shanghai MU1107");
    expect(toEnglish("沪ICP备2026000001号-1")).toBe("沪ICP备2026000001号-1");
    expect(toEnglish("7折")).toBe("7/10 of full fare");
    expect(toEnglish("2026-12-01至2026-12-31")).toBe("2026-12-01 to 2026-12-31");
  });

  it("say() answers Chinese, filled; parameters are translated inside a template", () => {
    const chosen = say("flight.chosenFlight");
    const text = say("orders.exceedsTravelPolicyChooseReason", { chosen });
    expect(text).toBe("所选航班超出差旅标准，请选择超标原因");
    expect(toEnglish(text)).toBe("The chosen flight exceeds the travel policy. Please choose a reason");
    // A name someone typed is not in the catalogue and stays as it is.
    expect(toEnglish("张三")).toBe("张三");
    expect(englishValue({ msg: "订单状态已变化，请刷新后重试", data: { errors: { id: "未找到该订单" }, name: "李明", n: 1 } })).toEqual({
      msg: "The order status has changed. Please refresh and try again",
      data: { errors: { id: "Order not found" }, name: "李明", n: 1 },
    });
  });

  it("reads the caller's language from Accept-Language; anything else is Chinese", () => {
    expect(callerLang({ headers: { "accept-language": "en-US" } })).toBe("en");
    expect(callerLang({ headers: { "accept-language": "en-GB,en;q=0.9" } })).toBe("en");
    expect(callerLang({ headers: { "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" } })).toBe("zh");
    expect(callerLang({ headers: {} })).toBe("zh");
  });
});

describe("a refusal carries its key to the envelope", () => {
  it("reads its message, values and field problems in the caller's language; its Error message is the Chinese", () => {
    const tooFar = said("http.pageTooFarListReaches", { MAX_OFFSET: 100000 });
    const e = new DomainError("badInput", tooFar, { errors: { pageNum: tooFar } });
    expect(e.message).toBe(say("http.pageTooFarListReaches", { MAX_OFFSET: 100000 }));
    expect(domainEnvelope(e, "zh")).toEqual({ ret: RET.BAD_INPUT, msg: e.message, data: { errors: { pageNum: e.message } } });
    const en = domainEnvelope(e, "en");
    expect(en.msg).toBe("Page too far: a list reaches at most record 100000. Please narrow the filters or reverse the sort");
    expect(en.data).toEqual({ errors: { pageNum: en.msg } });
  });

  it("a value that is a text of its own (a status label) is read in the same language", () => {
    const moved = said("flight.orderSStatusDone", { status: label(flightOrderLabel, 1) });
    expect(moved.in("zh")).toBe(say("flight.orderSStatusDone", { status: flightOrderLabel(1) }));
    expect(moved.in("en")).toContain(flightOrderLabel(1, "en"));
    expect(moved.in("en")).not.toMatch(CJK);
  });

  it("a message not yet a key is read back from its Chinese, as before", () => {
    const e = new DomainError("conflict", "订单状态已变化，请刷新后重试");
    expect(domainEnvelope(e, "zh").msg).toBe("订单状态已变化，请刷新后重试");
    expect(domainEnvelope(e, "en").msg).toBe("The order status has changed. Please refresh and try again");
  });

  it("a route's BizError: its message and the field problems of its data", () => {
    const e = new BizError(RET.BAD_INPUT, said("http.invalidDevice"), { errors: { device: said("http.invalidDevice") }, other: 1 });
    expect(bizEnvelope(e, "zh")).toEqual({ ret: RET.BAD_INPUT, msg: say("http.invalidDevice"), data: { errors: { device: say("http.invalidDevice") }, other: 1 } });
    const en = bizEnvelope(e, "en");
    expect(en.msg).not.toMatch(CJK);
    expect(en.data).toEqual({ errors: { device: en.msg }, other: 1 });
  });
});

describe("replies in the caller's language", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = async (url: string, body: Record<string, string>, language?: string) => {
    const res = await h.app.inject({
      method: "POST",
      url: `/api${url}`,
      headers: { "content-type": "application/x-www-form-urlencoded", ...(language ? { "accept-language": language } : {}) },
      payload: new URLSearchParams(body).toString(),
    });
    return res.json() as { ret: number; msg: string; data: any };
  };

  it("an unknown API: Chinese by default, English to an English caller", async () => {
    expect((await call("/no/such/api", {})).msg).toBe("接口不存在");
    expect((await call("/no/such/api", {}, "en-US")).msg).toBe("API not found");
  });

  it("a session that is missing", async () => {
    expect((await call("/member/info", {}, "en-US")).msg).toBe("Your session has expired, please log in again");
  });

  it("a refused sign-in, and its field problems from the domain's schema", async () => {
    const wrong = await call("/login/appNewLogin", { mobilePhone: "13800000010", loginPsw: demoPasswordMd5.replace(/^./, (c) => (c === "0" ? "1" : "0")), accCode: "-9990" }, "en-US");
    expect(wrong.msg).toMatch(/^Wrong account or password; \d+ attempts left$/);
    const zh = await call("/login/appNewLogin", { mobilePhone: "13800000010", loginPsw: demoPasswordMd5.replace(/^./, (c) => (c === "0" ? "1" : "0")), accCode: "-9990" });
    expect(zh.msg).toMatch(/^账号或密码错误，还可尝试\d+次$/);
  });

  it("a schema's own message and a module's refusal with values, in each language", async () => {
    const token = await login(h.app, "13800000010");
    const list = (body: Record<string, string>, language?: string) => call("/member/notifications/list", { ...body, token }, language);
    const badPage = await list({ pageNum: "x" });
    expect(badPage.msg).toBe("页码须为 1 到 100000 之间的整数");
    expect(badPage.data.errors.pageNum).toBe(badPage.msg);
    const badPageEn = await list({ pageNum: "x" }, "en-US");
    expect(badPageEn.msg).toBe("The page number must be an integer from 1 to 100000");
    expect(badPageEn.data.errors.pageNum).toBe(badPageEn.msg);
    const tooFar = await list({ pageNum: "3000", pageSize: "100" }, "en-US");
    expect(tooFar).toMatchObject({ ret: 400, msg: "Page too far: a list reaches at most record 100000. Please narrow the filters or reverse the sort" });
    expect((await list({ pageNum: "3000", pageSize: "100" })).msg).toBe(say("http.pageTooFarListReaches", { MAX_OFFSET: 100000 }));
  });

  it("every field problem of a refused form is English to an English caller, Chinese otherwise", async () => {
    const form = { mobilePhone: "12", loginPsw: "x", accCode: "-9990" };
    const zh = await call("/login/appNewLogin", form);
    const en = await call("/login/appNewLogin", form, "en-US");
    expect(zh.ret).toBe(400);
    expect(Object.keys(en.data.errors).sort()).toEqual(Object.keys(zh.data.errors).sort());
    expect(Object.values(zh.data.errors).every((text) => CJK.test(String(text)))).toBe(true);
    for (const text of [en.msg, ...Object.values(en.data.errors)]) expect(String(text)).not.toMatch(CJK);
  });

  it("a success keeps its data; only catalogue texts change", async () => {
    const ok = await call("/login/appNewLogin", { mobilePhone: "13800000010", loginPsw: demoPasswordMd5, accCode: "-9990" }, "en-US");
    expect(ok.ret).toBe(0);
    expect(ok.msg).toBe("Success");
  });
});
