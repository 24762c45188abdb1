// Third-party entry (sign verification, replay), partner site configs and the brand config.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, counts, freshClient, get } from "./account-helpers";
import { partnerSign } from "../../server/services/accounts/partner-sign";
import { THIRD_PARTY_SITES } from "../../src/access/partners";

let h: Harness;
const db = () => h.db.db;
const TIANHE = "TH2019000001";
const WEILAN = "WL2020000002";
const WRITES = ["sessions", "used_signs"];

function entry(appId: string, secret: string, timestamp = Date.now()) {
  return { appId, sign: partnerSign(secret, appId, timestamp), signTimestamp: timestamp, access_type: "THIRD_PARTY" };
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  freshClient();
});
afterEach(() => {
  delete process.env.BRAND;
});

describe("seeded partners", () => {
  it("has one partner row per site, with its demo secret and user", async () => {
    const rows = await db().selectFrom("partners").innerJoin("members", "members.id", "partners.memberId")
      .select(["partners.name", "partners.appId", "partners.secret", "members.mobilePhone", "members.thirdPartyName", "members.isThirdParty"])
      .orderBy("partners.id").execute();
    expect(rows).toEqual([
      { name: "tianhe", appId: TIANHE, secret: "demo-secret-tianhe", mobilePhone: "13800000081", thirdPartyName: "tianhe", isThirdParty: 1 },
      { name: "weilan", appId: WEILAN, secret: "demo-secret-weilan", mobilePhone: "13800000082", thirdPartyName: "weilan", isThirdParty: 1 },
    ]);
    expect(rows).toHaveLength(THIRD_PARTY_SITES.length);
  });
});

describe("third-party entry", () => {
  it("signs a tianhe user in as a company employee with its home route and site config", async () => {
    const r = await call(h.app, "/thirdParty/entry", entry(TIANHE, "demo-secret-tianhe"));
    expect(r.body.ret).toBe(0);
    expect(r.body.data).toMatchObject({
      homeRoute: "/th_business_index", mobilePhone: "13800000081", memberTypeKey: "7_0", isThirdParty: 1, thirdPartyName: "tianhe", appId: TIANHE,
      creditMember: { companyName: "华信科技有限公司" },
      creditEmployee: { canAudit: 1, tripLevel: { approveFlag: 1, feeFlag: 1, overproof: 1, overApprove: 1 } },
      siteConfig: { thirdName: "tianhe", appId: TIANHE, payLabel: "确认订单", permissionsIds: [12, 13, 14, 15, 23, 24, 26, 27, 31] },
    });
    expect(JSON.stringify(r.body.data)).not.toContain("demo-secret");
    const info = await call(h.app, "/member/info", { token: r.body.data.token });
    expect(info.body.data.thirdPartyName).toBe("tianhe");
  });

  it("signs a weilan user in as an individual member; the partner timestamp may come as `timestamp`", async () => {
    const ts = Date.now();
    const r = await call(h.app, "/thirdParty/entry", { appId: WEILAN, sign: partnerSign("demo-secret-weilan", WEILAN, ts).toUpperCase(), timestamp: ts });
    expect(r.body.ret).toBe(0);
    expect(r.body.data).toMatchObject({ homeRoute: "/wl/index", memberTypeKey: "10", thirdPartyName: "weilan", siteConfig: { permissionsIds: [2, 12, 14, 15, 23] } });
  });

  it("refuses an unknown appId, a wrong secret, an old or future timestamp and bad input, writing nothing", async () => {
    const before = await counts(db(), WRITES);
    const now = Date.now();
    const cases: [Record<string, string | number>, number, string][] = [
      [entry("XX0000", "demo-secret-tianhe"), 1401, "未知的合作方应用（appId），请从合作方重新进入"],
      [entry(TIANHE, "wrong-secret"), 1402, "签名校验失败，请从合作方重新进入"],
      [entry(TIANHE, "demo-secret-weilan"), 1402, "签名校验失败，请从合作方重新进入"],
      [entry(TIANHE, "demo-secret-tianhe", now - 5 * 60_000 - 5000), 1403, "签名已过期，请从合作方重新进入"],
      [entry(TIANHE, "demo-secret-tianhe", now + 2 * 60_000), 1404, "签名时间无效，请检查设备时间后重试"],
      [{ ...entry(TIANHE, "demo-secret-tianhe"), signTimestamp: "12345" }, 400, "签名时间戳格式不正确（应为13位毫秒时间戳）"],
      [{ appId: TIANHE, sign: "abc" }, 400, "签名时间戳格式不正确（应为13位毫秒时间戳）"],
      [{ sign: "abc", signTimestamp: now }, 400, "请提供合作方应用标识（appId）"],
      [{ appId: TIANHE, signTimestamp: now }, 400, "请提供签名（sign）"],
    ];
    for (const [body, ret, msg] of cases) {
      const r = await call(h.app, "/thirdParty/entry", body);
      expect(r.body, JSON.stringify(body)).toMatchObject({ ret, msg });
    }
    // A sign made for one timestamp does not pass with another.
    const moved = { ...entry(TIANHE, "demo-secret-tianhe", now), signTimestamp: now + 1 };
    expect((await call(h.app, "/thirdParty/entry", moved)).body.ret).toBe(1402);
    expect(await counts(db(), WRITES)).toEqual(before);
  });

  it("accepts a sign once; a replay is refused and opens no session", async () => {
    const body = entry(TIANHE, "demo-secret-tianhe", Date.now() - 60_000);
    expect((await call(h.app, "/thirdParty/entry", body)).body.ret).toBe(0);
    const before = await counts(db(), WRITES);
    const again = await call(h.app, "/thirdParty/entry", body);
    expect(again.body).toMatchObject({ ret: 1405, msg: "该签名已使用，请从合作方重新进入" });
    expect(await counts(db(), WRITES)).toEqual(before);
  });

  it("refuses a partner whose user is disabled", async () => {
    await db().updateTable("members").set({ status: 0 }).where("mobilePhone", "=", "13800000082").execute();
    const r = await call(h.app, "/thirdParty/entry", entry(WEILAN, "demo-secret-weilan"));
    expect(r.body).toMatchObject({ ret: 1406, msg: "合作方账号尚未开通，请联系客服" });
    await db().updateTable("members").set({ status: 1 }).where("mobilePhone", "=", "13800000082").execute();
  });
});

