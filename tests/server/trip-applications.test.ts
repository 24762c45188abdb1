// Trip applications (/credit/add_apply_note, find_apply_note, get_trip_apply_note,
// apply_note/submit|withdraw|delete|usable): an employee with trip flags drafts, edits, submits,
// withdraws while pending and books against approved ones; others are refused; refused changes
// write nothing. The clock is fixed, so "today" is known. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { fakeClock, realClock } from "./account-helpers";
import { DEMO, POLICY_TABLES, counts, demoIds, otherCompany, travelClient } from "./travel-helpers";

// 10:00 on 1 March 2030 in China.
const T0 = Date.parse("2030-03-01T02:00:00.000Z");
let clock: ReturnType<typeof fakeClock>;
let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof otherCompany>>;
const me = (url: string, body: Record<string, unknown> = {}) => c.as(DEMO.traveller, url, body);

const trip = (over: Record<string, unknown> = {}) => ({
  purpose: "拜访上海客户",
  scope: "domestic",
  startDate: "2030-3-5",
  endDate: "2030-03-07",
  fromCity: "北京",
  toCities: ["上海", "杭州"],
  travellerEmployeeIds: [] as number[],
  externalTravellers: [{ name: "王五", mobilePhone: "13912345678" }],
  modes: ["flight", "hotel"],
  budgetFen: 500000,
  remark: "含客户接待",
  ...over,
});

beforeAll(async () => {
  clock = fakeClock(T0);
  h = await startHarness();
  c = travelClient(h);
  ids = await demoIds(h.db.db);
  other = await otherCompany(h.db.db);
});
afterAll(async () => {
  realClock();
  await h?.close();
});

