// Approval flows (/credit/approve_flow/list, detail, save, delete): 70 only, own company only,
// approvers named must be allowed to audit, names unique per company, bad input writes nothing.
// SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { DEMO, POLICY_TABLES, counts, demoIds, otherCompany, travelClient } from "./travel-helpers";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof otherCompany>>;
const admin = (url: string, body: Record<string, unknown> = {}) => c.as(DEMO.admin, url, body);

const flow = () => ({
  name: "研发部订单审批",
  covers: "order",
  allEmployees: 0,
  departmentIds: [ids.dept["研发部"]],
  employeeIds: [ids.employee[DEMO.traveller]],
  levels: [
    { approvers: [{ type: "employee", employeeId: ids.employee[DEMO.head] }], timeoutHours: 4 },
    { approvers: [{ type: "departmentHead" }, { type: "admin" }], timeoutHours: "" },
  ],
  onTimeout: "admin",
});

beforeAll(async () => {
  h = await startHarness();
  c = travelClient(h);
  ids = await demoIds(h.db.db);
  other = await otherCompany(h.db.db);
});
afterAll(async () => h?.close());

describe("the seeded flow", () => {
  it("lists the demo company's two-level flow with readable approvers", async () => {
    const r = await admin("/credit/approve_flow/list");
    expect(r.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(r.data.list[0]).toMatchObject({
      name: "差旅审批（部门主管→企业管理员）", covers: "both", coversLabel: "出差申请和订单", allEmployees: true, enabled: true, onTimeout: "next",
      levels: [
        { approvers: [{ type: "departmentHead" }], timeoutHours: 24, approverNames: ["部门主管"] },
        { approvers: [{ type: "admin" }], timeoutHours: 48, approverNames: ["企业管理员"] },
      ],
    });
  });
});

describe("saving", () => {
  let id = 0;

  it("adds a flow for a department and an employee, naming employees and departments", async () => {
    const r = await admin("/credit/approve_flow/save", flow());
    expect(r.ret).toBe(0);
    id = r.data.id;
    expect(r.data).toMatchObject({
      name: "研发部订单审批", covers: "order", allEmployees: false, onTimeout: "admin", enabled: true,
      departments: [{ id: ids.dept["研发部"], name: "研发部" }], employees: [{ id: ids.employee[DEMO.traveller], name: "黄磊" }],
      levels: [
        { approvers: [{ type: "employee", employeeId: ids.employee[DEMO.head] }], timeoutHours: 4, approverNames: ["陈静"] },
        { approvers: [{ type: "departmentHead" }, { type: "admin" }], timeoutHours: null, approverNames: ["部门主管", "企业管理员"] },
      ],
    });
    expect((await admin("/credit/approve_flow/detail", { id })).data).toEqual(r.data);
    // The traveller's orders now go through it; trips still through the company-wide flow.
    expect((await c.as(DEMO.traveller, "/member/center/my_standard")).data.flows).toEqual({ trip: "差旅审批（部门主管→企业管理员）", order: "研发部订单审批" });
  });

  it("updates by id and can disable a flow", async () => {
    const r = await admin("/credit/approve_flow/save", { ...flow(), id, name: "研发部订单审批（停用）", enabled: 0 });
    expect(r.data).toMatchObject({ id, name: "研发部订单审批（停用）", enabled: false });
    expect((await c.as(DEMO.traveller, "/member/center/my_standard")).data.flows.order).toBe("差旅审批（部门主管→企业管理员）");
  });

  it("rejects bad input, approvers who may not audit, others' ids and duplicate names, writing nothing", async () => {
    const before = await counts(h.db.db, POLICY_TABLES);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...flow(), name: " " }, "请输入流程名称"],
      [{ ...flow(), levels: [] }, "请至少设置一级审批"],
      [{ ...flow(), allEmployees: 0, departmentIds: [], employeeIds: [] }, "请选择流程适用的部门或员工"],
      [{ ...flow(), onTimeout: "wait" }, "请选择超时后的处理方式"],
      [{ ...flow(), levels: [{ approvers: [{ type: "employee", employeeId: ids.employee[DEMO.traveller] }] }] }, "黄磊没有审批权限，不能设为审批人"],
      [{ ...flow(), levels: [{ approvers: [{ type: "employee", employeeId: other.head.employeeId }] }] }, "审批人不正确"],
      [{ ...flow(), departmentIds: [other.deptId] }, "适用部门不正确"],
      [{ ...flow(), employeeIds: [other.traveller.employeeId] }, "适用员工不正确"],
      [{ ...flow(), name: "差旅审批（部门主管→企业管理员）" }, "已有同名的审批流程"],
    ];
    for (const [body, msg] of cases) expect(await admin("/credit/approve_flow/save", body), msg).toMatchObject({ ret: 400, msg });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });
});

