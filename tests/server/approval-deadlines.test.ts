// Approvals that know the clock: a level not decided in time escalates (to the next level, or to
// the administrator), an order's fare deadline counts down and, when the company says so,
// rejects it; orders within the standard and under the company's amount are approved at once.
// Timed steps run from the job table with a controllable clock. SQLite and (DATABASE_URL)
// PostgreSQL.
import { describe, expect, it } from "vitest";
import { DEMO } from "./travel-helpers";
import { HOUR, T0, expectInboxTrue, useApprovals } from "./approval-kit";

const { kit, db, apply, decide, approval, steps, order } = useApprovals();

describe("deadlines", () => {
  it("escalate a level not decided in time to the next level, then the last to the administrator", async () => {
    const a = await apply();
    kit.clock.advance(24 * HOUR - 1);
    expect(await kit.h.app.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    kit.clock.advance(1);
    expect((await kit.h.app.jobs.runDueJobs()).done).toBe(1);
    expect(await approval(a.id)).toMatchObject({ status: "pending", level: 2, levelDeadline: new Date(T0 + 72 * HOUR).toISOString() });
    expect((await steps(a.id)).at(-1)).toEqual({ level: 1, action: "escalate", actorName: "系统", comment: "第 1 级审批超过 24 小时未处理，已转交第 2 级审批" });
    // The head can no longer decide level 1; the administrator now has it.
    expect(await decide(DEMO.head, a.id, "approve")).toMatchObject({ ret: 409, msg: "当前不是您的审批环节" });
    const detail = await kit.c.as(DEMO.traveller, "/credit/get_trip_apply_note", { id: (await approval(a.id)).subjectId });
    expect(detail.data.approval.levels.map((l: { state: string; decision: { actionLabel: string } | null }) => [l.state, l.decision?.actionLabel ?? null])).toEqual([["done", "超时转交"], ["current", null]]);
    expect(detail.data.approval.countdown).toEqual({ at: new Date(T0 + 72 * HOUR).toISOString(), kind: "level", remainingSeconds: 48 * 3600 });

    kit.clock.advance(48 * HOUR);
    expect((await kit.h.app.jobs.runDueJobs()).done).toBe(1);
    expect(await approval(a.id)).toMatchObject({ status: "pending", level: 2, levelDeadline: null });
    expect((await steps(a.id)).at(-1)).toMatchObject({ action: "escalate", comment: "第 2 级审批超过 48 小时未处理，已转交企业管理员审批" });
    expect((await decide(DEMO.admin, a.id, "approve")).data.status).toBe("approved");
  });

  it("do nothing once the level was decided in time", async () => {
    const a = await apply();
    kit.clock.advance(HOUR);
    await decide(DEMO.head, a.id, "approve");
    kit.clock.advance(23 * HOUR);
    expect((await kit.h.app.jobs.runDueJobs()).done).toBe(1);
    expect(await approval(a.id)).toMatchObject({ status: "pending", level: 2, levelDeadline: new Date(T0 + 49 * HOUR).toISOString() });
    expect((await steps(a.id)).map((s) => s.action)).toEqual(["submit", "approve"]);
  });

  it("hand a level to the administrator at once when the flow says so, and the head may still decide", async () => {
    const flow = await kit.c.as(DEMO.admin, "/credit/approve_flow/save", {
      name: "超时交管理员", covers: "trip", allEmployees: 0, employeeIds: [kit.ids.employee[DEMO.traveller]],
      levels: [{ approvers: [{ type: "departmentHead" }], timeoutHours: 2 }, { approvers: [{ type: "admin" }] }], onTimeout: "admin",
    });
    try {
      const a = await apply();
      kit.clock.advance(2 * HOUR);
      await kit.h.app.jobs.runDueJobs();
      expect(await approval(a.id)).toMatchObject({ status: "pending", level: 1, levelDeadline: null });
      const assignees = await db().selectFrom("approval_assignees").select(["level", "memberId", "via"]).where("approvalId", "=", a.id).orderBy("id").execute();
      expect(assignees).toEqual([
        { level: 1, memberId: kit.ids.member[DEMO.head], via: "departmentHead" },
        { level: 2, memberId: expect.any(Number), via: "admin" },
        { level: 1, memberId: expect.any(Number), via: "escalation" },
      ]);
      expect((await kit.c.as(DEMO.admin, "/credit/get_approve_apply_note")).data.list.map((x: { id: number }) => x.id)).toContain(a.id);
      const detail = await kit.c.as(DEMO.admin, "/credit/approval/detail", { id: a.id });
      expect(detail.data.levels[0]).toMatchObject({ state: "current", escalatedToAdmin: true, decision: null, approvers: [{ name: "陈静" }, { name: "刘建国", via: "escalation" }] });
      expect(detail.data.countdown).toBeNull();
      expect((await kit.c.as(DEMO.head, "/credit/approval/detail", { id: a.id })).data.actions).toEqual(["approve", "reject"]);
      // Level 2 is the administrator's too: approving level 1 carries over, and the approval is done.
      expect((await decide(DEMO.admin, a.id, "approve", { level: 1 })).data).toMatchObject({ status: "approved", level: 2 });
      expect((await steps(a.id)).at(-1)).toMatchObject({ level: 2, action: "approve", actorName: "刘建国", comment: "第 1 级已由本人同意，本级自动通过" });
    } finally {
      await kit.c.as(DEMO.admin, "/credit/approve_flow/delete", { id: flow.data.id });
    }
  });
});

describe("orders through the same engine", () => {
  it("count down to the fare's deadline when it comes first, and the inbox puts the nearest first", async () => {
    const trips = await apply();
    const o = await order();
    const todo = await kit.c.as(DEMO.head, "/credit/get_approve_apply_note");
    const ids2 = todo.data.list.map((x: { id: number }) => x.id);
    expect(ids2.indexOf(o.id)).toBeLessThan(ids2.indexOf(trips.id));
    expect(todo.data.list.find((x: { id: number }) => x.id === o.id)).toMatchObject({
      subjectType: "order", title: "机票订单 · 北京 → 深圳 · CA1301", amountFen: 156000, countdown: { kind: "fare", at: new Date(T0 + 2 * HOUR).toISOString(), remainingSeconds: 7200 },
    });
    expect((await kit.c.as(DEMO.head, "/credit/get_approve_apply_note", { subjectType: "order" })).data.list.every((x: { subjectType: string }) => x.subjectType === "order")).toBe(true);
    expect((await kit.c.as(DEMO.head, "/credit/get_approve_apply_note", { subjectType: "trip" })).data.list.every((x: { subjectType: string }) => x.subjectType === "trip")).toBe(true);
    const detail = await kit.c.as(DEMO.head, "/credit/approval/detail", { id: o.id });
    expect(detail.data).toMatchObject({ subjectType: "order", subject: null, actions: ["approve", "reject"] });
  });

  it("are rejected by the system when the fare expires, if the company says so", async () => {
    const o = await order();
    kit.clock.advance(2 * HOUR);
    await kit.h.app.jobs.runDueJobs();
    expect(await approval(o.id)).toMatchObject({ status: "rejected" });
    expect((await steps(o.id)).at(-1)).toEqual({ level: 1, action: "expire", actorName: "系统", comment: "票价已过期，系统自动驳回" });

    const prefs = (await kit.c.as(DEMO.admin, "/api/v1/trip_manager/preference_info")).data;
    await kit.c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", { ...prefs, autoDecisions: { ...prefs.autoDecisions, rejectExpiredFare: 0 } });
    try {
      const kept = await order({ fareDeadline: new Date(T0 + 4 * HOUR).toISOString() });
      kit.clock.advance(2 * HOUR);
      await kit.h.app.jobs.runDueJobs();
      expect(await approval(kept.id)).toMatchObject({ status: "pending", level: 1 });
    } finally {
      await kit.c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", prefs);
    }
  });

  it("are approved at once when within the standard and at most the company's amount", async () => {
    const prefs = (await kit.c.as(DEMO.admin, "/api/v1/trip_manager/preference_info")).data;
    await kit.c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", { ...prefs, autoDecisions: { ...prefs.autoDecisions, approveWithinStandardMaxFen: 100000 } });
    try {
      const auto = await order({ withinStandard: true, amountFen: 100000 });
      expect(auto).toMatchObject({ status: "approved" });
      expect((await steps(auto.id)).map((s) => [s.action, s.actorName, s.comment])).toEqual([
        ["submit", "黄磊", null], ["autoApprove", "系统", "符合差旅标准且金额不超过 1000 元，系统自动审批通过"],
      ]);
      expect(await order({ withinStandard: true, amountFen: 100001 })).toMatchObject({ status: "pending" });
      expect(await order({ withinStandard: false, amountFen: 100 })).toMatchObject({ status: "pending" });
      // A trip application is never within a standard, so it waits for people.
      expect(await apply()).toMatchObject({ status: "pending" });
    } finally {
      await kit.c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", prefs);
    }
  });
});


describe("the approvers' inbox rows", () => {
  it("hold what the approvals, their approvers and decisions above give", async () => {
    await expectInboxTrue(db());
  });
});
