// Trip applications as the applying employee handles them: their own only (another company's or
// a colleague's is refused), listed, saved as a draft, moved through the approval engine, a
// draft deleted, and the approved ones a traveller may book on.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { isoAt, now } from "../services/clock";
import { toCount } from "../db";
import type { ApprovalStatus } from "../../src/domain/approval";
import { chinaDate, type ApplicationForm, type TripScope } from "../../src/domain/policy";
import { companyCaller, type CompanyCaller, OTHER_COMPANY } from "./company";
import { APPLICATION_MISSING, applicationView, approvalOfApplication, loadApplication, tripTitle, type Travellers } from "./applications";
import { applyTransition, createDraftApproval } from "../approvals/engine";
import { approvalView, inboxRows } from "../approvals/views";

/** A company caller who is an employee. */
export type EmployeeCaller = CompanyCaller & { employee: NonNullable<CompanyCaller["employee"]> };

export async function caller(db: Kysely<Database>, member: Parameters<typeof companyCaller>[1]): Promise<CompanyCaller & { employee: NonNullable<CompanyCaller["employee"]> }> {
  const me = await companyCaller(db, member);
  if (!me.employee) throw new BizError(RET.FORBIDDEN, said("policy.onlyCompanyEmployeesRequestTrips"));
  return me as CompanyCaller & { employee: NonNullable<CompanyCaller["employee"]> };
}

/** The caller's own application: another company's is 403, a colleague's is 403 too. */
export async function ownApplication(db: Kysely<Database>, me: CompanyCaller, id: number) {
  const row = await loadApplication(db, id);
  if (!row) throw new BizError(RET.NOT_FOUND, APPLICATION_MISSING);
  if (row.companyId !== me.companyId) throw new BizError(RET.FORBIDDEN, OTHER_COMPANY);
  if (row.applicantMemberId !== me.member.id) throw new BizError(RET.FORBIDDEN, said("policy.onlyViewHandleOwnTrip"));
  return row;
}

export async function applicationDetail(db: Kysely<Database>, id: number, viewerMemberId: number) {
  const row = (await loadApplication(db, id))!;
  const approval = await approvalOfApplication(db, id);
  return { ...applicationView(row), approval: await approvalView(db, approval, viewerMemberId) };
}

async function writeTravellers(trx: Kysely<Database>, applicationId: number, employeeIds: number[]) {
  await trx.deleteFrom("trip_application_travellers").where("tripApplicationId", "=", applicationId).execute();
  if (employeeIds.length) await trx.insertInto("trip_application_travellers").values(employeeIds.map((employeeId) => ({ tripApplicationId: applicationId, employeeId }))).execute();
}

function columns(form: ApplicationForm, travellers: unknown) {
  return {
    purpose: form.purpose,
    scope: form.scope,
    startDate: form.startDate,
    endDate: form.endDate,
    fromCity: form.fromCity,
    toCities: JSON.stringify(form.toCities),
    travellers: JSON.stringify(travellers),
    modes: JSON.stringify(form.modes),
    budgetFen: form.budgetFen,
    remark: form.remark ?? null,
  };
}

const ORDER = { createTime: "t.createTime", startDate: "t.startDate", updateTime: "a.updateTime" } as const;

/** What the application list is asked for. */
export interface ApplicationListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "createTime" | "startDate" | "updateTime";
  orderType: "asc" | "desc";
  keyword?: string;
  status?: ApprovalStatus;
  scope?: TripScope;
  startDateStart?: string;
  startDateEnd?: string;
}

