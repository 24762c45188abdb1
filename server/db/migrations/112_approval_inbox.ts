// An approver's boxes read off their own rows, in the order they are shown. The 待审批 box is the
// approvals pending at a level the member is assigned to, nearest deadline first; read from the
// approvals it walks the company's pending ones and sorts them, and 我已审批 / an employee's 全部
// sort every approval the member ever touched. approval_inbox holds one row per (member,
// approval) the member is assigned to or decided, with what those boxes select and sort by:
// - assigned: the member is an approver of some level of it (the employee's 全部);
// - decided: the member approved or rejected it (我已审批);
// - updateTime: the approval's, the order of those two boxes;
// - waitKey: set while the approval is pending at a level the member is assigned to (待审批):
//   the nearer of the fare's and the level's deadline, and a key after every date when there is
//   none, so an ascending walk puts approvals without a deadline last as the box shows them.
// The enterprise bill sorted by trip date or by amount reads the company's orders in that order
// too, each index ending in id (the page's and the export's keyset tie-breaker) and holding the
// bill's filters (booking time, product, status) so they are answered from the index entry.
// Triggers keep it in step in the statement that writes approvals, assignees or steps, whoever
// writes them: a new assignee or a deciding step adds or marks the member's row, and a change of
// an approval's state, level, deadlines or update time rewrites its few rows.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/** After every deadline the boxes hold (ISO times compare as text, in either dialect). */
export const NO_DEADLINE = "9999-12-31T23:59:59.999Z";

/** The box's sort key of approval row `r` when it waits for an approver. */
const keyOf = (r: string) =>
  `coalesce(case when ${r}."fareDeadline" is not null and (${r}."levelDeadline" is null or ${r}."fareDeadline" < ${r}."levelDeadline") then ${r}."fareDeadline" else ${r}."levelDeadline" end, '${NO_DEADLINE}')`;

/** approval_inbox's waitKey for its row `i` as approval row `r` (pending, i's member assigned to r's level) gives it. */
const waitKeyOf = (r: string, i: string) =>
  `case when ${r}.status = 'pending' and exists (select 1 from approval_assignees w where w."approvalId" = ${r}.id and w.level = ${r}.level and w."memberId" = ${i}."memberId") then ${keyOf(r)} end`;

const DECIDING = `('approve', 'reject')`;
const WATCHED = ["status", "level", "levelDeadline", "fareDeadline", "updateTime"];

/** The approval's rows rewritten from its new state. */
const approvalChanged = `update approval_inbox set "updateTime" = new."updateTime", "waitKey" = ${waitKeyOf("new", "approval_inbox")} where "approvalId" = new.id;`;

/** The member's row of the approval, added or marked assigned, with the approval's state. */
const assigneeAdded = `insert into approval_inbox ("memberId", "approvalId", assigned, decided, "updateTime", "waitKey")
  select new."memberId", a.id, 1, 0, a."updateTime", case when a.status = 'pending' and a.level = new.level then ${keyOf("a")} end from approvals a where a.id = new."approvalId"
  on conflict ("memberId", "approvalId") do update set assigned = 1, "waitKey" = coalesce(approval_inbox."waitKey", excluded."waitKey");`;

/** The actor's row of the approval, added or marked decided. */
const stepAdded = `insert into approval_inbox ("memberId", "approvalId", assigned, decided, "updateTime", "waitKey")
  select new."actorMemberId", a.id, 0, 1, a."updateTime", null from approvals a where a.id = new."approvalId"
  on conflict ("memberId", "approvalId") do update set decided = 1;`;

function sqliteTriggers(): string[] {
  const changed = WATCHED.map((c) => `old."${c}" is not new."${c}"`).join(" or ");
  return [
    `create trigger approval_inbox_approval_au after update of ${WATCHED.map((c) => `"${c}"`).join(", ")} on approvals when ${changed} begin ${approvalChanged} end`,
    `create trigger approval_inbox_assignee_ai after insert on approval_assignees begin ${assigneeAdded} end`,
    `create trigger approval_inbox_step_ai after insert on approval_steps when new."actorMemberId" is not null and new.action in ${DECIDING} begin ${stepAdded} end`,
  ];
}

