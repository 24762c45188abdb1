// Travel standards and hotel city tiers (/member/center/trip_level|standard|city_tier/...): the
// company's main member (70) only, their company only; saving writes the over-standard action
// onto the trip level; bad input writes nothing. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { DEMO, POLICY_TABLES, counts, demoIds, otherCompany, travelClient } from "./travel-helpers";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof otherCompany>>;
const admin = (url: string, body: Record<string, unknown> = {}) => c.as(DEMO.admin, url, body);

const STANDARD = {
  overAction: "reason",
  flight: { cabins: ["Y", "W"], maxDiscount: 85, maxPriceFen: 180000, lowestFareHours: 3 },
  hotel: { capsFen: { tier1: 55000, tier2: 42000, tier3: 33000, other: null } },
  train: { seats: ["second", "first"] },
};

beforeAll(async () => {
  h = await startHarness();
  c = travelClient(h);
  ids = await demoIds(h.db.db);
  other = await otherCompany(h.db.db);
});
afterAll(async () => h?.close());

describe("access", () => {
  const ROUTES: [string, Record<string, unknown>][] = [
    ["/member/center/trip_level/list", {}],
    ["/member/center/standard/list", {}],
    ["/member/center/standard/detail", { tripLevelId: 1 }],
    ["/member/center/standard/save", { tripLevelId: 1, ...STANDARD }],
    ["/member/center/standard/delete", { tripLevelId: 1 }],
    ["/member/center/city_tier/info", {}],
    ["/member/center/city_tier/save", {}],
  ];

  it("answers 401 to guests and 403 to every type but 70, employees included, writing nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    for (const [url, body] of ROUTES) {
      expect((await c.as(null, url, body)).ret, url).toBe(401);
      for (const mobile of [DEMO.individual, DEMO.head, DEMO.traveller, DEMO.partner, "13800000040"]) {
        expect(await c.as(mobile, url, body), `${url} as ${mobile}`).toMatchObject({ ret: 403, msg: "您没有权限执行此操作" });
      }
    }
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });

  it("refuses another company's trip level with 403 and changes nothing there", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    expect(await admin("/member/center/standard/detail", { tripLevelId: other.levelId })).toMatchObject({ ret: 403, msg: "无权查看或操作其他企业的数据" });
    expect(await admin("/member/center/standard/save", { ...STANDARD, tripLevelId: other.levelId })).toMatchObject({ ret: 403 });
    expect(await admin("/member/center/standard/delete", { tripLevelId: other.levelId })).toMatchObject({ ret: 404 });
    expect(await admin("/member/center/standard/detail", { tripLevelId: 999999 })).toMatchObject({ ret: 404, msg: "未找到该差旅等级" });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
    const level = await h.db.db.selectFrom("trip_levels").selectAll().where("id", "=", other.levelId).executeTakeFirstOrThrow();
    expect(level).toMatchObject({ overproof: 1, overApprove: 1 });
  });

  it("shows each company only its own levels", async () => {
    const theirs = await c.as(other.mobiles.admin, "/member/center/standard/list");
    expect(theirs.data).toMatchObject({ total: 1, list: [{ tripLevelName: "远航员工", configured: false }] });
    const ours = await admin("/member/center/trip_level/list");
    expect(ours.data.map((l: { name: string }) => l.name)).toEqual(["管理层", "普通员工", "差旅专员", "合作方差旅"]);
  });
});