describe("drafting, editing and submitting", () => {
  let id = 0;

  it("saves a draft with its number, travellers and nothing to approve yet", async () => {
    const r = await me("/credit/add_apply_note", trip({ travellerEmployeeIds: [ids.employee[DEMO.traveller], ids.employee[DEMO.staff]] }));
    expect(r.ret).toBe(0);
    id = r.data.id;
    expect(r.data).toMatchObject({
      noteNo: `SQ20300301${String(id).padStart(6, "0")}`, purpose: "拜访上海客户", scope: "domestic", scopeLabel: "国内", startDate: "2030-03-05", endDate: "2030-03-07",
      fromCity: "北京", toCities: ["上海", "杭州"], modes: ["flight", "hotel"], modeLabels: ["飞机", "酒店"], budgetFen: 500000, remark: "含客户接待",
      travellers: {
        employees: [{ employeeId: ids.employee[DEMO.traveller], name: "黄磊", mobilePhone: DEMO.traveller }, { employeeId: ids.employee[DEMO.staff], name: "杨帆", mobilePhone: DEMO.staff }],
        externals: [{ name: "王五", mobilePhone: "13912345678" }],
      },
      approval: { status: "draft", statusLabel: "草稿", level: 0, levelCount: 0, levels: [], history: [], actions: ["submit"], countdown: null, title: "出差申请 · 北京 → 上海、杭州 · 2030-03-05 至 2030-03-07" },
    });
    expect(await counts(h.db.db, ["trip_application_travellers", "jobs", "approval_steps"])).toEqual({ trip_application_travellers: 2, jobs: 0, approval_steps: 0 });
  });

  it("edits the draft by id", async () => {
    const r = await me("/credit/add_apply_note", trip({ id, purpose: "拜访上海和杭州客户", toCities: ["上海"], travellerEmployeeIds: [ids.employee[DEMO.traveller]], budgetFen: 420000 }));
    expect(r.data).toMatchObject({ id, purpose: "拜访上海和杭州客户", toCities: ["上海"], budgetFen: 420000, approval: { status: "draft", amountFen: 420000, title: "出差申请 · 北京 → 上海 · 2030-03-05 至 2030-03-07" } });
    expect(await counts(h.db.db, ["trip_applications", "trip_application_travellers"])).toEqual({ trip_applications: 1, trip_application_travellers: 1 });
  });

  it("submits it to the company's flow: level 1 waits for the department head, with a deadline", async () => {
    const r = await me("/credit/apply_note/submit", { id });
    expect(r.data.approval).toMatchObject({
      status: "pending", statusLabel: "审批中", level: 1, levelCount: 2, flowName: "差旅审批（部门主管→企业管理员）", actions: ["withdraw"],
      submitTime: new Date(T0).toISOString(),
      countdown: { at: new Date(T0 + 24 * 3_600_000).toISOString(), kind: "level", remainingSeconds: 24 * 3600 },
      levels: [
        { level: 1, state: "current", timeoutHours: 24, approvers: [{ name: "陈静", via: "departmentHead" }], decision: null },
        { level: 2, state: "waiting", timeoutHours: 48, approvers: [{ name: "刘建国", via: "admin" }], decision: null },
      ],
      history: [{ level: 0, action: "submit", actionLabel: "提交申请", actorName: "黄磊", fromStatus: "draft", toStatus: "pending" }],
    });
    const jobs = await h.db.db.selectFrom("jobs").select(["kind", "runAt", "payload"]).execute();
    expect(jobs).toEqual([{ kind: "approval.level-timeout", runAt: new Date(T0 + 24 * 3_600_000).toISOString(), payload: JSON.stringify({ approvalId: r.data.approval.id, level: 1, deadline: new Date(T0 + 24 * 3_600_000).toISOString() }) }]);
  });

  it("refuses to edit, submit again or delete what is submitted, writing nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    expect(await me("/credit/add_apply_note", trip({ id }))).toMatchObject({ ret: 409, msg: "该申请已提交，不能再修改" });
    expect(await me("/credit/apply_note/submit", { id })).toMatchObject({ ret: 409, msg: "该申请已提交，请勿重复提交" });
    expect(await me("/credit/apply_note/delete", { id })).toMatchObject({ ret: 409, msg: "已提交的申请不能删除，审批中的申请可以撤回" });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
    expect((await me("/credit/get_trip_apply_note", { id })).data.purpose).toBe("拜访上海和杭州客户");
  });

  it("withdraws while pending, with a note; once withdrawn nothing more happens", async () => {
    const r = await me("/credit/apply_note/withdraw", { id, comment: "行程取消" });
    expect(r.data.approval).toMatchObject({ status: "withdrawn", statusLabel: "已撤回", countdown: null, actions: [], finishTime: new Date(T0).toISOString() });
    expect(r.data.approval.history.at(-1)).toMatchObject({ action: "withdraw", actorName: "黄磊", comment: "行程取消", fromStatus: "pending", toStatus: "withdrawn" });
    const before = await counts(h.db.db, POLICY_TABLES);
    expect(await me("/credit/apply_note/withdraw", { id })).toMatchObject({ ret: 409, msg: "该申请已撤回，不能再操作" });
    expect(await c.as(DEMO.head, "/credit/op_apply_note", { approvalId: r.data.approval.id, action: "approve" })).toMatchObject({ ret: 409, msg: "该申请已撤回，不能再操作" });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });

  it("saves and submits at once, and deletes a draft", async () => {
    const submitted = await me("/credit/add_apply_note", trip({ submit: 1, scope: "intl", fromCity: "上海", toCities: ["东京"] }));
    expect(submitted.data).toMatchObject({ scopeLabel: "国际", approval: { status: "pending", level: 1 } });
    const draft = await me("/credit/add_apply_note", trip({ purpose: "草稿待删" }));
    expect(await me("/credit/apply_note/withdraw", { id: draft.data.id })).toMatchObject({ ret: 409, msg: "该申请尚未提交，无需撤回，可直接删除" });
    expect(await me("/credit/apply_note/delete", { id: draft.data.id })).toMatchObject({ ret: 0, data: { id: draft.data.id } });
    expect(await me("/credit/get_trip_apply_note", { id: draft.data.id })).toMatchObject({ ret: 404, msg: "未找到该出差申请" });
  });

  it("will not submit a draft whose start date has passed", async () => {
    const draft = await me("/credit/add_apply_note", trip({ purpose: "过期草稿", startDate: "2030-03-01", endDate: "2030-03-01" }));
    clock.advance(24 * 3_600_000);
    try {
      const before = await counts(h.db.db, POLICY_TABLES);
      expect(await me("/credit/apply_note/submit", { id: draft.data.id })).toMatchObject({ ret: 400, msg: "出发日期已过，请修改后再提交" });
      expect(await me("/credit/add_apply_note", trip({ startDate: "2030-03-01" }))).toMatchObject({ ret: 400, msg: "出发日期不能早于今天", data: { errors: { startDate: "出发日期不能早于今天" } } });
      expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
    } finally {
      clock.advance(-24 * 3_600_000);
    }
    await me("/credit/apply_note/delete", { id: draft.data.id });
  });
});

