// Who a company member may book for on business. An employee: themself, and the colleagues their
// replace-booker rule names (everyone, some departments with their sub-departments, or some
// employees). The company's administrator: every employee (the administrator manages the staff
// and their standards, so booking for any of them needs no rule). The order page's traveller list
// and the booking itself ask here, so they can never disagree.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { departmentPath, mayBookFor, type BookerRule, type BookerScope } from "../../src/domain/policy";
import { loadDepartmentParents } from "../approvals/resolve";
import { companyCaller, type CompanyCaller } from "./company";
import { readJson } from "./json";
import { BUSINESS_MEMBERS_ONLY, canBookOnBusiness } from "../orders/business";

export const EMPLOYEES_ONLY = said("policy.onlyCompanyEmployeesBook");
export const NOT_YOURS_TO_BOOK = said("policy.bookColleagueAskCompanyAdministrator");

export interface BookerScopeOf {
  /** The booker; `employee` is null for the company's administrator. */
  me: CompanyCaller;
  /** Whether the booker may book for the employee in that department (null: none). */
  allows: (employeeId: number, departmentId: number | null) => boolean;
}

/** The caller's replace-booker rule, ready to ask about any colleague. */
export async function bookerScopeOf(db: Kysely<Database>, member: Member): Promise<BookerScopeOf> {
  const me = await companyCaller(db, member);
  if (me.isAdmin) return { me, allows: () => true };
  const employee = me.employee;
  if (!employee) throw new DomainError("forbidden", EMPLOYEES_ONLY);
  const [rule, parents] = await Promise.all([
    db.selectFrom("replace_bookers").selectAll().where("bookerEmployeeId", "=", employee.id).executeTakeFirst(),
    loadDepartmentParents(db, me.companyId),
  ]);
  const bookerRule: BookerRule | null = rule
    ? { scope: rule.scope as BookerScope, departmentIds: readJson(rule.departmentIds, []), employeeIds: readJson(rule.employeeIds, []) }
    : null;
  return {
    me,
    allows: (employeeId, departmentId) => mayBookFor({ employeeId: employee.id, rule: bookerRule }, { employeeId, departmentPath: departmentPath(departmentId, parents) }),
  };
}

/**
 * The colleague an order is booked for, as the member who travels: refused (403) unless the
 * booker may book for them; a colleague without an active sign-in cannot travel on an order.
 */
export async function travellerFor(db: Kysely<Database>, booker: Member, employeeId: number): Promise<Member> {
  // Booking for a colleague is business travel, which only a company's members book.
  if (!canBookOnBusiness(booker)) throw new DomainError("forbidden", BUSINESS_MEMBERS_ONLY);
  const scope = await bookerScopeOf(db, booker);
  const e = await db.selectFrom("employees").select(["id", "companyId", "departmentId", "memberId"]).where("id", "=", employeeId).executeTakeFirst();
  if (!e || e.companyId !== scope.me.companyId || !scope.allows(e.id, e.departmentId)) throw new DomainError("forbidden", NOT_YOURS_TO_BOOK);
  const traveller = e.memberId ? await db.selectFrom("members").selectAll().where("id", "=", e.memberId).where("status", "=", 1).executeTakeFirst() : undefined;
  if (!traveller) throw new DomainError("conflict", said("policy.colleagueSAccountEnabledBook"));
  return traveller;
}