describe("trip levels and the standards list", () => {
  it("lists the trip levels with their flags, over-standard action and head count", async () => {
    const r = await admin("/member/center/trip_level/list");
    expect(r.ret).toBe(0);
    expect(r.data[0]).toEqual({ id: ids.level["管理层"], name: "管理层", approveFlag: 1, feeFlag: 1, changeApprove: 1, overproof: 1, overApprove: 1, overAction: "approve", employeeCount: 1 });
    expect(r.data[1]).toMatchObject({ name: "普通员工", overAction: "forbid", employeeCount: 1 });
  });

  it("lists one row per level with the seeded standard and its sentences", async () => {
    const r = await admin("/member/center/standard/list");
    expect(r.data).toMatchObject({ total: 4, pageNum: 1, pageSize: 10 });
    expect(r.data.list.map((s: { tripLevelName: string }) => s.tripLevelName)).toEqual(["管理层", "普通员工", "差旅专员", "合作方差旅"]);
    const staff = r.data.list[1];
    expect(staff).toMatchObject({
      configured: true, overAction: "forbid", employeeCount: 1,
      standard: { flight: { cabins: ["Y"], maxDiscount: 80, maxPriceFen: 150000, lowestFareHours: 2 } },
      summary: { air: ["可乘坐舱位：经济舱", "最高折扣：8折", "最高票价：1500 元", "须选择出发时间前后 2 小时内的最低价", "票价可在标准上浮动 200 元"], overAction: "禁止预订" },
    });
  });

  it("filters by name and by whether a standard is set, sorts and pages", async () => {
    expect((await admin("/member/center/standard/list", { keyword: "员工" })).data.list.map((s: { tripLevelName: string }) => s.tripLevelName)).toEqual(["普通员工"]);
    expect((await admin("/member/center/standard/list", { keyword: "%" })).data.total).toBe(4);
    expect((await admin("/member/center/standard/list", { configured: "0" })).data.total).toBe(0);
    const asc = await admin("/member/center/standard/list", { orderBy: "tripLevelName", orderType: "asc" });
    const desc = await admin("/member/center/standard/list", { orderBy: "tripLevelName", orderType: "desc" });
    expect(desc.data.list.map((s: { tripLevelId: number }) => s.tripLevelId)).toEqual(asc.data.list.map((s: { tripLevelId: number }) => s.tripLevelId).reverse());
    const p2 = await admin("/member/center/standard/list", { pageSize: 3, pageNum: 2 });
    expect(p2.data).toMatchObject({ total: 4, pageNum: 2, list: [{ tripLevelName: "合作方差旅" }] });
  });
});

describe("saving and deleting a standard", () => {
  it("saves the rules and the over-standard action onto the trip level, and the employee sees it", async () => {
    const levelId = ids.level["差旅专员"];
    const r = await admin("/member/center/standard/save", { tripLevelId: levelId, ...STANDARD });
    expect(r.ret).toBe(0);
    expect(r.data).toMatchObject({
      tripLevelId: levelId, configured: true, overAction: "reason",
      standard: { flight: { cabins: ["Y", "W"], maxDiscount: 85, maxPriceFen: 180000, lowestFareHours: 3 }, hotel: { capsFen: { tier1: 55000, other: null } }, train: { seats: ["second", "first"] } },
    });
    expect(await h.db.db.selectFrom("trip_levels").select(["overproof", "overApprove"]).where("id", "=", levelId).executeTakeFirstOrThrow()).toEqual({ overproof: 1, overApprove: 0 });
    expect((await admin("/member/center/standard/detail", { tripLevelId: levelId })).data).toEqual(r.data);
    // 13800000073 is on this level.
    const mine = await c.as(DEMO.traveller, "/member/center/my_standard");
    expect(mine.data).toMatchObject({
      tripLevel: { name: "差旅专员" }, configured: true, overAction: "reason", overActionLabel: "选择超标原因后可预订",
      summary: { air: ["可乘坐舱位：经济舱、超级经济舱", "最高折扣：8.5折", "最高票价：1800 元", "须选择出发时间前后 3 小时内的最低价", "票价可在标准上浮动 200 元"], hotel: expect.arrayContaining(["其他城市：不限"]) },
    });
    const info = await c.as(DEMO.traveller, "/member/info");
    expect(info.data.custmerExtra.standards.train).toEqual(["可乘坐席别：二等座、一等座", "出行需事前审批", "费用需审批", "改签需审批", "允许超标预订"]);
  });

  it("saves again as an update: one row per level", async () => {
    const levelId = ids.level["差旅专员"];
    const before = await counts(h.db.db, ["travel_standards"]);
    const r = await admin("/member/center/standard/save", { ...STANDARD, tripLevelId: levelId, overAction: "forbid", train: { seats: ["hardSeat"] } });
    expect(r.data).toMatchObject({ overAction: "forbid", standard: { train: { seats: ["hardSeat"] } } });
    expect(await counts(h.db.db, ["travel_standards"])).toEqual(before);
    expect(await h.db.db.selectFrom("trip_levels").select(["overproof", "overApprove"]).where("id", "=", levelId).executeTakeFirstOrThrow()).toEqual({ overproof: 0, overApprove: 0 });
  });

  it("rejects bad input with the first error in Chinese and writes nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...STANDARD, tripLevelId: ids.level["管理层"], flight: { ...STANDARD.flight, cabins: [] } }, "flight.cabins", "请至少选择一种可乘坐的舱位"],
      [{ ...STANDARD, tripLevelId: ids.level["管理层"], flight: { ...STANDARD.flight, maxDiscount: 0 } }, "flight.maxDiscount", "最高折扣须为 1 到 100 之间的整数（百分比）"],
      [{ ...STANDARD, tripLevelId: ids.level["管理层"], hotel: { capsFen: { ...STANDARD.hotel.capsFen, tier2: "4.5" } } }, "hotel.capsFen.tier2", "二线城市每晚限额须为 0.01 到 1000 万元之间的金额"],
      [{ ...STANDARD, tripLevelId: ids.level["管理层"], overAction: "allow" }, "overAction", "请选择超标后的处理方式"],
      [{ ...STANDARD }, "tripLevelId", "请选择差旅等级"],
    ];
    for (const [body, field, msg] of cases) {
      expect(await admin("/member/center/standard/save", body), field).toMatchObject({ ret: 400, msg, data: { errors: { [field]: msg } } });
    }
    expect((await admin("/member/center/standard/save", { ...STANDARD, tripLevelId: ids.level["管理层"], companyId: 2 })).ret).toBe(400);
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });

  it("deletes a standard: the level shows the defaults unconfigured until saved again", async () => {
    const levelId = ids.level["合作方差旅"];
    expect(await admin("/member/center/standard/delete", { tripLevelId: levelId })).toMatchObject({ ret: 0, data: { tripLevelId: levelId } });
    const d = await admin("/member/center/standard/detail", { tripLevelId: levelId });
    expect(d.data).toMatchObject({ id: null, configured: false, standard: { flight: { cabins: ["Y"], lowestFareHours: 2 } } });
    expect((await admin("/member/center/standard/list", { configured: "0" })).data.list.map((s: { tripLevelId: number }) => s.tripLevelId)).toEqual([levelId]);
    expect(await admin("/member/center/standard/delete", { tripLevelId: levelId })).toMatchObject({ ret: 404, msg: "该差旅等级尚未设置差旅标准" });
  });
});

