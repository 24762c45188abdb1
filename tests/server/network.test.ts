// The member network: a company's child companies (/creditMember/*_chd), the members one
// recommended (/recommend/...), an agent's subordinates (/member/subordinate/list) and booking a
// flight for a subordinate. Paging, search, the Chinese validation messages, nothing written on
// refusal, and another company's or member's records refused. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, startTravel, stopTravel, NOW } from "./inventory-helpers";
import { call, count, freshClient, lastCode } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { createSession } from "../../server/services/accounts/sessions";
import { usccCheckChar } from "../../src/domain/people/invoice-title";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import type { FlightItem } from "../../src/domain/travel/types";

let h: Harness;
const tokens: Record<string, string> = {};
type Body = Record<string, string | number>;
async function as(mobile: string | null, url: string, body: Body = {}) {
  if (mobile && !tokens[mobile]) {
    const m = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
    tokens[mobile] = await createSession(h.db.db, m.id);
  }
  return (await call(h.app, url, mobile ? { ...body, token: tokens[mobile] } : body)).body;
}
const idOf = async (mobile: string) => (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow()).id;
const uscc = (first17: string) => first17 + usccCheckChar(first17);
const ADMIN = "13800000070";

beforeAll(async () => {
  h = await startTravel();
  freshClient();
});
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

const child = (extra: Body = {}): Body => ({
  name: "华信科技（北京）有限公司", creditCode: uscc("91110105MA1A2B3C4"), contactName: "周敏", contactMobile: "13900000709", address: "北京市朝阳区建国路1号", ...extra,
});

describe("child companies", () => {
  let added = 0;

  it("lists the demo company's children, masked, paged and searched by name", async () => {
    const all = await as(ADMIN, "/creditMember/list_chd");
    expect(all.ret, all.msg).toBe(0);
    expect(all.data.total).toBe(3);
    expect(all.data.list[0]).toMatchObject({ name: "华信数据服务（成都）有限公司", status: 0, contactMobile: "139****0703" });
    const page2 = await as(ADMIN, "/creditMember/list_chd", { pageNum: 2, pageSize: 2 });
    expect(page2.data).toMatchObject({ total: 3, pageNum: 2 });
    expect(page2.data.list).toHaveLength(1);
    expect((await as(ADMIN, "/creditMember/list_chd", { name: "深圳" })).data.list.map((r: { name: string }) => r.name)).toEqual(["华信科技（深圳）有限公司"]);
    expect((await as(ADMIN, "/creditMember/list_chd", { status: 0 })).data.total).toBe(1);
  });

  it.each([
    ["a credit code with a wrong check character", child({ creditCode: "91110105MA1A2B3C4Y" }), "creditCode", "请输入正确的统一社会信用代码"],
    ["no credit code", child({ creditCode: "" }), "creditCode", "请填写统一社会信用代码"],
    ["no company name", child({ name: " " }), "name", "请填写公司名称"],
    ["no contact", child({ contactName: "" }), "contactName", "请填写联系人姓名"],
    ["a bad contact mobile", child({ contactMobile: "1390000070" }), "contactMobile", "请输入正确的手机号码"],
    ["an unknown field", child({ parentId: 1 }), "_", undefined],
  ])("refuses %s, writing nothing", async (_, body, field, message) => {
    const before = await count(h.db.db, "subsidiaries");
    const r = await as(ADMIN, "/creditMember/add_or_update_chd", body);
    expect(r.ret).toBe(400);
    if (message) expect(r.data.errors[field]).toBe(message);
    expect(await count(h.db.db, "subsidiaries")).toBe(before);
  });

  it("adds (the code in upper case) and refuses the same code twice", async () => {
    const r = await as(ADMIN, "/creditMember/add_or_update_chd", child({ creditCode: uscc("91110105MA1A2B3C4").toLowerCase() }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ name: "华信科技（北京）有限公司", creditCode: uscc("91110105MA1A2B3C4"), status: 1, contactMobile: "13900000709" });
    added = r.data.id;
    const company = await h.db.db.selectFrom("subsidiaries").select("companyId").where("id", "=", added).executeTakeFirstOrThrow();
    expect(company.companyId).toBeGreaterThan(0);
    const again = await as(ADMIN, "/creditMember/add_or_update_chd", child({ name: "另一家" }));
    expect(again).toMatchObject({ ret: 400, msg: "该统一社会信用代码的子公司已存在" });
    expect((await as(ADMIN, "/creditMember/list_chd")).data.total).toBe(4);
  });

  it("updates, disables and enables, persisted", async () => {
    const r = await as(ADMIN, "/creditMember/add_or_update_chd", child({ id: added, contactName: "周敏华", address: "" }));
    expect(r.data).toMatchObject({ id: added, contactName: "周敏华", address: null });
    expect((await as(ADMIN, "/creditMember/status_chd", { id: added, status: 0 })).data.status).toBe(0);
    expect((await as(ADMIN, "/creditMember/detail_chd", { id: added })).data).toMatchObject({ status: 0, contactName: "周敏华", contactMobile: "13900000709" });
    expect((await as(ADMIN, "/creditMember/status_chd", { id: added, status: 1 })).data.status).toBe(1);
  });

  it("refuses another company's child as not found, and members who are not a company", async () => {
    const other = await h.db.db.insertInto("companies").values({ name: "别家公司", dometicketServerFeeFen: 0, createTime: new Date(NOW).toISOString() }).returning("id").executeTakeFirstOrThrow();
    const theirs = await h.db.db
      .insertInto("subsidiaries")
      .values({ companyId: other.id, name: "别家子公司", creditCode: uscc("91110108MA7N8P9Q1"), contactName: "王五", contactMobile: "13900000799", createTime: "2026-01-01T00:00:00.000Z", updateTime: "2026-01-01T00:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [url, body] of [
      ["/creditMember/detail_chd", { id: theirs.id }],
      ["/creditMember/status_chd", { id: theirs.id, status: 0 }],
      ["/creditMember/add_or_update_chd", child({ id: theirs.id, creditCode: uscc("91110108MA7N8P9Q1") })],
    ] as const) {
      expect(await as(ADMIN, url, body), url).toMatchObject({ ret: 404, msg: "未找到该子公司" });
    }
    const row = await h.db.db.selectFrom("subsidiaries").select(["status", "name"]).where("id", "=", theirs.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 1, name: "别家子公司" });
    expect((await as(ADMIN, "/creditMember/list_chd", { name: "别家" })).data.total).toBe(0);
    expect((await as("13800000010", "/creditMember/list_chd")).ret).toBe(403);
    expect((await as("13800000071", "/creditMember/add_or_update_chd", child())).ret).toBe(403);
    expect((await as(null, "/creditMember/list_chd")).ret).toBe(401);
  });
});

