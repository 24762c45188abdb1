// The company's employees as its main member (70) manages them: every query carries the company,
// so another company's employee is refused (403) and a missing one is not found. An active
// employee signs in as a company sub-member (7_0): a member linked both ways (employees.memberId,
// members.creditEmployeeId) and to the company (members.creditMemberId); disabling or deleting
// the employee disables that member and ends its sessions. Certificates stay on the employee.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import type { Kysely, Transaction } from "kysely";
import type { Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import { revokeMemberSessions } from "../services/accounts/sessions";
import { uniquely } from "../db/unique";
import { ownRow } from "../policy/company";
import { memberTypeKey } from "../../src/domain/member";
import { maskMobile } from "../../src/domain/people/certificates";
import {
  EMPLOYEE_STATUS, EMPLOYEES_MAX, type EmployeeCertificate, type EmployeeDetail, type EmployeeForm, type TripLevelOption,
} from "../../src/domain/people/employee";
import { toCount } from "../db";

type Db = Kysely<Database> | Transaction<Database>;

export const EMPLOYEE_MISSING = say("people.employeeFound");
export const NO_COMPANY = said("people.companyInformationWasFound");
const mobileTaken = (mobile: string) => said("people.mobileAlreadyEmployeeCompany", { mobile: maskMobile(mobile) });
const signInTaken = (mobile: string) => said("people.mobileRegisteredAnotherMemberCompany", { mobile: maskMobile(mobile) });
// Payment options of a new sub-member: the company's credit line included, as for the seeded ones.
const SUB_MEMBER_PAYMENTS = "wallet,alipay,wechat,creditpay";

/** The company of the caller, a company's main member (the 'staff' rights admit only 70). */
export function companyIdOf(member: Member): number {
  // Checked again so a policy change can never turn company 0 into a query.
  if (memberTypeKey(member) !== "70" || !member.creditMemberId) throw new DomainError("notFound", NO_COMPANY);
  return member.creditMemberId;
}

interface StoredEmployee {
  id: number;
  companyId: number;
  memberId: number | null;
  realName: string | null;
  mobilePhone: string | null;
  email: string | null;
  status: number;
}

/** The employee named by id: missing is 404, another company's is 403. */
export async function ownEmployee(db: Db, companyId: number, id: number): Promise<StoredEmployee> {
  const row = await db
    .selectFrom("employees as e")
    .leftJoin("members as m", "m.id", "e.memberId")
    .select(["e.id", "e.companyId", "e.memberId", "e.status"])
    // Rows written before employees kept their own contact fall back to their member's.
    .select((eb) => [
      eb.fn.coalesce("e.realName", "m.realName").as("realName"),
      eb.fn.coalesce("e.mobilePhone", "m.mobilePhone").as("mobilePhone"),
      eb.fn.coalesce("e.email", "m.email").as("email"),
    ])
    .where("e.id", "=", id)
    .executeTakeFirst();
  return ownRow(row, companyId, EMPLOYEE_MISSING);
}

export function parseCertificates(json: string | null | undefined): EmployeeCertificate[] {
  try {
    const list = JSON.parse(json || "[]") as unknown;
    return Array.isArray(list) ? (list as EmployeeCertificate[]) : [];
  } catch {
    return [];
  }
}

export async function employeeDetail(db: Db, companyId: number, id: number): Promise<EmployeeDetail> {
  await ownEmployee(db, companyId, id);
  const r = await db
    .selectFrom("employees as e")
    .leftJoin("members as m", "m.id", "e.memberId")
    .select(["e.id", "e.memberId", "e.departmentId", "e.position", "e.employeeLevel", "e.tripLevelId", "e.canAudit", "e.status", "e.certificates", "e.createTime", "e.updateTime"])
    .select((eb) => [
      eb.fn.coalesce("e.realName", "m.realName").as("realName"),
      eb.fn.coalesce("e.mobilePhone", "m.mobilePhone").as("mobilePhone"),
      eb.fn.coalesce("e.email", "m.email").as("email"),
    ])
    .where("e.id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    ...r,
    realName: r.realName ?? "",
    mobilePhone: r.mobilePhone ?? "",
    canAudit: r.canAudit ? 1 : 0,
    status: r.status ? 1 : 0,
    certificates: parseCertificates(r.certificates),
  };
}

/** Department and trip level must be the company's own. */
export async function assertReferences(db: Db, companyId: number, input: Pick<EmployeeForm, "departmentId" | "tripLevelId">): Promise<void> {
  if (input.departmentId !== null) {
    const d = await db.selectFrom("departments").select("id").where("id", "=", input.departmentId).where("companyId", "=", companyId).executeTakeFirst();
    if (!d) throw new DomainError("badInput", said("people.chosenDepartmentDoesExist"), { errors: { departmentId: said("people.chosenDepartmentDoesExist") } });
  }
  if (input.tripLevelId !== null) {
    const t = await db.selectFrom("trip_levels").select("id").where("id", "=", input.tripLevelId).where("companyId", "=", companyId).executeTakeFirst();
    if (!t) throw new DomainError("badInput", said("people.chosenTravelLevelDoesExist"), { errors: { tripLevelId: said("people.chosenTravelLevelDoesExist") } });
  }
}

/** Another employee of the company with this mobile (its own or its member's). */
async function assertMobileFree(db: Db, companyId: number, mobile: string, exceptId?: number): Promise<void> {
  let q = db
    .selectFrom("employees as e")
    .leftJoin("members as m", "m.id", "e.memberId")
    .select("e.id")
    .where("e.companyId", "=", companyId)
    .where((eb) => eb.or([eb("e.mobilePhone", "=", mobile), eb.and([eb("e.mobilePhone", "is", null), eb("m.mobilePhone", "=", mobile)])]));
  if (exceptId !== undefined) q = q.where("e.id", "!=", exceptId);
  if (await q.executeTakeFirst()) throw new DomainError("badInput", mobileTaken(mobile), { errors: { mobilePhone: mobileTaken(mobile) } });
}

/**
 * Whether a member found by the employee's mobile may become (again) this employee's sign-in:
 * the employee's own member, or one this company left behind (a deleted employee's). Anybody
 * else's account (another company's, a main member, a private member) is never taken over.
 */
function mayLink(m: Pick<Member, "memberType" | "creditMemberId" | "creditEmployeeId">, companyId: number, employeeId: number, liveEmployee: boolean): boolean {
  if (m.creditEmployeeId === employeeId) return true;
  if (String(m.memberType) === "70") return false;
  return m.creditMemberId === companyId && (m.creditEmployeeId === 0 || !liveEmployee);
}

/**
 * Gives an active employee their sign-in: re-enables the linked member (keeping its mobile, name
 * and email in step with the employee), links a member this company left behind, or creates one.
 * Returns the member's id.
 */
export async function grantSignIn(trx: Transaction<Database>, companyId: number, e: { id: number; memberId: number | null; realName: string; mobilePhone: string; email: string | null }, at: string): Promise<number> {
  const byMobile = await trx.selectFrom("members").select(["id", "memberType", "creditMemberId", "creditEmployeeId"]).where("mobilePhone", "=", e.mobilePhone).executeTakeFirst();
  const facts = { status: 1, realName: e.realName, email: e.email, creditMemberId: companyId, creditEmployeeId: e.id, updateTime: at };
  if (e.memberId !== null && (!byMobile || byMobile.id === e.memberId)) {
    await trx.updateTable("members").set({ ...facts, mobilePhone: e.mobilePhone }).where("id", "=", e.memberId).execute();
    return e.memberId;
  }
  if (byMobile) {
    const other = byMobile.creditEmployeeId > 0 && byMobile.creditEmployeeId !== e.id
      ? await trx.selectFrom("employees").select("id").where("id", "=", byMobile.creditEmployeeId).executeTakeFirst()
      : undefined;
    if (!mayLink(byMobile, companyId, e.id, !!other)) throw new DomainError("badInput", signInTaken(e.mobilePhone), { errors: { mobilePhone: signInTaken(e.mobilePhone) } });
    // The previous member (another mobile) stops being this employee's sign-in.
    if (e.memberId !== null) await releaseMember(trx, e.memberId, companyId);
    await trx.updateTable("members").set(facts).where("id", "=", byMobile.id).execute();
    await trx.updateTable("employees").set({ memberId: byMobile.id }).where("id", "=", e.id).execute();
    return byMobile.id;
  }
  if (e.memberId !== null) {
    // The linked member follows the employee to the new mobile, which nobody holds.
    await trx.updateTable("members").set({ ...facts, mobilePhone: e.mobilePhone, account: e.mobilePhone, username: e.mobilePhone }).where("id", "=", e.memberId).execute();
    return e.memberId;
  }
  const created = await uniquely(
    () =>
      trx
        .insertInto("members")
        .values({
          memberType: "10", memberLevel: 1, mobilePhone: e.mobilePhone, account: e.mobilePhone, username: e.mobilePhone,
          paymentLimits: SUB_MEMBER_PAYMENTS, createTime: at, ...facts,
        })
        .returning("id")
        .executeTakeFirstOrThrow(),
    () => new DomainError("badInput", signInTaken(e.mobilePhone), { errors: { mobilePhone: signInTaken(e.mobilePhone) } }),
  );
  await trx.updateTable("employees").set({ memberId: created.id }).where("id", "=", e.id).execute();
  return created.id;
}

/** Disables the member's sign-in and ends its sessions; it stays linked (re-enabling finds it). */
export async function stopSignIn(db: Db, memberId: number | null, at: string): Promise<void> {
  if (memberId === null) return;
  await db.updateTable("members").set({ status: 0, updateTime: at }).where("id", "=", memberId).execute();
  await revokeMemberSessions(db as Kysely<Database>, memberId);
}

/** The member is no employee any more: disabled, unlinked, marked as this company's leftover. */
async function releaseMember(db: Db, memberId: number, companyId: number): Promise<void> {
  await db.updateTable("members").set({ status: 0, creditEmployeeId: 0, creditMemberId: companyId, updateTime: isoAt() }).where("id", "=", memberId).execute();
  await revokeMemberSessions(db as Kysely<Database>, memberId);
}

const rowValues = (input: EmployeeForm, at: string) => ({
  realName: input.realName,
  mobilePhone: input.mobilePhone,
  email: input.email ?? null,
  departmentId: input.departmentId,
  position: input.position ?? null,
  employeeLevel: input.employeeLevel ?? null,
  tripLevelId: input.tripLevelId,
  canAudit: input.canAudit ? 1 : 0,
  certificates: JSON.stringify(input.certificates.map((c) => ({ certType: c.certType, certNo: c.certNo, expiry: c.expiry ?? null, issueCountry: c.issueCountry ?? null }))),
  updateTime: at,
});

export async function assertRoom(db: Db, companyId: number, adding: number): Promise<void> {
  const n = await db.selectFrom("employees").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", companyId).executeTakeFirst();
  if (toCount(n?.n) + adding > EMPLOYEES_MAX) throw new DomainError("badInput", said("people.mostEmployeesPerCompany", { EMPLOYEES_MAX }));
}

/** Adds an employee (active unless told otherwise, with their sign-in) or saves an existing one. */
export async function saveEmployee(db: Kysely<Database>, companyId: number, input: EmployeeForm, id?: number, status: number = EMPLOYEE_STATUS.active): Promise<EmployeeDetail> {
  const at = isoAt();
  const savedId = await db.transaction().execute(async (trx) => {
    await assertReferences(trx, companyId, input);
    await assertMobileFree(trx, companyId, input.mobilePhone, id);
    const values = rowValues(input, at);
    const clash = () => new DomainError("badInput", mobileTaken(input.mobilePhone), { errors: { mobilePhone: mobileTaken(input.mobilePhone) } });
    if (id !== undefined) {
      const old = await ownEmployee(trx, companyId, id);
      await uniquely(() => trx.updateTable("employees").set(values).where("id", "=", id).where("companyId", "=", companyId).execute(), clash);
      const e = { id, memberId: old.memberId, realName: input.realName, mobilePhone: input.mobilePhone, email: input.email ?? null };
      if (old.status === EMPLOYEE_STATUS.active) await grantSignIn(trx, companyId, e, at);
      else if (old.memberId !== null) {
        // A disabled employee's member keeps step with the name; the mobile moves only when free.
        await trx.updateTable("members").set({ realName: input.realName, email: input.email ?? null, updateTime: at }).where("id", "=", old.memberId).execute();
      }
      return id;
    }
    await assertRoom(trx, companyId, 1);
    const row = await uniquely(
      () => trx.insertInto("employees").values({ ...values, companyId, status, createTime: at }).returning("id").executeTakeFirstOrThrow(),
      clash,
    );
    if (status === EMPLOYEE_STATUS.active) await grantSignIn(trx, companyId, { id: row.id, memberId: null, realName: input.realName, mobilePhone: input.mobilePhone, email: input.email ?? null }, at);
    return row.id;
  });
  return employeeDetail(db, companyId, savedId);
}

/** Enables (sign-in granted or restored) or disables (sign-in stopped) an employee. */
export async function setEmployeeStatus(db: Kysely<Database>, companyId: number, id: number, status: number): Promise<EmployeeDetail> {
  const at = isoAt();
  await db.transaction().execute(async (trx) => {
    const e = await ownEmployee(trx, companyId, id);
    await trx.updateTable("employees").set({ status, updateTime: at }).where("id", "=", id).execute();
    if (status === EMPLOYEE_STATUS.active) {
      await grantSignIn(trx, companyId, { id, memberId: e.memberId, realName: e.realName ?? "", mobilePhone: e.mobilePhone ?? "", email: e.email }, at);
    } else {
      await stopSignIn(trx, e.memberId, at);
    }
  });
  return employeeDetail(db, companyId, id);
}

/** Removes the employee; their member can no longer sign in and is no longer the company's employee. */
export async function deleteEmployee(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const e = await ownEmployee(trx, companyId, id);
    if (e.memberId !== null) await releaseMember(trx, e.memberId, companyId);
    await trx.deleteFrom("employees").where("id", "=", id).where("companyId", "=", companyId).execute();
  });
}

/** The company's trip levels with their flags, for the employee form's choice. */
export function tripLevelOptions(db: Kysely<Database>, companyId: number): Promise<TripLevelOption[]> {
  return db
    .selectFrom("trip_levels")
    .select(["id", "name", "approveFlag", "feeFlag", "changeApprove", "overproof", "overApprove"])
    .where("companyId", "=", companyId)
    .orderBy("id")
    .execute();
}
