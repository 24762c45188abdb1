// The operator console's companies: the list and one company's terms, and the operator's changes
// to them. Each change runs in one transaction with its audit row (before and after), so the
// record and the change stand or fall together; the credit limit keeps the settlement rule that
// it never goes below what the company has used.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { isoAt, now } from "../services/clock";
import { said } from "../services/i18n/text";
import { BizError, RET } from "../services/http/envelope";
import { likePattern, offsetOf } from "../services/http/paging";
import { revokeMemberSessions } from "../services/accounts/sessions";
import { creditLineOf, grantCreditLimit } from "../settlement/credit";
import { scheduleStatement } from "../settlement/jobs";
import { chinaDate } from "../../src/domain/travel/dates";
import { settlementDateOnOrAfter } from "../../src/domain/settlement/period";
import type { OpsCompanyDetail, OpsCompanyFilters, OpsCompanyRow, OpsServiceFeesInput, ServiceFeeProduct } from "../../src/domain/ops/companies";
import type { OpsPage } from "../../src/domain/ops/schemas";
import { auditLog } from "./audit";

const companyMissing = () => new BizError(RET.NOT_FOUND, said("routes.companyFound"));

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom("companies as c")
    .leftJoin("members as a", "a.id", "c.adminMemberId")
    .leftJoin("wallets as w", "w.memberId", "c.adminMemberId")
    .leftJoin("settlement_settings as s", "s.companyId", "c.id");
}

const COLUMNS = [
  "c.id", "c.name", "c.creditCode", "c.status", "c.createTime", "c.dometicketServerFeeFen", "a.realName as adminName", "a.mobilePhone as adminMobile",
  "w.creditLimitFen", "w.creditUsedFen", "s.settlementDay", "s.scheduledPeriodEnd",
] as const;

type Selected = {
  id: number; name: string; creditCode?: string | null; status: number; createTime: string; dometicketServerFeeFen: number;
  adminName: string | null; adminMobile: string | null; creditLimitFen: number | null; creditUsedFen: number | null; settlementDay: number | null; scheduledPeriodEnd: string | null;
};

function rowOf(r: Selected, employeeCount: number): OpsCompanyRow {
  return {
    id: r.id, name: r.name, creditCode: r.creditCode ?? null, status: Number(r.status), adminName: r.adminName, adminMobile: r.adminMobile,
    creditLimitFen: Number(r.creditLimitFen ?? 0), creditUsedFen: Number(r.creditUsedFen ?? 0), settlementDay: r.settlementDay ?? null,
    employeeCount, createTime: r.createTime,
  };
}

async function employeeCounts(db: Kysely<Database>, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("employees")
    .select((eb) => ["companyId", eb.fn.countAll<number | string>().as("n")])
    .where("companyId", "in", ids)
    .groupBy("companyId")
    .execute();
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
}