describe("recommended members", () => {
  it("gives the referral code and register link, and the count", async () => {
    const r = await as("13800000010", "/recommend/appRecommendMember");
    expect(r.data).toEqual({ realName: "李明", referralCode: "13800000010", referralPath: "/view/login.shtml?type=2&refermobilephone=13800000010", recommendedCount: 3 });
    expect((await as("13800000010", "/recommend/appRecommendedCount")).data).toEqual({ count: 3 });
    expect((await as("13800000020", "/recommend/appRecommendedCount")).data).toEqual({ count: 0 });
  });

  it("lists the members registered with the caller as referrer, newest first, masked and paged", async () => {
    const r = await as("13800000010", "/recommend/AppRecommendedList");
    expect(r.data.total).toBe(3);
    expect(r.data.list.map((m: { realName: string }) => m.realName)).toEqual(["周涛", "孙丽", "钱进"]);
    expect(r.data.list[0]).toMatchObject({ mobilePhone: "138****0113", memberType: "30" });
    const page2 = await as("13800000010", "/recommend/AppRecommendedList", { pageNum: 2, pageSize: 2 });
    expect(page2.data.list.map((m: { realName: string }) => m.realName)).toEqual(["钱进"]);
    // Another member sees none of them.
    expect((await as("13800000020", "/recommend/AppRecommendedList")).data).toMatchObject({ total: 0, list: [] });
  });

  it("refuses the company administrator and bad paging", async () => {
    expect((await as(ADMIN, "/recommend/AppRecommendedList")).ret).toBe(403);
    expect(await as("13800000010", "/recommend/AppRecommendedList", { pageSize: 500 })).toMatchObject({ ret: 400, msg: "每页条数须为 1 到 100 之间的整数" });
  });

  it("counts a member who registers with the caller as referrer", async () => {
    freshClient();
    await call(h.app, "/common/sendCode", { mobilePhone: "13700000001", type: "register" });
    const code = await lastCode(h.app, "13700000001");
    const r = await call(h.app, "/register/appRegisterSave", { mobilePhone: "13700000001", code, loginPwd: "e10adc3949ba59abbe56e057f20f883e", refermobilephone: "13800000010" });
    expect(r.body.ret, r.body.msg).toBe(0);
    expect((await as("13800000010", "/recommend/appRecommendedCount")).data.count).toBe(4);
  });
});