function postgresTriggers(): string[] {
  const changed = WATCHED.map((c) => `old."${c}" is distinct from new."${c}"`).join(" or ");
  return [
    `create function approval_inbox_approval() returns trigger language plpgsql as $$ begin ${approvalChanged} return null; end $$`,
    `create function approval_inbox_assignee() returns trigger language plpgsql as $$ begin ${assigneeAdded} return null; end $$`,
    `create function approval_inbox_step() returns trigger language plpgsql as $$ begin ${stepAdded} return null; end $$`,
    `create trigger approval_inbox_approval_au after update of ${WATCHED.map((c) => `"${c}"`).join(", ")} on approvals for each row when (${changed}) execute function approval_inbox_approval()`,
    `create trigger approval_inbox_assignee_ai after insert on approval_assignees for each row execute function approval_inbox_assignee()`,
    `create trigger approval_inbox_step_ai after insert on approval_steps for each row when (new."actorMemberId" is not null and new.action in ${DECIDING}) execute function approval_inbox_step()`,
  ];
}

/** Every member's rows as the approvals, assignees and steps there are now give them. */
const backfill = `insert into approval_inbox ("memberId", "approvalId", assigned, decided, "updateTime", "waitKey")
  select p."memberId", a.id, max(p.assigned), max(p.decided), a."updateTime", ${waitKeyOf("a", "p")}
  from (select "memberId", "approvalId", 1 as assigned, 0 as decided from approval_assignees
        union all select "actorMemberId", "approvalId", 0, 1 from approval_steps where "actorMemberId" is not null and action in ${DECIDING}) p
  join approvals a on a.id = p."approvalId"
  group by p."memberId", a.id, a."updateTime", a.status, a.level, a."fareDeadline", a."levelDeadline"`;

const BILL_SORTS: [name: string, column: string][] = [
  ["orders_company_dep_date_idx", "depDate"],
  ["orders_company_total_idx", "totalFen"],
];

async function billSortIndexes(db: Kysely<any>, postgres: boolean): Promise<void> {
  for (const [name, column] of BILL_SORTS) {
    const key = `"companyId", "${column}", id`;
    const rest = `"createTime", product, status`;
    await sql.raw(postgres ? `create index ${name} on orders (${key}) include (${rest})` : `create index ${name} on orders (${key}, ${rest})`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await billSortIndexes(db, postgres);
  await sql
    .raw(
      `create table approval_inbox ("memberId" integer not null references members(id) on delete cascade,
        "approvalId" integer not null references approvals(id) on delete cascade,
        assigned integer not null, decided integer not null, "updateTime" text not null, "waitKey" text,
        primary key ("memberId", "approvalId"))${postgres ? "" : " without rowid"}`,
    )
    .execute(db);
  await sql.raw(backfill).execute(db);
  // The approval's rows, which its every change rewrites.
  await sql.raw(`create index approval_inbox_approval_idx on approval_inbox ("approvalId")`).execute(db);
  // Each box's range in its order; the predicates are the boxes' own (literals in their queries).
  await sql.raw(`create index approval_inbox_waiting_idx on approval_inbox ("memberId", "waitKey", "approvalId") where "waitKey" is not null`).execute(db);
  await sql.raw(`create index approval_inbox_assigned_idx on approval_inbox ("memberId", "updateTime", "approvalId") where assigned = 1`).execute(db);
  await sql.raw(`create index approval_inbox_decided_idx on approval_inbox ("memberId", "updateTime", "approvalId") where decided = 1`).execute(db);
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  // A member's invoices newest first, ties by id as the page orders them: PostgreSQL's index
  // holds no row id, and without it each page sorted its equal times.
  await db.schema.dropIndex("invoices_member_idx").ifExists().execute();
  await db.schema.createIndex("invoices_member_idx").on("invoices").columns(["memberId", "createTime", "id"]).execute();
  // The same for a company's staff newest first.
  await db.schema.dropIndex("employees_company_created_idx").ifExists().execute();
  await db.schema.createIndex("employees_company_created_idx").on("employees").columns(["companyId", "createTime", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of BILL_SORTS) await db.schema.dropIndex(name).ifExists().execute();
  if (isPostgres(db)) {
    await sql
      .raw(`drop trigger if exists approval_inbox_approval_au on approvals; drop trigger if exists approval_inbox_assignee_ai on approval_assignees;
        drop trigger if exists approval_inbox_step_ai on approval_steps; drop function if exists approval_inbox_approval();
        drop function if exists approval_inbox_assignee(); drop function if exists approval_inbox_step()`)
      .execute(db);
  } else {
    for (const t of ["approval_inbox_approval_au", "approval_inbox_assignee_ai", "approval_inbox_step_ai"]) await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await sql.raw(`drop table if exists approval_inbox`).execute(db);
  await db.schema.dropIndex("invoices_member_idx").ifExists().execute();
  await db.schema.createIndex("invoices_member_idx").on("invoices").columns(["memberId", "createTime"]).execute();
  await db.schema.dropIndex("employees_company_created_idx").ifExists().execute();
  await db.schema.createIndex("employees_company_created_idx").on("employees").columns(["companyId", "createTime"]).execute();
}