export async function companyPage(db: Kysely<Database>, f: OpsCompanyFilters): Promise<OpsPage<OpsCompanyRow>> {
  let q = baseQuery(db);
  const name = likePattern(f.name);
  const code = likePattern(f.creditCode);
  if (name) q = q.where("c.name", "like", name);
  if (code) q = q.where("c.creditCode", "like", code);
  if (f.status !== undefined) q = q.where("c.status", "=", f.status);
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const rows = (await q.select(COLUMNS).orderBy("c.id", "asc").limit(f.pageSize).offset(offsetOf(f)).execute()) as Selected[];
  const counts = await employeeCounts(db, rows.map((r) => r.id));
  return { list: rows.map((r) => rowOf(r, counts.get(r.id) ?? 0)), total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

/** The fee table as it prices: a product without a row of its own pays the domestic ticket's fee. */
async function serviceFeesOf(db: Kysely<Database>, id: number, domesticFen: number): Promise<Record<ServiceFeeProduct, number>> {
  const rows = await db.selectFrom("company_service_fees").select(["product", "feeFen"]).where("companyId", "=", id).execute();
  const own = new Map(rows.map((r) => [r.product, Number(r.feeFen)]));
  return { domesticFlight: domesticFen, internationalFlight: own.get("internationalFlight") ?? domesticFen };
}

export async function companyDetail(db: Kysely<Database>, id: number): Promise<OpsCompanyDetail> {
  const r = (await baseQuery(db).select(COLUMNS).where("c.id", "=", id).executeTakeFirst()) as Selected | undefined;
  if (!r) throw companyMissing();
  const counts = await employeeCounts(db, [id]);
  const serviceFees = await serviceFeesOf(db, id, Number(r.dometicketServerFeeFen));
  return { ...rowOf(r, counts.get(id) ?? 0), serviceFees, nextSettlementDate: r.scheduledPeriodEnd ?? null };
}

async function companyRow(trx: Kysely<Database>, id: number) {
  const c = await trx.selectFrom("companies").select(["id", "name", "status", "adminMemberId", "dometicketServerFeeFen"]).where("id", "=", id).executeTakeFirst();
  if (!c) throw companyMissing();
  return c;
}

/** The operator grants the credit line: integer fen, never below what is used. */
export async function setCreditLimit(db: Kysely<Database>, id: number, creditLimitFen: number, operatorId: number): Promise<OpsCompanyDetail> {
  await inTransaction(db, async (trx) => {
    const c = await companyRow(trx, id);
    if (!c.adminMemberId) throw new BizError(RET.CONFLICT, said("routes.companyHasNoAccountYet"));
    const before = await creditLineOf(trx, c.adminMemberId);
    const after = await grantCreditLimit(trx, c.adminMemberId, creditLimitFen);
    await auditLog(trx, {
      operatorId, action: "company.credit-limit", objectType: "company", objectId: id, companyId: id,
      before: { creditLimitFen: before.limitFen, creditUsedFen: before.usedFen }, after: { creditLimitFen: after.limitFen, creditUsedFen: after.usedFen },
    });
  });
  return companyDetail(db, id);
}

/**
 * The settlement day (1–31; a short month settles on its last day). A new day schedules the
 * statement of the next settlement date, as the company's own settings page does; the job of the
 * old date finds itself superseded and does nothing.
 */
export async function setSettlementDay(db: Kysely<Database>, id: number, settlementDay: number, operatorId: number): Promise<OpsCompanyDetail> {
  await inTransaction(db, async (trx) => {
    await companyRow(trx, id);
    const at = isoAt();
    const before = await trx.selectFrom("settlement_settings").select(["settlementDay", "scheduledPeriodEnd"]).where("companyId", "=", id).executeTakeFirst();
    const reschedule = !before || before.settlementDay !== settlementDay || !before.scheduledPeriodEnd;
    const periodEnd = reschedule ? settlementDateOnOrAfter(settlementDay, chinaDate(now())) : before!.scheduledPeriodEnd;
    if (before) {
      // Conditional on the day read: another change landing in between is refused, not overwritten.
      const moved = await trx
        .updateTable("settlement_settings")
        .set({ settlementDay, scheduledPeriodEnd: periodEnd, updateTime: at })
        .where("companyId", "=", id)
        .where("settlementDay", "=", before.settlementDay)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("ops.changedMeanwhile"));
    } else {
      await trx.insertInto("settlement_settings").values({ companyId: id, settlementDay, scheduledPeriodEnd: periodEnd, updateMemberId: null, createTime: at, updateTime: at }).execute();
    }
    if (reschedule && periodEnd) await scheduleStatement(trx, id, periodEnd);
    await auditLog(trx, {
      operatorId, action: "company.settlement-day", objectType: "company", objectId: id, companyId: id,
      before: { settlementDay: before?.settlementDay ?? null, nextSettlementDate: before?.scheduledPeriodEnd ?? null },
      after: { settlementDay, nextSettlementDate: periodEnd },
    });
  });
  return companyDetail(db, id);
}

/** The fee table, every product at once; the domestic ticket's fee is the company's own column. */
export async function setServiceFees(db: Kysely<Database>, input: OpsServiceFeesInput, operatorId: number): Promise<OpsCompanyDetail> {
  await inTransaction(db, async (trx) => {
    const c = await companyRow(trx, input.id);
    const before = await serviceFeesOf(trx, input.id, c.dometicketServerFeeFen);
    const after: Record<ServiceFeeProduct, number> = { domesticFlight: input.domesticFlight, internationalFlight: input.internationalFlight };
    const moved = await trx
      .updateTable("companies")
      .set({ dometicketServerFeeFen: after.domesticFlight })
      .where("id", "=", input.id)
      .where("dometicketServerFeeFen", "=", before.domesticFlight)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("ops.changedMeanwhile"));
    const at = isoAt();
    for (const product of Object.keys(after) as ServiceFeeProduct[]) {
      await trx
        .insertInto("company_service_fees")
        .values({ companyId: input.id, product, feeFen: after[product], updateTime: at })
        .onConflict((oc) => oc.columns(["companyId", "product"]).doUpdateSet({ feeFen: after[product], updateTime: at }))
        .execute();
    }
    await auditLog(trx, { operatorId, action: "company.service-fees", objectType: "company", objectId: input.id, companyId: input.id, before, after });
  });
  return companyDetail(db, input.id);
}

/**
 * Enables or disables a company. Disabled, none of its members (its main member and every
 * employee's member) can sign in, and their sessions end in the same transaction; enabled again,
 * they sign in as before. Nothing else changes: orders, statements and the credit line stay.
 */
export async function setCompanyStatus(db: Kysely<Database>, id: number, status: number, operatorId: number): Promise<OpsCompanyDetail> {
  await inTransaction(db, async (trx) => {
    const c = await companyRow(trx, id);
    if (c.status === status) return;
    const moved = await trx.updateTable("companies").set({ status }).where("id", "=", id).where("status", "=", c.status).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("ops.changedMeanwhile"));
    let ended = 0;
    if (status === 0) {
      const members = await trx
        .selectFrom("members")
        .select("id")
        .where((eb) => eb.or([eb("creditMemberId", "=", id), eb("id", "in", eb.selectFrom("employees").select("memberId").where("companyId", "=", id).where("memberId", "is not", null))]))
        .execute();
      for (const m of members) await revokeMemberSessions(trx, m.id);
      ended = members.length;
    }
    await auditLog(trx, {
      operatorId, action: status === 1 ? "company.enable" : "company.disable", objectType: "company", objectId: id, companyId: id,
      before: { status: c.status }, after: { status, ...(status === 0 ? { membersSignedOut: ended } : {}) },
    });
  });
  return companyDetail(db, id);
}