describe("bad input", () => {
  it("answers the first error in Chinese and writes nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    const cases: [Record<string, unknown>, string, string][] = [
      [trip({ purpose: "" }), "purpose", "请填写出差事由"],
      [trip({ endDate: "2030-03-04" }), "endDate", "返回日期不能早于出发日期"],
      [trip({ toCities: [] }), "toCities", "请填写目的地城市"],
      [trip({ externalTravellers: [] }), "travellerEmployeeIds", "请至少选择一位出行人"],
      [trip({ modes: ["boat"] }), "modes.0", "出行方式不正确"],
      [trip({ budgetFen: "12.5" }), "budgetFen", "预算须为 0.01 到 1000 万元之间的金额"],
      [trip({ travellerEmployeeIds: [other.traveller.employeeId] }), "travellerEmployeeIds", "出行员工须为本企业员工"],
    ];
    for (const [body, field, msg] of cases) expect(await me("/credit/add_apply_note", body), field).toMatchObject({ ret: 400, msg, data: { errors: { [field]: msg } } });
    expect((await me("/credit/add_apply_note", { ...trip(), applicantMemberId: 1 })).ret).toBe(400);
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });
});

describe("the list and the detail", () => {
  it("lists my applications with their progress, filtered, sorted and paged", async () => {
    const all = await me("/credit/find_apply_note");
    expect(all.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    expect(all.data.list.map((a: { approval: { status: string } }) => a.approval.status)).toEqual(["pending", "withdrawn"]);
    expect(all.data.list[0].approval).toMatchObject({ level: 1, currentApprovers: ["陈静"], countdown: { kind: "level" } });
    expect((await me("/credit/find_apply_note", { status: "withdrawn" })).data.list.map((a: { purpose: string }) => a.purpose)).toEqual(["拜访上海和杭州客户"]);
    expect((await me("/credit/find_apply_note", { scope: "intl" })).data.list.map((a: { toCities: string[] }) => a.toCities)).toEqual([["东京"]]);
    expect((await me("/credit/find_apply_note", { keyword: "东京" })).data.total).toBe(1);
    expect((await me("/credit/find_apply_note", { keyword: "SQ2030" })).data.total).toBe(2);
    expect((await me("/credit/find_apply_note", { startDateStart: "2030-03-06" })).data.total).toBe(0);
    expect((await me("/credit/find_apply_note", { startDateStart: "2030-03-05", startDateEnd: "2030-03-05" })).data.total).toBe(2);
    const asc = await me("/credit/find_apply_note", { orderBy: "createTime", orderType: "asc" });
    expect(asc.data.list.map((a: { id: number }) => a.id)).toEqual(all.data.list.map((a: { id: number }) => a.id).reverse());
    expect((await me("/credit/find_apply_note", { pageSize: 1, pageNum: 2 })).data).toMatchObject({ total: 2, list: [{ approval: { status: "withdrawn" } }] });
    expect(await me("/credit/find_apply_note", { status: "lost" })).toMatchObject({ ret: 400, msg: "审批状态不正确" });
    // A colleague's list holds only their own.
    expect((await c.as(DEMO.head, "/credit/find_apply_note")).data.total).toBe(0);
  });

  it("shows an application to its applicant only", async () => {
    const id = (await me("/credit/find_apply_note")).data.list[0].id;
    expect(await c.as(DEMO.head, "/credit/get_trip_apply_note", { id })).toMatchObject({ ret: 403, msg: "只能查看和操作自己的出差申请" });
    expect(await c.as(DEMO.head, "/credit/apply_note/withdraw", { id })).toMatchObject({ ret: 403 });
    expect(await c.as(other.mobiles.traveller, "/credit/get_trip_apply_note", { id })).toMatchObject({ ret: 403, msg: "无权查看或操作其他企业的数据" });
    expect(await me("/credit/get_trip_apply_note", { id: 999999 })).toMatchObject({ ret: 404 });
  });
});

describe("access", () => {
  it("is for employees with trip flags: the 72 without them, the 70 and individuals are refused", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    for (const url of ["/credit/find_apply_note", "/credit/add_apply_note", "/credit/get_trip_apply_note", "/credit/apply_note/submit", "/credit/apply_note/withdraw", "/credit/apply_note/delete"]) {
      expect((await c.as(null, url, trip({ id: 1 }))).ret, url).toBe(401);
      for (const mobile of [DEMO.staff, DEMO.admin, DEMO.individual, "13800000040"]) expect((await c.as(mobile, url, trip({ id: 1 }))).ret, `${url} as ${mobile}`).toBe(403);
    }
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });
});

