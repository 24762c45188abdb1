// Shared setup of the approval tests: a fresh demo database at a fixed clock, a second company,
// and the calls that make approvals (a traveller's trip application, an order as the booking
// capability will send one) and decide them.
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startHarness, type Harness } from "./harness";
import { fakeClock, realClock } from "./account-helpers";
import { DEMO, demoIds, otherCompany, travelClient } from "./travel-helpers";
import type { Kysely } from "kysely";
import { startApproval } from "../../server/approvals/engine";
import type { Database } from "../../server/db/schema";
import { NO_DEADLINE } from "../../server/db/migrations/112_approval_inbox";

/** 10:00 on 1 March 2030 in China. */
export const T0 = Date.parse("2030-03-01T02:00:00.000Z");
export const HOUR = 3_600_000;

export const trip = (over: Record<string, unknown> = {}) => ({
  purpose: "深圳供应商考察", scope: "domestic", startDate: "2030-03-10", endDate: "2030-03-12", fromCity: "北京", toCities: ["深圳"],
  externalTravellers: [{ name: "王五" }], travellerEmployeeIds: [] as number[], modes: ["flight"], budgetFen: 360000, submit: 1, ...over,
});

/** Registers the file's hooks; every test starts at T0 with no timed step of an earlier test due. */
export function useApprovals() {
  const kit = {} as {
    h: Harness;
    c: ReturnType<typeof travelClient>;
    ids: Awaited<ReturnType<typeof demoIds>>;
    other: Awaited<ReturnType<typeof otherCompany>>;
    clock: ReturnType<typeof fakeClock>;
  };
  beforeAll(async () => {
    kit.clock = fakeClock(T0);
    kit.h = await startHarness();
    kit.c = travelClient(kit.h);
    kit.ids = await demoIds(kit.h.db.db);
    kit.other = await otherCompany(kit.h.db.db);
  });
  afterAll(async () => {
    realClock();
    await kit.h?.close();
  });
  beforeEach(async () => {
    kit.clock.advance(T0 - kit.clock.now());
    await kit.h.db.db.deleteFrom("jobs").execute();
  });

  const db = () => kit.h.db.db;
  let orderNo = 0;
  return {
    kit,
    db,
    /** A submitted trip application of the traveller (or another applicant); answers its approval. */
    async apply(mobile: string = DEMO.traveller, over: Record<string, unknown> = {}) {
      const r = await kit.c.as(mobile, "/credit/add_apply_note", trip(over));
      expect(r.ret, r.msg).toBe(0);
      return r.data.approval as { id: number; level: number; status: string };
    },
    decide: (mobile: string, approvalId: number, action: "approve" | "reject", extra: Record<string, unknown> = {}) =>
      kit.c.as(mobile, "/credit/op_apply_note", { approvalId, action, ...extra }),
    approval: (id: number) => db().selectFrom("approvals").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    steps: (id: number) => db().selectFrom("approval_steps").select(["level", "action", "actorName", "comment"]).where("approvalId", "=", id).orderBy("id").execute(),
    /** An order sent for approval, as the booking capability will send one. */
    order(over: { amountFen?: number; withinStandard?: boolean; fareDeadline?: string | null } = {}) {
      orderNo += 1;
      const subjectId = orderNo;
      return db().transaction().execute((trx) =>
        startApproval(trx, {
          companyId: kit.ids.companyId, subjectType: "order", subjectId, applicantMemberId: kit.ids.member[DEMO.traveller],
          applicantName: "黄磊", title: "机票订单 · 北京 → 深圳 · CA1301", amountFen: over.amountFen ?? 156000, withinStandard: over.withinStandard ?? false,
          fareDeadline: over.fareDeadline === undefined ? new Date(T0 + 2 * HOUR).toISOString() : over.fareDeadline,
        }),
      );
    },
  };
}

/**
 * approval_inbox (kept by triggers) must hold exactly what the approvals, their assignees and
 * their deciding steps give: a row per member assigned to or deciding an approval, with the
 * approval's update time, and the nearer deadline while it waits at the member's level.
 */
export async function expectInboxTrue(db: Kysely<Database>): Promise<void> {
  const [approvals, assignees, steps, stored] = await Promise.all([
    db.selectFrom("approvals").select(["id", "status", "level", "levelDeadline", "fareDeadline", "updateTime"]).execute(),
    db.selectFrom("approval_assignees").select(["approvalId", "level", "memberId"]).execute(),
    db.selectFrom("approval_steps").select(["approvalId", "actorMemberId", "action"]).execute(),
    db.selectFrom("approval_inbox").selectAll().execute(),
  ]);
  const byId = new Map(approvals.map((a) => [a.id, a]));
  const expected = new Map<string, { memberId: number; approvalId: number; assigned: number; decided: number; updateTime: string; waitKey: string | null }>();
  const rowOf = (memberId: number, approvalId: number) => {
    const key = `${memberId}/${approvalId}`;
    const a = byId.get(approvalId)!;
    const waits = a.status === "pending" && assignees.some((x) => x.approvalId === approvalId && x.level === a.level && x.memberId === memberId);
    const deadline = a.fareDeadline !== null && (a.levelDeadline === null || a.fareDeadline < a.levelDeadline) ? a.fareDeadline : a.levelDeadline;
    const row = expected.get(key) ?? { memberId, approvalId, assigned: 0, decided: 0, updateTime: a.updateTime, waitKey: waits ? (deadline ?? NO_DEADLINE) : null };
    expected.set(key, row);
    return row;
  };
  for (const x of assignees) rowOf(x.memberId, x.approvalId).assigned = 1;
  for (const s of steps) if (s.actorMemberId !== null && (s.action === "approve" || s.action === "reject")) rowOf(s.actorMemberId, s.approvalId).decided = 1;
  const sorted = <T extends { memberId: number; approvalId: number }>(rows: T[]) => [...rows].sort((p, q) => p.memberId - q.memberId || p.approvalId - q.approvalId);
  expect(sorted(stored.map((r) => ({ ...r, assigned: Number(r.assigned), decided: Number(r.decided) })))).toEqual(sorted([...expected.values()]));
}
