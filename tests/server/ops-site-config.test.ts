// 站点配置: the operator administrator's settings of the partner sites and brands. Refusals write
// nothing; a save is audited with its before and after in its own transaction, is in force at
// once in the saving app (the brand config, a partner's refund switch and menu ids enforced on
// the server) and in another app on the same database after its version check; a stale version
// is refused; only the administrator may read or save.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { createAuthorize } from "../../server/services/authorize";
import { startHarness, type Harness } from "./harness";
import { call, counts, freshClient, get as rawGet, login } from "./account-helpers";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { partnerSign } from "../../server/services/accounts/partner-sign";
import { afterSalesAllowed } from "../../server/orders/flight/after-sales";
import { SITE_CONFIG_PATHS as P, type SiteConfigList } from "../../src/domain/ops/site-config";

let h: Harness;
const get = async (app: FastifyInstance, url: string) => ({ body: (await rawGet(app, url)).json() as { ret: number; data: any } });
const tokens: Record<string, string> = {};
const WRITES = ["site_settings", "operator_audit"];
const written = () => counts(h.db.db, WRITES);

beforeAll(async () => {
  h = await startHarness();
  await seedDemoOperators(h.db.db);
  tokens.admin = await demoOpsToken(h.app, "ops-admin");
  tokens.finance = await demoOpsToken(h.app, "ops-finance");
  tokens.ticketing = await demoOpsToken(h.app, "ops-ticket");
});
afterAll(async () => h?.close());
beforeEach(() => freshClient());

async function list(app: FastifyInstance = h.app): Promise<SiteConfigList> {
  const r = await opsCall(app, P.list, {}, tokens.admin);
  expect(r.ret, r.msg).toBe(0);
  return r.data as SiteConfigList;
}

async function partnerForm(thirdName: string) {
  const item = (await list()).partners.find((p) => p.key === thirdName)!;
  return { thirdName, version: item.version, ...item.settings, headerQrUrl: item.settings.headerQrUrl ?? "", titleZh: "", titleEn: "", welcomeZh: "", welcomeEn: "" } as Record<string, unknown>;
}

async function brandForm(key: string) {
  const item = (await list()).brands.find((b) => b.key === key)!;
  return { key, version: item.version, ...item.settings, sloganZh: "", sloganEn: "", footerCompanyZh: "", footerCompanyEn: "" } as Record<string, unknown>;
}

async function lastAudit() {
  return h.db.db.selectFrom("operator_audit").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
}

async function partnerToken(appId: string, secret: string): Promise<string> {
  const ts = Date.now();
  const r = await call(h.app, "/thirdParty/entry", { appId, sign: partnerSign(secret, appId, ts), signTimestamp: ts, access_type: "THIRD_PARTY" });
  expect(r.body.ret, r.body.msg).toBe(0);
  return r.body.data.token as string;
}