describe("public configs", () => {
  it("answers a partner's site config with its permission ids", async () => {
    const r = await call(h.app, "/thirdParty/siteConfig", { appId: WEILAN });
    expect(r.body.data).toMatchObject({ thirdName: "weilan", homeRoute: "/wl/index", hideSearchForms: true, permissionsIds: [2, 12, 14, 15, 23] });
    expect((await call(h.app, "/thirdParty/siteConfig", { appId: "nope" })).body).toMatchObject({ ret: 1401 });
    expect((await call(h.app, "/thirdParty/siteConfig", {})).body).toMatchObject({ ret: 400, msg: "请提供合作方应用标识（appId）" });
  });

  it("answers the brand chosen by BRAND, pay-now by default", async () => {
    const paynow = (await get(h.app, "/brand/config")).json();
    expect(paynow.data).toMatchObject({ key: "paynow", payLabel: "立即支付", confirmInsteadOfPay: false, phoneLabels: [{ label: "客服电话", phone: "400-800-1234" }] });
    process.env.BRAND = "confirm";
    const confirm = (await get(h.app, "/brand/config")).json();
    expect(confirm.data).toMatchObject({ key: "confirm", payLabel: "确认订单", features: { train: false } });
    expect(confirm.data.phoneLabels.map((p: { label: string }) => p.label)).toEqual(["客服电话", "专属电话1", "专属电话2"]);
  });

  it("adds the deployment's filing line and QR targets, and nothing made up when they are unset", async () => {
    const bare = (await get(h.app, "/brand/config")).json();
    expect(bare.data).toMatchObject({ icp: null, qrCodes: { app: { url: null }, publicAccount: { url: null } } });
    Object.assign(process.env, { BRAND_ICP: "沪ICP备2026000001号-1", BRAND_APP_URL: "https://app.example.com/get", BRAND_PUBLIC_ACCOUNT_URL: "ftp://nope" });
    try {
      const set = (await get(h.app, "/brand/config")).json();
      expect(set.data).toMatchObject({ icp: "沪ICP备2026000001号-1", qrCodes: { app: { url: "https://app.example.com/get", text: { zh: "下载APP" } }, publicAccount: { url: null } } });
    } finally {
      delete process.env.BRAND_ICP;
      delete process.env.BRAND_APP_URL;
      delete process.env.BRAND_PUBLIC_ACCOUNT_URL;
    }
  });
});