describe("approved applications for booking", () => {
  it("offers the approved, unfinished applications of the applicant and the employees travelling on them", async () => {
    const a = await me("/credit/add_apply_note", trip({ submit: 1, purpose: "北京项目验收", travellerEmployeeIds: [ids.employee[DEMO.head]], toCities: ["北京"], fromCity: "上海" }));
    const approvalId = a.data.approval.id;
    expect((await c.as(DEMO.head, "/credit/op_apply_note", { approvalId, action: "approve", level: 1 })).ret).toBe(0);
    expect((await me("/credit/apply_note/usable")).data.total).toBe(0);
    expect((await c.as(DEMO.admin, "/credit/op_apply_note", { approvalId, action: "approve", level: 2, comment: "同意" })).ret).toBe(0);
    const usable = await me("/credit/apply_note/usable");
    expect(usable.data).toMatchObject({ total: 1, list: [{ id: a.data.id, purpose: "北京项目验收" }] });
    // 陈静 travels on it (and has trip flags), so she may book against it too.
    expect((await c.as(DEMO.head, "/credit/apply_note/usable")).data.list.map((x: { id: number }) => x.id)).toEqual([a.data.id]);
    expect((await c.as(other.mobiles.traveller, "/credit/apply_note/usable")).data.total).toBe(0);
    // Booking for a colleague: the administrator sees the colleague's applications (none of their own);
    // an employee no replace-booker rule lets book for them, or another company, is refused.
    const forColleague = (mobile: string, employeeId: number) => c.as(mobile, "/credit/apply_note/usable", { forEmployeeId: employeeId });
    expect((await c.as(DEMO.admin, "/credit/apply_note/usable")).data.total).toBe(0);
    expect((await forColleague(DEMO.admin, ids.employee[DEMO.traveller])).data.list.map((x: { id: number }) => x.id)).toEqual([a.data.id]);
    expect((await forColleague(DEMO.admin, ids.employee[DEMO.head])).data.list.map((x: { id: number }) => x.id)).toEqual([a.data.id]);
    expect((await forColleague(DEMO.admin, ids.employee[DEMO.staff])).data.total).toBe(0);
    expect((await forColleague(DEMO.staff, ids.employee[DEMO.traveller])).ret).toBe(403);
    expect((await forColleague(other.mobiles.traveller, ids.employee[DEMO.traveller])).ret).toBe(403);
    expect((await c.as(DEMO.individual, "/credit/apply_note/usable")).data.total).toBe(0);
    // Once the trip has ended it is no longer offered.
    clock.advance(7 * 24 * 3_600_000);
    try {
      expect((await me("/credit/apply_note/usable")).data.total).toBe(0);
    } finally {
      clock.advance(-7 * 24 * 3_600_000);
    }
  });
});