/** A page of the employee's own applications, each with its approval's progress. */
export async function applicationPage(db: Kysely<Database>, me: EmployeeCaller, input: ApplicationListQuery) {
  let q = db
    .selectFrom("trip_applications as t")
    .innerJoin("approvals as a", (j) => j.onRef("a.subjectId", "=", "t.id").on("a.subjectType", "=", "trip"))
    .where("t.companyId", "=", me.companyId)
    .where("t.applicantMemberId", "=", me.member.id);
  const pattern = likePattern(input.keyword);
  if (pattern) q = q.where((eb) => eb.or([eb("t.purpose", "like", pattern), eb("t.noteNo", "like", pattern), eb("t.fromCity", "like", pattern), eb("t.toCities", "like", pattern)]));
  if (input.status) q = q.where("a.status", "=", input.status);
  if (input.scope) q = q.where("t.scope", "=", input.scope);
  if (input.startDateStart) q = q.where("t.startDate", ">=", input.startDateStart);
  if (input.startDateEnd) q = q.where("t.startDate", "<=", input.startDateEnd);
  const [rows, count] = await Promise.all([
    q
      .selectAll("t")
      .select(["a.id as approvalId"])
      .orderBy(ORDER[input.orderBy ?? "createTime"], input.orderType)
      .orderBy("t.id", input.orderType)
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  const approvals = rows.length ? await db.selectFrom("approvals").selectAll().where("id", "in", rows.map((r) => r.approvalId)).execute() : [];
  const progress = await inboxRows(db, approvals);
  const list = rows.map((r) => {
    const a = progress.find((p) => p.id === r.approvalId)!;
    return { ...applicationView(r), approval: a };
  });
  return { list, total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/**
 * Saves a draft: a new one with its draft approval and number, or the caller's draft (input.id,
 * only while it is a draft), with its travellers; submitted at once when input.submit. Its id.
 */
export async function saveApplication(db: Kysely<Database>, me: EmployeeCaller, input: ApplicationForm & { id?: number; submit?: boolean | number }, travellers: Travellers): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const at = isoAt();
    let appId = input.id;
    if (appId !== undefined) {
      // Only a draft may change; the conditional update also holds its row against a submit.
      const draft = await trx
        .updateTable("approvals")
        .set({ title: tripTitle(input), amountFen: input.budgetFen, updateTime: at })
        .where("subjectType", "=", "trip")
        .where("subjectId", "=", appId)
        .where("status", "=", "draft")
        .executeTakeFirst();
      if (Number(draft.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("policy.requestHasBeenSubmittedNo"));
      await trx.updateTable("trip_applications").set({ ...columns(input, travellers), updateTime: at }).where("id", "=", appId).execute();
    } else {
      const created = await trx
        .insertInto("trip_applications")
        .values({
          ...columns(input, travellers), companyId: me.companyId, noteNo: `tmp-${crypto.randomUUID()}`, applicantMemberId: me.member.id,
          applicantEmployeeId: me.employee.id, createTime: at, updateTime: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      appId = created.id;
      // The number people quote: SQ, the China date, the id.
      await trx.updateTable("trip_applications").set({ noteNo: `SQ${chinaDate(now()).replace(/-/g, "")}${String(appId).padStart(6, "0")}` }).where("id", "=", appId).execute();
      await createDraftApproval(trx, {
        companyId: me.companyId, subjectType: "trip", subjectId: appId, applicantMemberId: me.member.id, applicantName: me.name,
        title: tripTitle(input), amountFen: input.budgetFen, withinStandard: false,
      });
    }
    await writeTravellers(trx, appId, input.travellerEmployeeIds);
    if (input.submit) {
      const approval = await approvalOfApplication(trx, appId);
      await applyTransition(trx, { approvalId: approval.id, action: "submit", actor: { memberId: me.member.id, name: me.name } });
    }
    return appId;
  });
}

/** Submits or withdraws the application's approval, as the caller. */
export async function moveApplication(db: Kysely<Database>, me: CompanyCaller, id: number, action: "submit" | "withdraw", comment?: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const approval = await approvalOfApplication(trx, id);
    await applyTransition(trx, { approvalId: approval.id, action, actor: { memberId: me.member.id, name: me.name }, ...(comment !== undefined ? { comment } : {}) });
  });
}

/** Deletes a draft application with its approval; a submitted one is refused. */
export async function deleteDraftApplication(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom("approvals").where("subjectType", "=", "trip").where("subjectId", "=", id).where("status", "=", "draft").executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw new BizError(RET.CONFLICT, said("policy.submittedRequestDeletedRequestUnder"));
    await trx.deleteFrom("trip_applications").where("id", "=", id).execute();
  });
}

/**
 * The approved applications, not yet over, a traveller may book on: their own and those they
 * travel on, in the company the caller acts in.
 */
export async function usableApplications(db: Kysely<Database>, me: CompanyCaller, employeeId: number, traveller: { id: number }, input: { pageNum: number; pageSize: number; orderBy?: "startDate"; orderType: "asc" | "desc" }): Promise<Page<ReturnType<typeof applicationView>>> {
  const q = db
    .selectFrom("trip_applications as t")
    .innerJoin("approvals as a", (j) => j.onRef("a.subjectId", "=", "t.id").on("a.subjectType", "=", "trip"))
    .where("t.companyId", "=", me.companyId)
    .where("a.status", "=", "approved")
    .where("t.endDate", ">=", chinaDate(now()))
    // The traveller's own applications and those they travel on, each read off its index; an
    // OR of the two would read every trip application of every company.
    .where("t.id", "in", (eb) =>
      eb
        .selectFrom("trip_applications as own")
        .select("own.id")
        .where("own.applicantMemberId", "=", traveller.id)
        .unionAll(eb.selectFrom("trip_application_travellers as x").select("x.tripApplicationId as id").where("x.employeeId", "=", employeeId)),
    );
  const [rows, count] = await Promise.all([
    q.selectAll("t").orderBy("t.startDate", input.orderType === "desc" && input.orderBy ? "desc" : "asc").orderBy("t.id").limit(input.pageSize).offset(offsetOf(input)).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list: rows.map(applicationView), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}
