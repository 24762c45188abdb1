// What the account routes share: finding members, signing in, revoking other sessions.
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";

import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "./errors";
import { createSession } from "./sessions";
import { memberInfo, type MemberInfo } from "./member-view";

export async function memberByPhone(db: Kysely<Database>, mobilePhone: string): Promise<Member | null> {
  return (await db.selectFrom("members").selectAll().where("mobilePhone", "=", mobilePhone).executeTakeFirst()) ?? null;
}

/** The account field of the login form holds a mobile number or an account name; a phone wins. */
export async function memberByAccount(db: Kysely<Database>, typed: string): Promise<Member | null> {
  const byPhone = await memberByPhone(db, typed);
  if (byPhone) return byPhone;
  return (await db.selectFrom("members").selectAll().where("account", "=", typed).orderBy("id").limit(1).executeTakeFirst()) ?? null;
}

export async function requireMemberByPhone(db: Kysely<Database>, mobilePhone: string): Promise<Member> {
  const member = await memberByPhone(db, mobilePhone);
  if (!member) throw accountError(ACCOUNT_RET.PHONE_UNKNOWN, ACCOUNT_MSG.phoneUnknown);
  return member;
}

export function assertActive(member: Member): void {
  if (member.status !== 1) throw accountError(ACCOUNT_RET.ACCOUNT_DISABLED, ACCOUNT_MSG.disabled);
}

/** The company a member belongs to as its main member (70) or as an employee (7_0), if any. */
export async function companyIdOfMember(db: Kysely<Database>, member: Pick<Member, "creditMemberId" | "creditEmployeeId">): Promise<number | null> {
  if (member.creditEmployeeId > 0) {
    const e = await db.selectFrom("employees").select("companyId").where("id", "=", member.creditEmployeeId).executeTakeFirst();
    if (e) return e.companyId;
  }
  return member.creditMemberId > 0 ? member.creditMemberId : null;
}

/**
 * A company the operator has disabled signs none of its members in (its sessions were ended when
 * it was disabled). Checked at sign-in rather than on every request, which stays one lookup.
 */
export async function assertCompanyActive(db: Kysely<Database>, member: Member): Promise<void> {
  const companyId = await companyIdOfMember(db, member);
  if (companyId === null) return;
  const c = await db.selectFrom("companies").select("status").where("id", "=", companyId).executeTakeFirst();
  if (c && c.status !== 1) throw accountError(ACCOUNT_RET.ACCOUNT_DISABLED, ACCOUNT_MSG.companyDisabled);
}

/** The login reply: the token and the user object, read after the session's transaction. */
export async function loginReply(db: Kysely<Database>, memberId: number, token: string): Promise<{ token: string } & MemberInfo> {
  const member = await db.selectFrom("members").selectAll().where("id", "=", memberId).executeTakeFirstOrThrow();
  return { token, ...(await memberInfo(db, member)) };
}

export async function signIn(db: Kysely<Database>, member: Member) {
  const token = await createSession(db, member.id);
  return loginReply(db, member.id, token);
}

