// Booking preferences (/api/v1/trip_manager/preference_info, preference_save), replace-booking
// (employee_rsrv, employee_rsrv/save|delete|travellers) and "my standard": 70 manages, employees
// read what applies to them; companies stay apart. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { DEMO, POLICY_TABLES, counts, demoIds, otherCompany, travelClient } from "./travel-helpers";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof otherCompany>>;
const admin = (url: string, body: Record<string, unknown> = {}) => c.as(DEMO.admin, url, body);

const PREFS = {
  hotelConfig: { multiPay: 0 },
  requireApplication: 1,
  overReasons: ["客户指定航班", "其他原因"],
  overSelfPay: 1,
  autoDecisions: { approveWithinStandardMaxFen: 50000, rejectExpiredFare: 0 },
};

beforeAll(async () => {
  h = await startHarness();
  c = travelClient(h);
  ids = await demoIds(h.db.db);
  other = await otherCompany(h.db.db);
});
afterAll(async () => h?.close());

describe("preferences", () => {
  it("answers the defaults, saves, and the company's members see hotel multi-pay", async () => {
    expect((await admin("/api/v1/trip_manager/preference_info")).data).toEqual({
      hotelConfig: { multiPay: 1 }, requireApplication: 0, overReasons: ["航班时刻原因", "会议或客户要求", "低价舱位已售罄", "同行人员统一安排", "其他原因"],
      overSelfPay: 0, autoDecisions: { approveWithinStandardMaxFen: null, rejectExpiredFare: 1 },
    });
    expect((await c.as(DEMO.head, "/member/info")).data.tripInfo).toEqual({ tripPreference: { hotelConfig: { multiPay: 1 } } });
    const saved = await admin("/api/v1/trip_manager/preference_save", PREFS);
    expect(saved).toMatchObject({ ret: 0, data: PREFS });
    expect((await admin("/api/v1/trip_manager/preference_info")).data).toEqual(PREFS);
    expect((await c.as(DEMO.head, "/member/info")).data.tripInfo).toEqual({ tripPreference: { hotelConfig: { multiPay: 0 } } });
    expect((await c.as(DEMO.admin, "/member/info")).data.tripInfo).toEqual({ tripPreference: { hotelConfig: { multiPay: 0 } } });
    expect((await c.as(DEMO.traveller, "/member/center/my_standard")).data.overReasons).toEqual(["客户指定航班", "其他原因"]);
    // Another company still has its defaults.
    expect((await c.as(other.mobiles.admin, "/api/v1/trip_manager/preference_info")).data.hotelConfig).toEqual({ multiPay: 1 });
  });

  it("rejects bad input and writes nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...PREFS, hotelConfig: { multiPay: 2 } }, "酒店组合支付设置不正确"],
      [{ ...PREFS, overReasons: [] }, "请至少设置一条超标原因"],
      [{ ...PREFS, overReasons: ["a", "a"] }, "超标原因不能重复"],
      [{ ...PREFS, autoDecisions: { ...PREFS.autoDecisions, approveWithinStandardMaxFen: -5 } }, "自动审批金额须为 0.01 到 1000 万元之间的金额"],
    ];
    for (const [body, msg] of cases) expect(await admin("/api/v1/trip_manager/preference_save", body)).toMatchObject({ ret: 400, msg });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });

  it("is the 70's alone", async () => {
    for (const mobile of [DEMO.head, DEMO.traveller, DEMO.individual]) {
      expect((await c.as(mobile, "/api/v1/trip_manager/preference_info")).ret).toBe(403);
      expect((await c.as(mobile, "/api/v1/trip_manager/preference_save", PREFS)).ret).toBe(403);
    }
  });
});

