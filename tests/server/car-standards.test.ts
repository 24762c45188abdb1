// Car-use standards (/car/standard_list, standard_detail, standard/add_or_update,
// standard_delete) and the city list (/car/allCity): 70 only, own company only, a trip level in
// one car standard at most, bad input writes nothing. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { DEMO, POLICY_TABLES, counts, demoIds, otherCompany, travelClient } from "./travel-helpers";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof otherCompany>>;
const admin = (url: string, body: Record<string, unknown> = {}) => c.as(DEMO.admin, url, body);

const NIGHT = {
  name: "夜间用车",
  tripLevelIds: [] as number[],
  carTypes: ["business", "comfort"],
  allCities: 0,
  cities: [{ code: "3101", name: "上海" }, { code: "4403", name: "深圳" }],
  timeWindows: [{ start: "21:00", end: "06:00" }],
  perRideCapFen: 30000,
  monthlyCapFen: "",
};

beforeAll(async () => {
  h = await startHarness();
  c = travelClient(h);
  ids = await demoIds(h.db.db);
  other = await otherCompany(h.db.db);
  // The seed puts every level in one standard; free two levels for these tests.
  await h.db.db.deleteFrom("car_standard_levels").where("tripLevelId", "in", [ids.level["管理层"], ids.level["差旅专员"]]).execute();
});
afterAll(async () => h?.close());

describe("/car/allCity", () => {
  it("answers the prefecture-level cities with pinyin to any member", async () => {
    const r = await c.as(DEMO.traveller, "/car/allCity");
    expect(r.ret).toBe(0);
    expect(r.data.length).toBeGreaterThan(300);
    expect(r.data).toContainEqual({ code: "1101", name: "北京市", provinceName: "北京市", pinyin: "beijing", initial: "B" });
    expect(r.data).toContainEqual({ code: "5001", name: "重庆市", provinceName: "重庆市", pinyin: "chongqing", initial: "C" });
    expect(r.data.some((x: { name: string }) => /市辖区|直辖县级/.test(x.name))).toBe(false);
    expect((await c.as(null, "/car/allCity")).ret).toBe(401);
  });
});

describe("saving car standards", () => {
  it("adds a standard for two levels, with the city list's names", async () => {
    const r = await admin("/car/standard/add_or_update", { ...NIGHT, tripLevelIds: [ids.level["管理层"], ids.level["差旅专员"]] });
    expect(r.ret).toBe(0);
    expect(r.data).toMatchObject({
      name: "夜间用车", carTypes: ["business", "comfort"], carTypeNames: ["商务型", "舒适型"], allCities: false,
      cities: [{ code: "3101", name: "上海市" }, { code: "4403", name: "深圳市" }], timeWindows: [{ start: "21:00", end: "06:00" }],
      perRideCapFen: 30000, monthlyCapFen: null,
      tripLevels: [{ id: ids.level["管理层"], name: "管理层" }, { id: ids.level["差旅专员"], name: "差旅专员" }],
    });
    expect((await admin("/car/standard_detail", { id: r.data.id })).data).toEqual(r.data);
    const mine = await c.as(DEMO.traveller, "/member/center/my_standard");
    expect(mine.data.summary.car).toEqual(["可选车型：商务型、舒适型", "用车城市：上海市、深圳市", "用车时段：21:00-06:00", "单次限额：300 元"]);
  });

  it("updates by id, moving levels; a level already in another standard is refused with nothing written", async () => {
    const list = await admin("/car/standard_list", { orderBy: "name", orderType: "asc" });
    const night = list.data.list.find((s: { name: string }) => s.name === "夜间用车");
    const before = await counts(h.db.db, POLICY_TABLES);
    const clash = await admin("/car/standard/add_or_update", { ...NIGHT, id: night.id, tripLevelIds: [ids.level["普通员工"]] });
    expect(clash).toMatchObject({ ret: 400, msg: "差旅等级「普通员工」已适用用车标准「市内用车标准」", data: { errors: { tripLevelIds: clash.msg } } });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
    expect((await admin("/car/standard_detail", { id: night.id })).data.tripLevels).toHaveLength(2);

    const moved = await admin("/car/standard/add_or_update", { ...NIGHT, id: night.id, name: "夜间用车（管理层）", allCities: 1, tripLevelIds: [ids.level["管理层"]] });
    expect(moved.data).toMatchObject({ id: night.id, name: "夜间用车（管理层）", allCities: true, cities: [], tripLevels: [{ name: "管理层" }] });
    expect((await c.as(DEMO.traveller, "/member/center/my_standard")).data.carStandard).toBeNull();
  });

  it("rejects bad input and unknown cities, writing nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    const level = [ids.level["差旅专员"]];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...NIGHT, tripLevelIds: level, name: "" }, "name", "请输入用车标准名称"],
      [{ ...NIGHT, tripLevelIds: [] }, "tripLevelIds", "请选择适用的差旅等级"],
      [{ ...NIGHT, tripLevelIds: level, carTypes: ["truck"] }, "carTypes.0", "车型不正确"],
      [{ ...NIGHT, tripLevelIds: level, cities: [] }, "cities", "请选择用车城市"],
      [{ ...NIGHT, tripLevelIds: level, timeWindows: [{ start: "9:00", end: "18:00" }] }, "timeWindows.0.start", "时间格式为 HH:mm"],
      [{ ...NIGHT, tripLevelIds: level, monthlyCapFen: 100 }, "monthlyCapFen", "每月限额不能低于单次限额"],
      [{ ...NIGHT, tripLevelIds: level, cities: [{ code: "9999", name: "桃源" }] }, "cities.0.code", "未知的城市：桃源"],
      [{ ...NIGHT, tripLevelIds: [other.levelId] }, "tripLevelIds", "适用差旅等级不正确"],
    ];
    for (const [body, field, msg] of cases) {
      const r = await admin("/car/standard/add_or_update", body);
      expect(r, field).toMatchObject({ ret: 400, msg });
      if (field !== "tripLevelIds" || msg !== "适用差旅等级不正确") expect(r.data.errors[field], field).toBe(msg);
    }
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });
});

