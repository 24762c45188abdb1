// Who a company member may book for on business. An employee: themself, and the colleagues their
// replace-booker rule names (everyone, some departments with their sub-departments, or some
// employees). The company's administrator: every employee (the administrator manages the staff
// and their standards, so booking for any of them needs no rule). The order page's traveller list
// and the booking itself ask here, so they can never disagree.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import { likePattern, offsetOf } from "../services/http/paging";
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

/**
 * The colleagues the member may book for, a page of them, and the booker themself whatever the
 * page or keyword (forms start with them as the traveller).
 */
export async function bookableColleagues(db: Kysely<Database>, member: Member, input: { pageNum: number; pageSize: number; orderType: "asc" | "desc"; keyword?: string }) {
  const { me, allows } = await bookerScopeOf(db, member);
  const people = () =>
    db
      .selectFrom("employees as e")
      .leftJoin("members as m", "m.id", "e.memberId")
      .leftJoin("departments as d", "d.id", "e.departmentId")
      .where("e.companyId", "=", me.companyId)
      .select(["e.id", "e.departmentId", "m.realName", "m.mobilePhone", "d.name as departmentName"]);
  let q = people();
  const pattern = likePattern(input.keyword);
  if (pattern) q = q.where((eb) => eb.or([eb("m.realName", "like", pattern), eb("m.mobilePhone", "like", pattern)]));
  // The rule is evaluated on the company's employees (a company is hundreds, not millions),
  // so departments include their sub-departments exactly as mayBookFor says.
  const everyone = await q.orderBy("m.realName", input.orderType).orderBy("e.id", input.orderType).execute();
  const allowed = everyone.filter((e) => allows(e.id, e.departmentId));
  const start = offsetOf(input);
  const view = (e: (typeof everyone)[number]) => ({ employeeId: e.id, realName: e.realName, mobilePhone: e.mobilePhone, departmentName: e.departmentName, self: e.id === me.employee?.id });
  // The booker themself whatever the page or keyword: forms start with them as the traveller.
  const mine = me.employee ? await people().where("e.id", "=", me.employee.id).executeTakeFirst() : undefined;
  return {
    list: allowed.slice(start, start + input.pageSize).map(view),
    self: mine ? view(mine) : null,
    total: allowed.length,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