describe("replace-booking", () => {
  it("lets an employee book only for themselves until a rule says more", async () => {
    const r = await c.as(DEMO.head, "/api/v1/trip_manager/employee_rsrv/travellers");
    expect(r.data).toMatchObject({ total: 1, list: [{ employeeId: ids.employee[DEMO.head], realName: "陈静", self: true }] });
  });

  it("saves a rule per booker (again: an update) and the booker sees whom they may book for", async () => {
    const r = await admin("/api/v1/trip_manager/employee_rsrv/save", { bookerEmployeeId: ids.employee[DEMO.head], scope: "departments", departmentIds: [ids.dept["研发部"]] });
    expect(r).toMatchObject({ ret: 0, data: { bookerName: "陈静", bookerDepartmentName: "研发部", scope: "departments", scopeLabel: "指定部门员工", departments: [{ name: "研发部" }], employees: [] } });
    const mine = await c.as(DEMO.head, "/api/v1/trip_manager/employee_rsrv/travellers", { orderBy: "realName", orderType: "asc" });
    expect(mine.data.list.map((e: { realName: string }) => e.realName).sort()).toEqual(["陈静", "黄磊"].sort());

    const again = await admin("/api/v1/trip_manager/employee_rsrv/save", { bookerEmployeeId: ids.employee[DEMO.head], scope: "employees", employeeIds: [ids.employee[DEMO.staff]] });
    expect(again.data).toMatchObject({ id: r.data.id, scope: "employees", employees: [{ id: ids.employee[DEMO.staff], name: "杨帆" }], departments: [] });
    expect(await counts(h.db.db, ["replace_bookers"])).toEqual({ replace_bookers: 1 });
    const now = await c.as(DEMO.head, "/api/v1/trip_manager/employee_rsrv/travellers", { keyword: "杨" });
    expect(now.data.list.map((e: { realName: string }) => e.realName)).toEqual(["杨帆"]);
    // The booker comes with every answer, whatever the keyword or page, so forms can start with them.
    expect(now.data.self).toMatchObject({ employeeId: ids.employee[DEMO.head], realName: "陈静", self: true });

    await admin("/api/v1/trip_manager/employee_rsrv/save", { bookerEmployeeId: ids.employee[DEMO.traveller], scope: "all" });
    expect((await c.as(DEMO.traveller, "/api/v1/trip_manager/employee_rsrv/travellers", { pageSize: 2 })).data).toMatchObject({ total: 4, pageSize: 2 });
  });

  it("lists, filters, sorts and pages the rules", async () => {
    const all = await admin("/api/v1/trip_manager/employee_rsrv");
    expect(all.data.total).toBe(2);
    expect((await admin("/api/v1/trip_manager/employee_rsrv", { keyword: "0073" })).data.list.map((b: { bookerName: string }) => b.bookerName)).toEqual(["黄磊"]);
    expect((await admin("/api/v1/trip_manager/employee_rsrv", { scope: "all" })).data.total).toBe(1);
    const asc = await admin("/api/v1/trip_manager/employee_rsrv", { orderBy: "bookerName", orderType: "asc" });
    const desc = await admin("/api/v1/trip_manager/employee_rsrv", { orderBy: "bookerName", orderType: "desc" });
    expect(desc.data.list.map((b: { id: number }) => b.id)).toEqual(asc.data.list.map((b: { id: number }) => b.id).reverse());
  });

  it("rejects bad input and other companies' people, writing nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: "all" }, "请选择代订人"],
      [{ bookerEmployeeId: ids.employee[DEMO.staff], scope: "departments" }, "请选择可代订的部门"],
      [{ bookerEmployeeId: ids.employee[DEMO.staff], scope: "company" }, "请选择可代订的范围"],
      [{ bookerEmployeeId: other.head.employeeId, scope: "all" }, "代订人不正确"],
      [{ bookerEmployeeId: ids.employee[DEMO.staff], scope: "employees", employeeIds: [other.traveller.employeeId] }, "可代订员工不正确"],
    ];
    for (const [body, msg] of cases) expect(await admin("/api/v1/trip_manager/employee_rsrv/save", body)).toMatchObject({ ret: 400, msg });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });

  it("keeps companies apart and the settings to 70; the booking list to employees and the administrator", async () => {
    const rule = (await admin("/api/v1/trip_manager/employee_rsrv")).data.list[0];
    expect(await c.as(other.mobiles.admin, "/api/v1/trip_manager/employee_rsrv/delete", { id: rule.id })).toMatchObject({ ret: 403, msg: "无权查看或操作其他企业的数据" });
    expect((await c.as(other.mobiles.admin, "/api/v1/trip_manager/employee_rsrv")).data.total).toBe(0);
    for (const url of ["/api/v1/trip_manager/employee_rsrv", "/api/v1/trip_manager/employee_rsrv/save", "/api/v1/trip_manager/employee_rsrv/delete"]) {
      expect((await c.as(DEMO.head, url, { id: rule.id })).ret, url).toBe(403);
    }
    // The administrator books for any employee: the whole staff, none of them the administrator.
    const staff = (await admin("/api/v1/trip_manager/employee_rsrv/travellers")).data;
    expect(staff.total).toBe((await h.db.db.selectFrom("employees").select("id").where("companyId", "=", ids.companyId).execute()).length);
    expect(staff.list.some((e: { self: boolean }) => e.self)).toBe(false);
    expect((await c.as(DEMO.individual, "/api/v1/trip_manager/employee_rsrv/travellers")).ret).toBe(403);
    expect((await c.as(other.mobiles.head, "/api/v1/trip_manager/employee_rsrv/travellers")).data.list.map((e: { realName: string }) => e.realName)).toEqual(["孙悦"]);
    expect(await admin("/api/v1/trip_manager/employee_rsrv/delete", { id: rule.id })).toMatchObject({ ret: 0 });
    expect(await admin("/api/v1/trip_manager/employee_rsrv/delete", { id: rule.id })).toMatchObject({ ret: 404, msg: "未找到该代订设置" });
  });
});

describe("my standard", () => {
  it("is an employee's own, and the 72 with no standard-breaking rights reads as forbid", async () => {
    const staff = await c.as(DEMO.staff, "/member/center/my_standard");
    expect(staff.data).toMatchObject({ tripLevel: { name: "普通员工" }, configured: true, overAction: "forbid", overActionLabel: "禁止预订" });
    expect((await admin("/member/center/my_standard")).ret).toBe(403);
    expect((await c.as(DEMO.individual, "/member/center/my_standard")).ret).toBe(403);
  });
});
