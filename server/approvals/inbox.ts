// The approver's side of approvals: their inbox a page at a time, an approval they may see with
// its subject (a trip application or an order), and their decision through the engine.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { likePattern, offsetOf } from "../services/http/paging";
import { toCount } from "../db";
import type { DecisionForm } from "../../src/domain/policy";
import { OTHER_COMPANY, type CompanyCaller } from "../policy/company";
import { applicationView, loadApplication } from "../policy/applications";
import { applyTransition, NOT_FOUND, type ApprovalRow } from "./engine";
import { boxQuery, type BoxInput } from "./boxes";
import { approvalView, inboxRows, isParticipant } from "./views";
import { orderSubjectView } from "../orders/approval";

/** The approval, if the caller may see it: their company's, and (for an employee) one they take part in. */
export async function visibleApproval(db: Kysely<Database>, me: CompanyCaller, id: number): Promise<ApprovalRow> {
  const row = await db.selectFrom("approvals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.status === "draft") throw new BizError(RET.NOT_FOUND, NOT_FOUND);
  if (row.companyId !== me.companyId) throw new BizError(RET.FORBIDDEN, OTHER_COMPANY);
  if (!me.isAdmin && !(await isParticipant(db, id, me.member.id))) throw new BizError(RET.FORBIDDEN, said("policy.areApproverRequest"));
  return row;
}

export async function approvalDetail(db: Kysely<Database>, row: ApprovalRow, me: CompanyCaller) {
  const approval = await approvalView(db, row, me.member.id);
  if (row.subjectType === "order") return { ...approval, subject: null, order: await orderSubjectView(db, row, { memberId: me.member.id, isAdmin: me.isAdmin }) };
  const app = row.subjectType === "trip" ? await loadApplication(db, row.subjectId) : undefined;
  return { ...approval, subject: app ? applicationView(app) : null, order: null };
}

/** A page of the caller's box: waiting for them, decided by them, or all they may see. */
export async function approvalPage(db: Kysely<Database>, me: CompanyCaller, input: Omit<BoxInput, "pattern"> & { pageNum: number; pageSize: number; keyword?: string }) {
  const q = boxQuery(db, me, { ...input, pattern: likePattern(input.keyword) });
  const [rows, count] = await Promise.all([
    q.query
      .selectAll("a")
      .orderBy(q.column, (ob) => {
        const o = q.dir === "asc" ? ob.asc() : ob.desc();
        return q.nullsLast ? o.nullsLast() : o;
      })
      .orderBy(q.tieBreak, q.dir)
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    q.query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list: await inboxRows(db, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The caller's decision on one of their company's approvals: the approval as it is after it. */
export async function decide(db: Kysely<Database>, me: CompanyCaller, input: DecisionForm) {
  const row = await db.selectFrom("approvals").select(["id", "companyId"]).where("id", "=", input.approvalId).executeTakeFirst();
  if (!row) throw new BizError(RET.NOT_FOUND, NOT_FOUND);
  if (row.companyId !== me.companyId) throw new BizError(RET.FORBIDDEN, OTHER_COMPANY);
  const updated = await db.transaction().execute((trx) =>
    applyTransition(trx, {
      approvalId: row.id, action: input.action, actor: { memberId: me.member.id, name: me.name }, comment: input.comment ?? null, expectedLevel: input.level,
    }),
  );
  return approvalDetail(db, updated, me);
}