describe("concurrent saves", () => {
  it("of two new flows with one name keep one and refuse the other", async () => {
    const body = { ...flow(), name: "同时保存的流程" };
    const replies = await Promise.all([admin("/credit/approve_flow/save", body), admin("/credit/approve_flow/save", body)]);
    expect(replies.map((r) => r.ret).sort()).toEqual([0, 400]);
    expect(replies.find((r) => r.ret === 400)?.msg).toBe("已有同名的审批流程");
    const saved = replies.find((r) => r.ret === 0)!;
    expect(await admin("/credit/approve_flow/delete", { id: saved.data.id })).toMatchObject({ ret: 0 });
  });
});

describe("the list", () => {
  it("filters by name, cover and state; a flow for both answers either", async () => {
    expect((await admin("/credit/approve_flow/list", { keyword: "研发" })).data.total).toBe(1);
    expect((await admin("/credit/approve_flow/list", { covers: "order" })).data.total).toBe(2);
    expect((await admin("/credit/approve_flow/list", { covers: "trip" })).data.list.map((f: { name: string }) => f.name)).toEqual(["差旅审批（部门主管→企业管理员）"]);
    expect((await admin("/credit/approve_flow/list", { covers: "both" })).data.total).toBe(1);
    expect((await admin("/credit/approve_flow/list", { enabled: 0 })).data.list.map((f: { name: string }) => f.name)).toEqual(["研发部订单审批（停用）"]);
    const asc = await admin("/credit/approve_flow/list", { orderBy: "createTime", orderType: "asc" });
    expect(asc.data.list.map((f: { name: string }) => f.name)).toEqual(["差旅审批（部门主管→企业管理员）", "研发部订单审批（停用）"]);
    expect((await admin("/credit/approve_flow/list", { pageSize: 1, pageNum: 2, orderBy: "createTime", orderType: "asc" })).data.list[0].name).toBe("研发部订单审批（停用）");
    expect(await admin("/credit/approve_flow/list", { covers: "x" })).toMatchObject({ ret: 400, msg: "审批类型只能是 trip、order 或 both" });
  });
});

describe("access and other companies", () => {
  it("answers 401/403 to all but 70 on every flow route", async () => {
    for (const url of ["/credit/approve_flow/list", "/credit/approve_flow/detail", "/credit/approve_flow/save", "/credit/approve_flow/delete"]) {
      expect((await c.as(null, url, { id: 1 })).ret).toBe(401);
      for (const mobile of [DEMO.head, DEMO.traveller, DEMO.individual, DEMO.partner]) expect((await c.as(mobile, url, { id: 1 })).ret, `${url} ${mobile}`).toBe(403);
    }
  });

  it("keeps companies apart: 403 on another company's flow, each lists its own", async () => {
    const theirs = await c.as(other.mobiles.admin, "/credit/approve_flow/save", { name: "远航审批", covers: "both", allEmployees: 1, levels: [{ approvers: [{ type: "admin" }] }], onTimeout: "next" });
    expect(theirs.ret).toBe(0);
    expect((await c.as(other.mobiles.admin, "/credit/approve_flow/list")).data.total).toBe(1);
    const before = await counts(h.db.db, POLICY_TABLES);
    expect(await admin("/credit/approve_flow/detail", { id: theirs.data.id })).toMatchObject({ ret: 403, msg: "无权查看或操作其他企业的数据" });
    expect(await admin("/credit/approve_flow/save", { ...flow(), name: "夺取", id: theirs.data.id })).toMatchObject({ ret: 403 });
    expect(await admin("/credit/approve_flow/delete", { id: theirs.data.id })).toMatchObject({ ret: 403 });
    expect(await counts(h.db.db, POLICY_TABLES)).toEqual(before);
  });

  it("deletes its own flow", async () => {
    const mine = (await admin("/credit/approve_flow/list", { keyword: "研发" })).data.list[0];
    expect(await admin("/credit/approve_flow/delete", { id: mine.id })).toMatchObject({ ret: 0 });
    expect(await admin("/credit/approve_flow/detail", { id: mine.id })).toMatchObject({ ret: 404, msg: "未找到该审批流程" });
  });
});