describe("hotel city tiers", () => {
  it("answers the default tiers until the company saves its own", async () => {
    const r = await admin("/member/center/city_tier/info");
    expect(r.data.tier1.map((x: { name: string }) => x.name)).toEqual(["北京市", "上海市", "广州市", "深圳市"]);
    expect(r.data.tier3).toEqual([]);
  });

  it("saves the lists with the city list's names, and keeps each company's apart", async () => {
    const r = await admin("/member/center/city_tier/save", { tier1: [{ code: "1101", name: "北京" }], tier3: [{ code: "4601", name: "海口" }] });
    expect(r).toMatchObject({ ret: 0, data: { tier1: [{ code: "1101", name: "北京市" }], tier2: [], tier3: [{ code: "4601", name: "海口市" }] } });
    expect((await admin("/member/center/city_tier/info")).data).toEqual(r.data);
    expect((await c.as(other.mobiles.admin, "/member/center/city_tier/info")).data.tier1).toHaveLength(4);
  });

  it("refuses a made-up city or a city in two tiers, writing nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    expect(await admin("/member/center/city_tier/save", { tier1: [{ code: "9999", name: "桃源" }] })).toMatchObject({ ret: 400, msg: "未知的城市：桃源", data: { errors: { "tier1.0.code": "未知的城市：桃源" } } });
    expect(await admin("/member/center/city_tier/save", { tier1: [{ code: "1101", name: "北京" }], tier2: [{ code: "1101", name: "北京" }] })).toMatchObject({ ret: 400, msg: "北京只能属于一个城市等级" });
    expect(await admin("/member/center/city_tier/save", { tier1: [{ code: "11", name: "北京" }] })).toMatchObject({ ret: 400, msg: "城市编码不正确" });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
    expect((await admin("/member/center/city_tier/info")).data.tier3).toEqual([{ code: "4601", name: "海口市" }]);
  });
});
