// The lists people open all day besides the order lists — approvals (the approver's 待审批 /
// 我已审批 / 全部, and the administrator's), trip applications (the applicant's own, and those a
// booking may use), invoices, frequent travellers, staff and the agent's subordinates with their
// order counts — read their page and their total through indexes, for every kind of user who opens
// them. Each list is called through its route as that user while every statement the database is
// asked to prepare is recorded; each recorded read is then explained (SQLite: EXPLAIN QUERY PLAN;
// PostgreSQL with DATABASE_URL: EXPLAIN with sequential scans priced out) and must not read a
// whole table or a whole index of the tables these lists range over.
import pg from "pg";
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO } from "./travel-helpers";
import { readNowOf } from "../../server/db";
import * as m112 from "../../server/db/migrations/112_approval_inbox";
import { expectInboxTrue, useApprovals } from "./approval-kit";
import { NOTICE_PATHS } from "../../src/domain/notifications";

const { kit, db, apply, decide, order } = useApprovals();

/** The statements run while `run` runs (SQLite: as its statement cache is asked for them), with their parameters on PostgreSQL. */
async function recorded(run: () => Promise<unknown>): Promise<{ sql: string; parameters: unknown[] }[]> {
  const seen: { sql: string; parameters: unknown[] }[] = [];
  const cache = readNowOf(db()) as unknown as { prepare(text: string): unknown } | undefined;
  const spies = [];
  if (cache) {
    const prepare = cache.prepare;
    spies.push(
      vi.spyOn(cache, "prepare").mockImplementation(function (this: unknown, text: string) {
        seen.push({ sql: text, parameters: [] });
        return prepare.call(this, text);
      }),
    );
  } else {
    const query = pg.Client.prototype.query;
    spies.push(
      vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: any[]) {
        if (typeof args[0] === "string") seen.push({ sql: args[0], parameters: Array.isArray(args[1]) ? args[1] : [] });
        return (query as any).apply(this, args);
      } as any),
    );
  }
  try {
    await run();
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return seen.filter((q) => /^\s*(with|select)\b/i.test(q.sql));
}

async function planOf(q: { sql: string; parameters: unknown[] }): Promise<string> {
  const postgres = kit.h.db.dialect === "postgres";
  return db().transaction().execute(async (trx) => {
    // Test tables are tiny: PostgreSQL rightly reads them whole or sorts their few rows. With both
    // priced out, a plan still holding one has no index that answers the query in its order.
    if (postgres) {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
    }
    // SQLite plans without the values: every placeholder is bound to null.
    const params = postgres ? q.parameters : Array.from({ length: (q.sql.match(/\?/g) ?? []).length }, () => null);
    const r = await trx.executeQuery(CompiledQuery.raw(`${postgres ? "explain" : "explain query plan"} ${q.sql}`, params as unknown[]));
    return (r.rows as Record<string, unknown>[]).map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
  });
}

const APPROVALS = "/credit/get_approve_apply_note";
/** An agent (40), the referrer of some of the demo members. */
const DEMO_AGENT = "13800000040";

/**
 * Each list as each kind of user opens it, with the index range (SQLite) its page and total must
 * be read from: the user's own rows (or their company's, for the administrator), never a range
 * of every company.
 */
