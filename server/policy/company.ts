// Whose company a caller acts in. Travel management and approvals happen inside one company:
// its main member (70, creditMemberId) or one of its employees (7_0, through employees).
import { said, type Text } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { memberTypeKey } from "../../src/domain/member";

export interface CallerEmployee {
  id: number;
  departmentId: number | null;
  tripLevelId: number | null;
  canAudit: number;
}

export interface CompanyCaller {
  companyId: number;
  member: Member;
  /** The caller's employee record; null for the company's main member. */
  employee: CallerEmployee | null;
  isAdmin: boolean;
  name: string;
}

export const NO_COMPANY = said("people.companyInformationWasFound");
export const OTHER_COMPANY = said("policy.viewChangeAnotherCompanyS");

export async function companyCaller(db: Kysely<Database>, member: Member): Promise<CompanyCaller> {
  const key = memberTypeKey(member);
  const name = member.realName ?? member.mobilePhone;
  if (key === "70") return { companyId: member.creditMemberId, member, employee: null, isAdmin: true, name };
  if (key === "7_0") {
    const e = await db
      .selectFrom("employees")
      .select(["id", "companyId", "departmentId", "tripLevelId", "canAudit"])
      .where("id", "=", member.creditEmployeeId)
      .executeTakeFirst();
    if (e) return { companyId: e.companyId, member, employee: { id: e.id, departmentId: e.departmentId, tripLevelId: e.tripLevelId, canAudit: e.canAudit }, isAdmin: false, name };
  }
  throw new DomainError("notFound", NO_COMPANY);
}

/** A row the caller named by id: missing is 404, another company's is 403. */
export function ownRow<R extends { companyId: number }>(row: R | undefined, companyId: number, missing: Text | string): R {
  if (!row) throw new DomainError("notFound", missing);
  if (row.companyId !== companyId) throw new DomainError("forbidden", OTHER_COMPANY);
  return row;
}

/** Ids the caller names (employees, departments, trip levels) must all be the company's. */
export async function assertCompanyIds(
  db: Kysely<Database>,
  table: "employees" | "departments" | "trip_levels",
  ids: readonly number[],
  companyId: number,
  message: Text | string,
): Promise<void> {
  if (!ids.length) return;
  const rows = await db.selectFrom(table).select("id").where("id", "in", [...ids]).where("companyId", "=", companyId).execute();
  if (rows.length !== new Set(ids).size) throw new DomainError("badInput", message);
}
