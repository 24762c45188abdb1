// The approval engine through its routes (/credit/get_approve_apply_note, approval/detail,
// op_apply_note): every transition, every refused transition with nothing written, concurrent
// double approval, the inbox and who may see what. SQLite and (DATABASE_URL) PostgreSQL.
import { describe, expect, it } from "vitest";
import { DEMO, POLICY_TABLES, counts } from "./travel-helpers";
import { T0, trip, expectInboxTrue, useApprovals } from "./approval-kit";

const { kit, db, apply, decide, approval, steps } = useApprovals();

describe("a two-level approval", () => {
  it("goes department head → administrator; the administrator rejects with a comment the traveller sees", async () => {
    const a = await apply();
    const todo = await kit.c.as(DEMO.head, "/credit/get_approve_apply_note");
    expect(todo.data.list.map((x: { id: number }) => x.id)).toContain(a.id);
    expect((await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note")).data.list.map((x: { id: number }) => x.id)).not.toContain(a.id);

    const first = await decide(DEMO.head, a.id, "approve", { level: 1, comment: "同意出差" });
    expect(first.data).toMatchObject({ status: "pending", level: 2, levels: [{ state: "done", decision: { action: "approve", actorName: "陈静", comment: "同意出差" } }, { state: "current" }] });
    expect(first.data.subject).toMatchObject({ purpose: "深圳供应商考察", toCities: ["深圳"] });
    expect((await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note")).data.list.map((x: { id: number }) => x.id)).toContain(a.id);

    const second = await decide(DEMO.admin, a.id, "reject", { level: 2, comment: "预算超出部门额度" });
    expect(second.data).toMatchObject({ status: "rejected", statusLabel: "已驳回", countdown: null, actions: [] });

    const seen = await kit.c.as(DEMO.traveller, "/credit/get_trip_apply_note", { id: second.data.subjectId });
    expect(seen.data.approval).toMatchObject({
      status: "rejected",
      levels: [
        { level: 1, state: "done", decision: { actionLabel: "同意", actorName: "陈静", comment: "同意出差" } },
        { level: 2, state: "done", decision: { actionLabel: "驳回", actorName: "刘建国", comment: "预算超出部门额度" } },
      ],
    });
    expect(seen.data.approval.history.map((s: { action: string; actorName: string; createTime: string }) => [s.action, s.actorName, s.createTime])).toEqual([
      ["submit", "黄磊", new Date(T0).toISOString()], ["approve", "陈静", new Date(T0).toISOString()], ["reject", "刘建国", new Date(T0).toISOString()],
    ]);
    // Decided by each: in their "done" box, out of "todo".
    expect((await kit.c.as(DEMO.head, "/credit/get_approve_apply_note", { box: "done" })).data.list.map((x: { id: number }) => x.id)).toContain(a.id);
    expect((await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note")).data.list.map((x: { id: number }) => x.id)).not.toContain(a.id);
  });

  it("approves at the last level, and the approval is then final", async () => {
    const a = await apply();
    await decide(DEMO.head, a.id, "approve", { level: 1 });
    const done = await decide(DEMO.admin, a.id, "approve", { level: 2 });
    expect(done.data).toMatchObject({ status: "approved", statusLabel: "已通过", finishTime: new Date(T0).toISOString() });
    const before = await counts(db(), POLICY_TABLES);
    expect(await decide(DEMO.admin, a.id, "approve", { level: 2 })).toMatchObject({ ret: 409, msg: "该申请已审批通过，不能再操作" });
    expect(await decide(DEMO.admin, a.id, "reject", { comment: "改主意" })).toMatchObject({ ret: 409, msg: "该申请已审批通过，不能再操作" });
    expect(await kit.c.as(DEMO.traveller, "/credit/apply_note/withdraw", { id: done.data.subjectId })).toMatchObject({ ret: 409, msg: "该申请已审批通过，不能再操作" });
    expect(await counts(db(), POLICY_TABLES)).toEqual(before);
  });
});

describe("the same approver at two levels in a row", () => {
  it("approves once: the approval carries over to the next level, recorded as such, and nobody is asked for it", async () => {
    // The flow names the department head at level 1 and, by name, the same person at level 2.
    const flow = await db().selectFrom("approval_flows").select(["id", "levels"]).where("companyId", "=", kit.ids.companyId).executeTakeFirstOrThrow();
    const levels = [{ approvers: [{ type: "departmentHead" }], timeoutHours: null }, { approvers: [{ type: "employee", employeeId: kit.ids.employee[DEMO.head] }], timeoutHours: null }];
    await db().updateTable("approval_flows").set({ levels: JSON.stringify(levels) }).where("id", "=", flow.id).execute();
    try {
      const a = await apply();
      const done = await decide(DEMO.head, a.id, "approve", { level: 1, comment: "同意" });
      expect(done.data).toMatchObject({ status: "approved", statusLabel: "已通过" });
      expect(await steps(a.id)).toEqual([
        { level: 0, action: "submit", actorName: "黄磊", comment: null },
        { level: 1, action: "approve", actorName: "陈静", comment: "同意" },
        { level: 2, action: "approve", actorName: "陈静", comment: "第 1 级已由本人同意，本级自动通过" },
      ]);
      // The head was asked once (for level 1), never for level 2.
      const asked = await db().selectFrom("notifications").select("id").where("memberId", "=", kit.ids.member[DEMO.head]).where("subjectId", "=", a.id).execute();
      expect(asked).toHaveLength(1);
    } finally {
      await db().updateTable("approval_flows").set({ levels: flow.levels }).where("id", "=", flow.id).execute();
    }
  });
});

describe("refused transitions change nothing", () => {
  it("refuses approving twice, out of turn, your own, without a reason to reject, and on a withdrawn one", async () => {
    const a = await apply();
    await decide(DEMO.head, a.id, "approve", { level: 1 });
    const row = await approval(a.id);
    const before = await counts(db(), POLICY_TABLES);
    // Twice: the level seen has moved on; without naming it, it is no longer the head's turn.
    expect(await decide(DEMO.head, a.id, "approve", { level: 1 })).toMatchObject({ ret: 409, msg: "第 1 级审批已处理，该申请现处于第 2 级，请刷新后查看" });
    expect(await decide(DEMO.head, a.id, "approve")).toMatchObject({ ret: 409, msg: "当前不是您的审批环节" });
    // Out of turn: the partner user may audit but is not on this approval.
    expect(await decide(DEMO.partner, a.id, "approve")).toMatchObject({ ret: 409, msg: "当前不是您的审批环节" });
    // Rejecting needs a reason.
    expect(await decide(DEMO.admin, a.id, "reject", { comment: "" })).toMatchObject({ ret: 400, msg: "驳回时请填写审批意见", data: { errors: { comment: "驳回时请填写审批意见" } } });
    expect(await counts(db(), POLICY_TABLES)).toEqual(before);
    expect(await approval(a.id)).toEqual(row);

    // Own: the head applies; her level 1 falls to the administrator, and she cannot decide it.
    const own = await apply(DEMO.head);
    expect((await kit.c.as(DEMO.head, "/credit/get_trip_apply_note", { id: (await approval(own.id)).subjectId })).data.approval.levels[0].approvers).toEqual([
      { memberId: expect.any(Number), name: "刘建国", via: "admin" },
    ]);
    const ownBefore = await counts(db(), POLICY_TABLES);
    expect(await decide(DEMO.head, own.id, "approve")).toMatchObject({ ret: 409, msg: "不能审批自己的申请" });
    expect(await counts(db(), POLICY_TABLES)).toEqual(ownBefore);

    // Withdrawn.
    await kit.c.as(DEMO.traveller, "/credit/apply_note/withdraw", { id: row.subjectId });
    const gone = await counts(db(), POLICY_TABLES);
    expect(await decide(DEMO.admin, a.id, "approve")).toMatchObject({ ret: 409, msg: "该申请已撤回，不能再操作" });
    expect(await counts(db(), POLICY_TABLES)).toEqual(gone);
  });

  it("answers 404 for no such approval and 403 for another company's", async () => {
    const theirs = await kit.c.as(kit.other.mobiles.traveller, "/credit/add_apply_note", trip());
    expect(theirs.ret).toBe(0);
    const before = await counts(db(), POLICY_TABLES);
    expect(await decide(DEMO.admin, 999999, "approve")).toMatchObject({ ret: 404, msg: "未找到该审批单" });
    expect(await decide(DEMO.admin, theirs.data.approval.id, "approve")).toMatchObject({ ret: 403, msg: "无权查看或操作其他企业的数据" });
    expect(await kit.c.as(DEMO.admin, "/credit/approval/detail", { id: theirs.data.approval.id })).toMatchObject({ ret: 403 });
    expect(await counts(db(), POLICY_TABLES)).toEqual(before);
    // A company without a flow sends everything to its administrator, who decides it.
    expect(theirs.data.approval).toMatchObject({ flowName: "默认流程（企业管理员审批）", levels: [{ approvers: [{ name: "钱总", via: "admin" }] }] });
    expect(await kit.c.as(kit.other.mobiles.head, "/credit/op_apply_note", { approvalId: theirs.data.approval.id, action: "approve" })).toMatchObject({ ret: 409, msg: "当前不是您的审批环节" });
    expect((await kit.c.as(kit.other.mobiles.admin, "/credit/op_apply_note", { approvalId: theirs.data.approval.id, action: "approve" })).data.status).toBe("approved");
  });
});

describe("concurrent decisions", () => {
  it("let exactly one of two approvers of a level succeed", async () => {
    // A flow whose first level is the head or the administrator, for this test only; its second is
    // someone else, so whichever of the two wins, level 2 waits (an approver of both levels would
    // carry their approval over).
    const flow = await kit.c.as(DEMO.admin, "/credit/approve_flow/save", {
      name: "并发测试", covers: "trip", allEmployees: 0, employeeIds: [kit.ids.employee[DEMO.traveller]],
      levels: [{ approvers: [{ type: "employee", employeeId: kit.ids.employee[DEMO.head] }, { type: "admin" }] }, { approvers: [{ type: "employee", employeeId: kit.ids.employee[DEMO.staff] }] }], onTimeout: "next",
    });
    try {
      for (let round = 0; round < 3; round++) {
        const a = await apply();
        const replies = await Promise.all([decide(DEMO.head, a.id, "approve", { level: 1 }), decide(DEMO.admin, a.id, "approve", { level: 1 })]);
        expect(replies.map((r) => r.ret).sort()).toEqual([0, 409]);
        expect((await steps(a.id)).filter((s) => s.action === "approve")).toHaveLength(1);
        expect(await approval(a.id)).toMatchObject({ status: "pending", level: 2 });
      }
    } finally {
      await kit.c.as(DEMO.admin, "/credit/approve_flow/delete", { id: flow.data.id });
    }
  });

  it("let one approver's double click succeed once", async () => {
    const a = await apply();
    const replies = await Promise.all([decide(DEMO.head, a.id, "approve"), decide(DEMO.head, a.id, "approve"), decide(DEMO.head, a.id, "reject", { comment: "不行" })]);
    expect(replies.filter((r) => r.ret === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.ret === 409)).toHaveLength(2);
    expect((await steps(a.id)).filter((s) => s.action !== "submit")).toHaveLength(1);
  });
});

describe("the inbox and the detail", () => {
  it("lists by box, status and keyword, and pages", async () => {
    const a = await apply(DEMO.traveller, { purpose: "杭州峰会", toCities: ["杭州"] });
    expect((await kit.c.as(DEMO.head, "/credit/get_approve_apply_note", { keyword: "杭州" })).data.list.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await kit.c.as(DEMO.head, "/credit/get_approve_apply_note", { keyword: "黄磊", pageSize: 1 })).data).toMatchObject({ pageSize: 1, list: [expect.any(Object)] });
    const all = await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note", { box: "all", pageSize: 100 });
    expect(all.data.total).toBe(all.data.list.length);
    expect(all.data.list.some((x: { status: string }) => x.status === "draft")).toBe(false);
    const rejected = await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note", { box: "all", status: "rejected", pageSize: 100 });
    expect(rejected.data.list.every((x: { status: string }) => x.status === "rejected")).toBe(true);
    expect(rejected.data.total).toBeGreaterThan(0);
    const asc = await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note", { box: "all", orderBy: "submitTime", orderType: "asc", pageSize: 100 });
    const desc = await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note", { box: "all", orderBy: "submitTime", orderType: "desc", pageSize: 100 });
    expect(desc.data.list.map((x: { id: number }) => x.id)).toEqual(asc.data.list.map((x: { id: number }) => x.id).reverse());
    // An auditing employee's "all" holds only what they take part in.
    expect((await kit.c.as(DEMO.partner, "/credit/get_approve_apply_note", { box: "all" })).data.total).toBe(0);
    expect(await kit.c.as(DEMO.head, "/credit/get_approve_apply_note", { box: "mine" })).toMatchObject({ ret: 400, msg: "列表类型只能是 todo、done 或 all" });
  });

  it("shows the detail to the company's administrator and to participants only", async () => {
    const a = await apply();
    expect((await kit.c.as(DEMO.admin, "/credit/approval/detail", { id: a.id })).data).toMatchObject({ id: a.id, actions: [] });
    expect((await kit.c.as(DEMO.head, "/credit/approval/detail", { id: a.id })).data.actions).toEqual(["approve", "reject"]);
    expect(await kit.c.as(DEMO.partner, "/credit/approval/detail", { id: a.id })).toMatchObject({ ret: 403, msg: "您不是该申请的审批人" });
    expect(await kit.c.as(kit.other.mobiles.admin, "/credit/approval/detail", { id: a.id })).toMatchObject({ ret: 403 });
    expect(await kit.c.as(DEMO.admin, "/credit/approval/detail", { id: 999999 })).toMatchObject({ ret: 404 });
  });

  it("is for 70 and employees who may audit: the traveller, the 72 and individuals are refused", async () => {
    const a = await apply();
    const before = await counts(db(), POLICY_TABLES);
    for (const url of ["/credit/get_approve_apply_note", "/credit/approval/detail", "/credit/op_apply_note"]) {
      expect((await kit.c.as(null, url, { id: a.id, approvalId: a.id, action: "approve" })).ret).toBe(401);
      for (const mobile of [DEMO.traveller, DEMO.staff, DEMO.individual, "13800000050"]) {
        expect((await kit.c.as(mobile, url, { id: a.id, approvalId: a.id, action: "approve" })).ret, `${url} as ${mobile}`).toBe(403);
      }
    }
    expect(await counts(db(), POLICY_TABLES)).toEqual(before);
  });
});

describe("the approvers' inbox rows", () => {
  it("hold what the approvals, their approvers and decisions above give", async () => {
    await expectInboxTrue(db());
  });
});