describe("subordinates", () => {
  it("lists an agent's lower-typed recruits with order counts, searched and paged", async () => {
    const r = await as("13800000040", "/member/subordinate/list");
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.total).toBe(3);
    expect(r.data.list.map((m: { realName: string }) => m.realName)).toEqual(["何静", "林峰", "马超"]);
    expect(r.data.list[0]).toMatchObject({ mobilePhone: "138****0143", memberType: "20", orderCount: 0, status: 1 });
    expect((await as("13800000040", "/member/subordinate/list", { keyword: "林" })).data.list.map((m: { realName: string }) => m.realName)).toEqual(["林峰"]);
    expect((await as("13800000040", "/member/subordinate/list", { keyword: "0141" })).data.list.map((m: { realName: string }) => m.realName)).toEqual(["马超"]);
    const sorted = await as("13800000040", "/member/subordinate/list", { pageNum: 2, pageSize: 2, orderBy: "createTime", orderType: "asc" });
    expect(sorted.data.list.map((m: { realName: string }) => m.realName)).toEqual(["何静"]);
    // A city operator's recruits include a distribution service provider.
    const city = await as("13800000050", "/member/subordinate/list");
    expect(city.data.list.map((m: { memberType: string }) => m.memberType).sort()).toEqual(["10", "40"]);
  });

  it("shows no other agent's subordinates and refuses other types", async () => {
    const mine = await idOf("13800000141");
    expect((await as("13800000050", "/member/subordinate/list", { id: mine })).data.total).toBe(0);
    expect((await as("13800000010", "/member/subordinate/list")).ret).toBe(403);
    expect((await as(ADMIN, "/member/subordinate/list")).ret).toBe(403);
    expect(await as("13800000040", "/member/subordinate/list", { keyword: "x".repeat(60) })).toMatchObject({ ret: 400 });
  });

  it("books a flight for a subordinate, counted on its row; not for someone else's", async () => {
    const list: FlightItem[] = (await as(null, "/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day(5) })).data.list;
    const seat = list.flatMap((f) => f.seats.filter((s) => s.cabinClass === "Y"))[0];
    const sub = await idOf("13800000142");
    const form = (forMemberId: number, key: string): Body => ({
      fareKey: seat.fareKey, price: seat.salePrice, clientKey: key, contactName: "林峰", contactMobile: "13800000142", forMemberId,
      "passengers.0.name": "林峰", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    });
    const before = await count(h.db.db, "orders");
    const refused = await as("13800000040", FLIGHT_ORDER_PATHS.book, form(await idOf("13800000151"), "network-key-1"));
    expect(refused).toMatchObject({ ret: 403, msg: "只能为您的下级会员下单" });
    expect((await as("13800000010", FLIGHT_ORDER_PATHS.book, form(sub, "network-key-2"))).ret).toBe(403);
    expect(await count(h.db.db, "orders")).toBe(before);
    const booked = await as("13800000040", FLIGHT_ORDER_PATHS.book, form(sub, "network-key-3"));
    expect(booked.ret, booked.msg).toBe(0);
    const order = await h.db.db.selectFrom("orders").select(["memberId", "bookerMemberId", "travellerMemberId"]).where("id", "=", booked.data.id).executeTakeFirstOrThrow();
    expect(order).toEqual({ memberId: await idOf("13800000040"), bookerMemberId: await idOf("13800000040"), travellerMemberId: sub });
    const row = (await as("13800000040", "/member/subordinate/list", { id: sub })).data.list[0];
    expect(row).toMatchObject({ realName: "林峰", orderCount: 1 });
  });
});