describe("site settings", () => {
  it("lists every brand and partner with the code's defaults while nothing is saved", async () => {
    const data = await list();
    expect(data.brands.map((b) => [b.key, b.version])).toEqual([["paynow", 0], ["confirm", 0]]);
    expect(data.partners.map((p) => [p.key, p.version])).toEqual([["tianhe", 0], ["weilan", 0]]);
    expect(data.partners[0].settings).toMatchObject({ disableRefund: false, permissionsIds: [12, 13, 14, 15, 23, 24, 26, 27, 31], telephones: ["400-600-1001", "021-60001001"] });
    expect(data.brands[0].settings).toMatchObject({ air: true, hotel: true, train: true, confirmInsteadOfPay: false });
  });

  it("refuses bad settings with a Chinese message and writes nothing", async () => {
    const partner = await partnerForm("tianhe");
    const brand = await brandForm("paynow");
    const before = await written();
    for (const [url, body, msg] of [
      [P.updatePartner, { ...partner, permissionsIds: [12, 9999] }, "菜单编号不在会员权限树中"],
      [P.updatePartner, { ...partner, telephones: ["400 call me"] }, "电话号码格式不正确"],
      [P.updatePartner, { ...partner, headerQrUrl: "javascript:alert(1)" }, "二维码地址须以 http:// 或 https:// 开头"],
      [P.updatePartner, { ...partner, thirdName: "nobody" }, "合作方不存在"],
      [P.updatePartner, { ...partner, appId: "XX" }, ""],
      [P.updatePartner, { ...partner, homeRoute: "/evil" }, ""],
      [P.updatePartner, { ...partner, disableRefund: "maybe" }, "开关取值不正确"],
      [P.updatePartner, { ...partner, titleZh: "x".repeat(61) }, "文字最多60个字符"],
      [P.updateBrand, { ...brand, phones: [] }, "请至少填写一个客服电话"],
      [P.updateBrand, { ...brand, hiddenSearchForms: ["bus"] }, "搜索框取值不正确"],
      [P.updateBrand, { ...brand, key: "other" }, "品牌不存在"],
    ] as const) {
      const r = await opsCall(h.app, url, body, tokens.admin);
      expect(r.ret, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (msg) expect(r.msg).toContain(msg);
    }
    expect(await written()).toEqual(before);
  });

  it("turns the brand's train off: audited before/after, /brand/config says so at once; a stale version is refused", async () => {
    expect((await get(h.app, "/brand/config")).body.data.features.train).toBe(true);
    const form = await brandForm("paynow");
    const r = await opsCall(h.app, P.updateBrand, { ...form, train: false, sloganZh: "说走就走" }, tokens.admin);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ key: "paynow", version: 1, settings: { train: false, sloganZh: "说走就走" } });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "site.brand", objectType: "brand", objectId: "paynow" });
    expect(JSON.parse(audit.before!)).toEqual({ train: true, sloganZh: null });
    expect(JSON.parse(audit.after!)).toEqual({ train: false, sloganZh: "说走就走" });
    const served = (await get(h.app, "/brand/config")).body.data;
    expect(served.features).toEqual({ air: true, hotel: true, train: false });
    expect(served.texts.slogan.zh).toBe("说走就走");

    // The same form saved again from the version it was read at: refused, nothing written.
    const before = await written();
    const stale = await opsCall(h.app, P.updateBrand, { ...form, train: true }, tokens.admin);
    expect(stale).toMatchObject({ ret: 409, msg: "该记录刚被他人修改，请刷新后重试" });
    expect(await written()).toEqual(before);
    expect((await get(h.app, "/brand/config")).body.data.features.train).toBe(false);

    const back = await opsCall(h.app, P.updateBrand, { ...form, version: 1, train: true }, tokens.admin);
    expect(back.ret, back.msg).toBe(0);
    expect((await get(h.app, "/brand/config")).body.data.features.train).toBe(true);
  });

  it("of two saves from one version at once, exactly one lands", async () => {
    const form = await brandForm("confirm");
    const [a, b] = await Promise.all([
      opsCall(h.app, P.updateBrand, { ...form, phones: ["400-800-0001"] }, tokens.admin),
      opsCall(h.app, P.updateBrand, { ...form, phones: ["400-800-0002"] }, tokens.admin),
    ]);
    expect([a.ret, b.ret].sort()).toEqual([0, 409]);
    const rows = await h.db.db.selectFrom("operator_audit").select("id").where("objectId", "=", "confirm").execute();
    expect(rows).toHaveLength(1);
  });

  it("a partner's refund switch and menu ids are enforced on the server for its users", async () => {
    const member = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000081").executeTakeFirstOrThrow();
    expect(afterSalesAllowed(member, "refund")).toBe(true);
    const token = await partnerToken("TH2019000001", "demo-secret-tianhe");
    const external = () => call(h.app, "/credit/external_passenger/list", { token, pageNum: 1, pageSize: 10 });
    expect((await external()).body.ret).toBe(0);

    const form = await partnerForm("tianhe");
    const ids = (form.permissionsIds as number[]).filter((id) => id !== 31);
    const r = await opsCall(h.app, P.updatePartner, { ...form, disableRefund: true, permissionsIds: ids, telephones: ["400-600-9999"] }, tokens.admin);
    expect(r.ret, r.msg).toBe(0);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "site.partner", objectType: "partner-site", objectId: "tianhe" });
    expect(JSON.parse(audit.before!)).toEqual({ disableRefund: false, telephones: ["400-600-1001", "021-60001001"], permissionsIds: form.permissionsIds });
    expect(JSON.parse(audit.after!)).toEqual({ disableRefund: true, telephones: ["400-600-9999"], permissionsIds: ids });

    expect(afterSalesAllowed(member, "refund")).toBe(false);
    expect((await external()).body.ret).toBe(403);
    const site = (await get(h.app, "/thirdParty/site?thirdName=tianhe")).body.data;
    expect(site).toMatchObject({ thirdName: "tianhe", disableRefund: true, telephones: ["400-600-9999"], homeRoute: "/th_business_index" });
    expect(site.permissionsIds).not.toContain(31);
    expect((await call(h.app, "/thirdParty/siteConfig", { appId: "TH2019000001" })).body.data.disableRefund).toBe(true);

    // Back to what it was.
    const restore = await opsCall(h.app, P.updatePartner, { ...form, version: 1 }, tokens.admin);
    expect(restore.ret, restore.msg).toBe(0);
    expect(afterSalesAllowed(member, "refund")).toBe(true);
    expect((await external()).body.ret).toBe(0);
  });

  it("another app on the same database takes up a save at its next version check", async () => {
    const other = await buildApp({ db: h.db, nodeEnv: "test", authorize: createAuthorize(h.db.db) });
    try {
      await other.ready();
      await other.sites.refresh();
      expect((await get(other, "/brand/config")).body.data.features.hotel).toBe(true);
      const form = await brandForm("paynow");
      expect((await opsCall(h.app, P.updateBrand, { ...form, hotel: false }, tokens.admin)).ret).toBe(0);
      expect((await get(h.app, "/brand/config")).body.data.features.hotel).toBe(false);
      // Until its check runs, the other app serves what it loaded.
      expect((await get(other, "/brand/config")).body.data.features.hotel).toBe(true);
      await other.sites.refresh();
      expect((await get(other, "/brand/config")).body.data.features.hotel).toBe(false);
      expect((await opsCall(h.app, P.updateBrand, { ...form, version: form.version as number + 1, hotel: true }, tokens.admin)).ret).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("is the administrator's alone: finance, ticketing, a member and no session are refused, writing nothing", async () => {
    const member = await login(h.app, "13800000070");
    const body = await brandForm("paynow");
    const before = await written();
    for (const url of [P.list, P.updateBrand, P.updatePartner]) {
      const input = url === P.updatePartner ? await partnerForm("weilan") : body;
      expect((await opsCall(h.app, url, input, tokens.finance)).ret, `${url} finance`).toBe(403);
      expect((await opsCall(h.app, url, input, tokens.ticketing)).ret, `${url} ticketing`).toBe(403);
      expect((await opsCall(h.app, url, input, member)).ret, `${url} member`).toBe(401);
      expect((await opsCall(h.app, url, input, undefined, { authorization: `Bearer ${member}` })).ret, `${url} member bearer`).toBe(401);
      expect((await opsCall(h.app, url, input)).ret, `${url} none`).toBe(401);
    }
    expect(await written()).toEqual(before);
  });
});
