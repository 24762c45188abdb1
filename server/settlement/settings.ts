// A company's settlement settings: its settlement day, its credit limit (on the company wallet)
// and the members who may confirm statements. Saving a new day schedules the statement job of
// the next settlement date; the old job, if any, finds itself superseded and does nothing.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { isoAt, now } from "../services/clock";
import { chinaDate } from "../../src/domain/travel/dates";
import { settlementDateOnOrAfter } from "../../src/domain/settlement/period";
import type { ConfirmerOption, SettlementSettingsInput, SettlementSettingsView } from "../../src/domain/settlement/schemas";
import type { CompanyRef } from "./company";
import { creditLineOf, setCreditLimit } from "./credit";
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

export function confirmerIdsOf(text: string | undefined | null): number[] {
  try {
    const ids = JSON.parse(text ?? "[]");
    return Array.isArray(ids) ? ids.filter((v): v is number => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
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

export async function saveSettings(db: Kysely<Database>, member: Member, company: CompanyRef, input: SettlementSettingsInput): Promise<SettlementSettingsView> {
  if (!company.walletMemberId) throw new BizError(RET.CONFLICT, "企业尚未开立账户，不能设置授信额度");
  const allowed = new Set((await candidatesOf(db, company.id)).map((c) => c.memberId));
  const stranger = input.confirmerIds.find((id) => !allowed.has(id));
  if (stranger !== undefined) throw new BizError(RET.BAD_INPUT, "确认人须是本企业的员工", { errors: { confirmerIds: "确认人须是本企业的员工" } });
  const at = isoAt();
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("settlement_settings").select(["settlementDay", "scheduledPeriodEnd"]).where("companyId", "=", company.id).executeTakeFirst();
    const reschedule = !before || before.settlementDay !== input.settlementDay || !before.scheduledPeriodEnd;
    const periodEnd = reschedule ? settlementDateOnOrAfter(input.settlementDay, chinaDate(now())) : before!.scheduledPeriodEnd;
    const values = { settlementDay: input.settlementDay, confirmerIds: JSON.stringify(input.confirmerIds), scheduledPeriodEnd: periodEnd, updateMemberId: member.id, updateTime: at };
    if (before) await trx.updateTable("settlement_settings").set(values).where("companyId", "=", company.id).execute();
    else await trx.insertInto("settlement_settings").values({ ...values, companyId: company.id, createTime: at }).execute();
    await setCreditLimit(trx, company.walletMemberId!, input.creditLimitFen);
    if (reschedule && periodEnd) await scheduleStatement(trx, company.id, periodEnd);
  });
  return settingsView(db, company);
}