const LISTS: { name: string; mobile: string; url: string; body?: Record<string, unknown>; range: RegExp[]; sorted?: string }[] = [
  // The member's boxes: their rows of approval_inbox, each box's index in the order it is shown.
  { name: "approver's 待审批", mobile: DEMO.head, url: APPROVALS, body: { box: "todo" }, range: [/^SEARCH i USING COVERING INDEX approval_inbox_waiting_idx \(memberId=\? AND waitKey>\?\)$/m] },
  { name: "approver's 我已审批", mobile: DEMO.head, url: APPROVALS, body: { box: "done" }, range: [/^SEARCH i USING COVERING INDEX approval_inbox_decided_idx \(memberId=\?\)$/m] },
  { name: "approver's 全部", mobile: DEMO.head, url: APPROVALS, body: { box: "all" }, range: [/^SEARCH i USING COVERING INDEX approval_inbox_assigned_idx \(memberId=\?\)$/m] },
  { name: "approver's trip approvals", mobile: DEMO.head, url: APPROVALS, body: { box: "all", subjectType: "trip" }, range: [/^SEARCH i USING COVERING INDEX approval_inbox_assigned_idx \(memberId=\?\)$/m] },
  { name: "approver's 待审批 by keyword", mobile: DEMO.head, url: APPROVALS, body: { box: "todo", keyword: "考察" }, range: [/approval_inbox_waiting_idx \(memberId=\? AND waitKey>\?\)/] },
  { name: "administrator's 待审批", mobile: DEMO.admin, url: APPROVALS, body: { box: "todo" }, range: [/^SEARCH i USING COVERING INDEX approval_inbox_waiting_idx \(memberId=\? AND waitKey>\?\)$/m] },
  { name: "administrator's 我已审批", mobile: DEMO.admin, url: APPROVALS, body: { box: "done" }, range: [/approval_inbox_decided_idx \(memberId=\?\)/] },
  // In the order it is shown: the page is the first rows of the range, unsorted.
  { name: "administrator's 全部", mobile: DEMO.admin, url: APPROVALS, body: { box: "all" }, range: [/^SEARCH a USING INDEX approvals_company_updated_idx \(companyId=\?\)$/m] },
  { name: "administrator's trip approvals", mobile: DEMO.admin, url: APPROVALS, body: { box: "all", subjectType: "trip" }, range: [/^SEARCH a USING INDEX approvals_company_updated_idx \(companyId=\?\)$/m] },
  { name: "applicant's 出差申请", mobile: DEMO.traveller, url: "/credit/find_apply_note", range: [/^SEARCH t USING INDEX trip_applications_applicant_created_idx \(applicantMemberId=\? AND companyId=\?\)$/m] },
  { name: "applicant's 出差申请, approved", mobile: DEMO.traveller, url: "/credit/find_apply_note", body: { status: "approved" }, range: [/trip_applications_applicant_created_idx \(applicantMemberId=\? AND companyId=\?\)/] },
  {
    name: "applications a booking may use", mobile: DEMO.traveller, url: "/credit/apply_note/usable",
    // Approved and not yet ended: the few trips a traveller has ahead, sorted by start date.
    sorted: "the traveller's trips ahead",
    range: [/trip_applications_applicant_idx \(applicantMemberId=\?\)/, /trip_application_travellers_employee_idx \(employeeId=\?\)/],
  },
  { name: "invoices", mobile: DEMO.traveller, url: "/invoice/paging", range: [/^SEARCH invoices USING INDEX invoices_member_idx \(memberId=\?\)$/m] },
  { name: "invoices of a status", mobile: DEMO.traveller, url: "/invoice/paging", body: { status: "applied" }, range: [/invoices_member_idx \(memberId=\?\)/] },
  { name: "frequent travellers", mobile: DEMO.traveller, url: "/new_beneficiary/list", range: [/travellers_owner_default_idx \(ownerKind=\? AND ownerId=\?\)/] },
  { name: "staff", mobile: DEMO.admin, url: "/credit/employee/list", range: [/employees_company_created_idx \(companyId=\?\)/] },
  {
    name: "agent's subordinates", mobile: DEMO_AGENT, url: "/member/subordinate/list",
    range: [/SEARCH members USING INDEX members_referrer_created_idx \(referrerId=\?\)/, /orders_traveller_idx \(travellerMemberId=\? AND product=\?\)/],
  },
  // The message centre: the member's own rows of notification_inbox, per filter, newest first.
  { name: "messages", mobile: DEMO.head, url: NOTICE_PATHS.list, range: [/notification_inbox_member_idx \(memberId=\?\)/] },
  { name: "unread messages", mobile: DEMO.head, url: NOTICE_PATHS.list, body: { isRead: 0 }, range: [/notification_inbox_read_idx \(memberId=\? AND isRead=\?\)/] },
  { name: "messages of a kind", mobile: DEMO.head, url: NOTICE_PATHS.list, body: { kind: "approvalWaiting" }, range: [/notification_inbox_kind_idx \(memberId=\? AND kind=\?\)/] },
  { name: "unread messages of a kind", mobile: DEMO.head, url: NOTICE_PATHS.list, body: { kind: "approvalWaiting", isRead: 0 }, range: [/notification_inbox_kind_read_idx \(memberId=\? AND kind=\? AND isRead=\?\)/] },
];

beforeAll(async () => {
  for (let i = 0; i < 30; i++) {
    const a = await apply(DEMO.traveller, { purpose: `考察${i}` });
    if (i % 2) await decide(DEMO.head, a.id, "approve", { level: 1 });
    await order();
  }
  // The approvers' messages about them reach their message centres.
  await kit.h.app.notices.runDue();
}, 120_000);

describe("the lists' query plans", () => {
  it("read each user's page and total through an index range of theirs, never a whole table or index", async () => {
    const postgres = kit.h.db.dialect === "postgres";
    for (const list of LISTS) {
      let answer: { ret: number; msg: string } = { ret: -1, msg: "" };
      const reads = await recorded(async () => (answer = await kit.c.as(list.mobile, list.url, { pageNum: 2, pageSize: 10, ...list.body })));
      expect(answer.ret, `${list.name}: ${answer.msg}`).toBe(0);
      expect(reads.length, `${list.name}: reads recorded`).toBeGreaterThan(1);
      const plans = [];
      for (const q of reads) plans.push(`${q.sql}\n${await planOf(q)}`);
      const all = plans.join("\n\n");
      if (process.env.SHOW_PLANS) console.log(`== ${list.name}\n${all}`);
      for (const plan of plans) {
        if (postgres) expect.soft(plan, list.name).not.toMatch(/Seq Scan/);
        // SEARCH is an index range or key; SCAN reads a whole table or index.
        else expect.soft(plan, list.name).not.toMatch(/^SCAN (?!CONSTANT ROW)/m);
        // A page is the first rows of its range in the index's order: no sort of the range first.
        if (/\blimit\b/i.test(plan.split("\n")[0]) && !list.sorted) expect.soft(plan, list.name).not.toMatch(postgres ? /Sort/ : /TEMP B-TREE FOR ORDER BY/);
      }
      if (!postgres) for (const range of list.range) expect(all, list.name).toMatch(range);
    }
  });
});

describe("the approvers' inbox rows", () => {
  it("are what the approvals give, and built again from them (the migration's backfill) are the same", async () => {
    await expectInboxTrue(db());
    const kept = await db().selectFrom("approval_inbox").selectAll().orderBy(["memberId", "approvalId"]).execute();
    await m112.down(db());
    await m112.up(db());
    expect(await db().selectFrom("approval_inbox").selectAll().orderBy(["memberId", "approvalId"]).execute()).toEqual(kept);
    // And the triggers work on after the rebuild.
    const a = await apply(DEMO.traveller, { purpose: "重建后" });
    await decide(DEMO.head, a.id, "approve", { level: 1 });
    await expectInboxTrue(db());
  });
});