describe("concurrent saves", () => {
  it("for one free trip level keep one standard and refuse the other", async () => {
    const free = ids.level["差旅专员"];
    const body = (name: string) => ({ ...NIGHT, name, tripLevelIds: [free] });
    const replies = await Promise.all([admin("/car/standard/add_or_update", body("并发一")), admin("/car/standard/add_or_update", body("并发二"))]);
    expect(replies.map((r) => r.ret).sort()).toEqual([0, 400]);
    const saved = replies.find((r) => r.ret === 0)!;
    expect((await admin("/car/standard_list", { tripLevelId: free })).data.list.map((s: { id: number }) => s.id)).toEqual([saved.data.id]);
    expect((await admin("/car/standard_list", { keyword: "并发" })).data.total).toBe(1);
    expect(await admin("/car/standard_delete", { id: saved.data.id })).toMatchObject({ ret: 0 });
  });
});

describe("the list", () => {
  it("filters by name and trip level, sorts and pages", async () => {
    const all = await admin("/car/standard_list");
    expect(all.data.total).toBe(2);
    expect((await admin("/car/standard_list", { keyword: "夜间" })).data.list.map((s: { name: string }) => s.name)).toEqual(["夜间用车（管理层）"]);
    expect((await admin("/car/standard_list", { tripLevelId: ids.level["普通员工"] })).data.list.map((s: { name: string }) => s.name)).toEqual(["市内用车标准"]);
    expect((await admin("/car/standard_list", { tripLevelId: ids.level["差旅专员"] })).data.total).toBe(0);
    const asc = await admin("/car/standard_list", { orderBy: "name", orderType: "asc" });
    const desc = await admin("/car/standard_list", { orderBy: "name", orderType: "desc" });
    expect(desc.data.list.map((s: { id: number }) => s.id)).toEqual(asc.data.list.map((s: { id: number }) => s.id).reverse());
    expect((await admin("/car/standard_list", { pageSize: 1, pageNum: 2 })).data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1, list: [expect.any(Object)] });
    expect(await admin("/car/standard_list", { orderBy: "carTypes" })).toMatchObject({ ret: 400, msg: "不支持的排序字段" });
  });
});

describe("access and other companies", () => {
  it("answers 403 to all but 70, and 403 for another company's standard", async () => {
    const theirs = await c.as(other.mobiles.admin, "/car/standard/add_or_update", { ...NIGHT, name: "远航用车", tripLevelIds: [other.levelId] });
    expect(theirs.ret).toBe(0);
    const before = await counts(h.db.db, POLICY_TABLES);
    for (const mobile of [DEMO.head, DEMO.traveller, DEMO.individual]) {
      for (const url of ["/car/standard_list", "/car/standard_detail", "/car/standard/add_or_update", "/car/standard_delete"]) {
        expect((await c.as(mobile, url, { id: theirs.data.id })).ret, `${url} as ${mobile}`).toBe(403);
      }
    }
    expect(await admin("/car/standard_detail", { id: theirs.data.id })).toMatchObject({ ret: 403, msg: "无权查看或操作其他企业的数据" });
    expect(await admin("/car/standard_delete", { id: theirs.data.id })).toMatchObject({ ret: 403 });
    expect(await admin("/car/standard/add_or_update", { ...NIGHT, id: theirs.data.id, tripLevelIds: [ids.level["差旅专员"]] })).toMatchObject({ ret: 403 });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
    expect((await admin("/car/standard_list")).data.list.map((s: { name: string }) => s.name)).not.toContain("远航用车");
  });

  it("deletes its own standard and frees its levels", async () => {
    const night = (await admin("/car/standard_list", { keyword: "夜间" })).data.list[0];
    expect(await admin("/car/standard_delete", { id: night.id })).toMatchObject({ ret: 0, data: { id: night.id } });
    expect(await admin("/car/standard_detail", { id: night.id })).toMatchObject({ ret: 404, msg: "未找到该用车标准" });
    expect(await counts(h.db.db, ["car_standard_levels"])).toEqual({ car_standard_levels: 3 });
  });
});
