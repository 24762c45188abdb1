// A company's settlement settings: its settlement day and the members who may confirm
// statements, with its credit line (on the company wallet) shown beside them; the line's limit
// is granted by the operator, never by the company. Saving a new day schedules the statement job of
// the next settlement date; the old job, if any, finds itself superseded and does nothing.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { chinaDate } from "../../src/domain/travel/dates";
import { settlementDateOnOrAfter } from "../../src/domain/settlement/period";
import type { ConfirmerOption, SettlementSettingsCall, SettlementSettingsView } from "../../src/domain/settlement/schemas";
import type { CompanyRef } from "./company";
import { creditLineOf } from "./credit";
import { confirmerIdsOf } from "./confirmers";
import { scheduleStatement } from "./jobs";
import { UNASSIGNED_DEPARTMENT } from "./statements";

/** The company's employees who have a member account: the people who may be named to confirm. */
async function candidatesOf(db: Kysely<Database>, companyId: number): Promise<ConfirmerOption[]> {
  const rows = await db
    .selectFrom("employees as e")
    .innerJoin("members as m", "m.id", "e.memberId")
    .leftJoin("departments as d", "d.id", "e.departmentId")
    .select(["m.id as memberId", "m.realName", "m.mobilePhone", "d.name as departmentName"])
    .where("e.companyId", "=", companyId)
    .orderBy("e.id")
    .execute();
  return rows.map((r) => ({ memberId: r.memberId, name: r.realName || r.mobilePhone, departmentName: r.departmentName ?? UNASSIGNED_DEPARTMENT }));
}

/** The employees the company's settings name to confirm its statements (the administrator aside). */
export async function confirmersOf(db: Kysely<Database>, companyId: number): Promise<number[]> {
  const row = await db.selectFrom("settlement_settings").select("confirmerIds").where("companyId", "=", companyId).executeTakeFirst();
  return confirmerIdsOf(row?.confirmerIds);
}

export async function settingsView(db: Kysely<Database>, company: CompanyRef): Promise<SettlementSettingsView> {
  const [row, credit, candidates] = await Promise.all([
    db.selectFrom("settlement_settings").selectAll().where("companyId", "=", company.id).executeTakeFirst(),
    creditLineOf(db, company.walletMemberId),
    candidatesOf(db, company.id),
  ]);
  return {
    companyId: company.id,
    companyName: company.name,
    configured: Boolean(row),
    settlementDay: row?.settlementDay ?? null,
    creditLimitFen: credit.limitFen,
    creditUsedFen: credit.usedFen,
    confirmerIds: confirmerIdsOf(row?.confirmerIds),
    nextSettlementDate: row?.scheduledPeriodEnd ?? null,
    candidates,
  };
}

export const CREDIT_BY_OPERATOR = said("settlement.creditLineSetByOperator");

export async function saveSettings(db: Kysely<Database>, member: Member, company: CompanyRef, input: SettlementSettingsCall): Promise<SettlementSettingsView> {
  // A page loaded before the limit left the form sends the limit it showed: harmless while it is
  // the company's limit, refused as soon as it would change it.
  if (input.creditLimitFen !== undefined && input.creditLimitFen !== (await creditLineOf(db, company.walletMemberId)).limitFen) {
    throw new DomainError("forbidden", CREDIT_BY_OPERATOR, { errors: { creditLimitFen: CREDIT_BY_OPERATOR } });
  }
  const allowed = new Set((await candidatesOf(db, company.id)).map((c) => c.memberId));
  const stranger = input.confirmerIds.find((id) => !allowed.has(id));
  if (stranger !== undefined) throw new DomainError("badInput", said("settlement.confirmerMustEmployeeCompany"), { errors: { confirmerIds: said("settlement.confirmerMustEmployeeCompany") } });
  const at = isoAt();
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("settlement_settings").select(["settlementDay", "scheduledPeriodEnd"]).where("companyId", "=", company.id).executeTakeFirst();
    const reschedule = !before || before.settlementDay !== input.settlementDay || !before.scheduledPeriodEnd;
    const periodEnd = reschedule ? settlementDateOnOrAfter(input.settlementDay, chinaDate(now())) : before!.scheduledPeriodEnd;
    const values = { settlementDay: input.settlementDay, confirmerIds: JSON.stringify(input.confirmerIds), scheduledPeriodEnd: periodEnd, updateMemberId: member.id, updateTime: at };
    if (before) await trx.updateTable("settlement_settings").set(values).where("companyId", "=", company.id).execute();
    else await trx.insertInto("settlement_settings").values({ ...values, companyId: company.id, createTime: at }).execute();
    if (reschedule && periodEnd) await scheduleStatement(trx, company.id, periodEnd);
  });
  return settingsView(db, company);
}
