// The writes of the account routes: sign-in and registration by a proven SMS code, password and
// pay password changes, the profile. Each is one transaction, so a used code, a new password and
// the sessions it ends are stored together or not at all.
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import { isoAt } from "../clock";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "./errors";
import { accountOf, signInKeys } from "./password-guard";
import { createSession, revokeMemberSessions, revokeOtherSessions } from "./sessions";
import { consumeSmsCode } from "./sms";
import { giveBack } from "./throttle";
import { noticePayPasswordChanged, noticeSignIn } from "../../notifications/account-events";

/** Proving the phone also lifts the password limits of that account: it is the way back in. */
async function clearPasswordLimits(db: Parameters<typeof giveBack>[0], memberId: number, address: string): Promise<void> {
  const keys = signInKeys(accountOf(memberId, ""), address);
  await giveBack(db, keys.pair);
  await giveBack(db, keys.account);
}

/** Signs in by a proven login code: the code is used up and the password limits lifted; the new session's token. */
export function signInWithCode(db: Kysely<Database>, memberId: number, codeId: number, address: string, userAgent: string | undefined): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await consumeSmsCode(trx, codeId);
    await clearPasswordLimits(trx, memberId, address);
    await noticeSignIn(trx, memberId, userAgent);
    return createSession(trx, memberId);
  });
}

/** Signs in a member whose password was checked: a new device is told of, with the session's token. */
export function signInWithPassword(db: Kysely<Database>, memberId: number, userAgent: string | undefined): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await noticeSignIn(trx, memberId, userAgent);
    return createSession(trx, memberId);
  });
}

export interface Registration {
  codeId: number;
  mobilePhone: string;
  passwordHash: string;
  referrerId: number | null;
}

/** Registers a personal member by a proven register code and signs them in. */
export async function registerMember(db: Kysely<Database>, input: Registration): Promise<{ memberId: number; token: string }> {
  const time = isoAt();
  try {
    return await db.transaction().execute(async (trx) => {
      await consumeSmsCode(trx, input.codeId);
      const row = await trx
        .insertInto("members")
        .values({
          memberType: "10",
          memberLevel: 1,
          status: 1,
          mobilePhone: input.mobilePhone,
          account: input.mobilePhone,
          username: input.mobilePhone,
          passwordHash: input.passwordHash,
          referrerId: input.referrerId,
          createTime: time,
          updateTime: time,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { memberId: row.id, token: await createSession(trx, row.id) };
    });
  } catch (e) {
    // Two registrations of one phone at once: the loser is told to log in.
    if (isUniqueViolation(e)) throw accountError(ACCOUNT_RET.PHONE_REGISTERED, ACCOUNT_MSG.phoneRegistered);
    throw e;
  }
}

/** Resets a forgotten password by a proven reset code: every session ends, the password limits are lifted. */
export async function resetPassword(db: Kysely<Database>, memberId: number, codeId: number, passwordHash: string, address: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await consumeSmsCode(trx, codeId);
    await trx.updateTable("members").set({ passwordHash, updateTime: isoAt() }).where("id", "=", memberId).execute();
    await revokeMemberSessions(trx, memberId);
    await clearPasswordLimits(trx, memberId, address);
  });
}

/** Changes the signed-in member's password; their other sessions end, this one stays. */
export async function changePassword(db: Kysely<Database>, memberId: number, passwordHash: string, keepToken: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("members").set({ passwordHash, updateTime: isoAt() }).where("id", "=", memberId).execute();
    await revokeOtherSessions(trx, memberId, keepToken);
  });
}

/** Sets the pay password by a proven paypwd code, which is used up with it. */
export async function setPayPassword(db: Kysely<Database>, memberId: number, codeId: number, payPasswordHash: string, changed: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await consumeSmsCode(trx, codeId);
    await trx.updateTable("members").set({ payPasswordHash, updateTime: isoAt() }).where("id", "=", memberId).execute();
    if (changed) await noticePayPasswordChanged(trx, memberId);
  });
}

export type ProfileChanges = Partial<Pick<Member, "realName" | "email" | "sex" | "birthday" | "remark">>;

/** Writes the profile fields given and reads the member back. */
export async function updateProfile(db: Kysely<Database>, memberId: number, changes: ProfileChanges): Promise<Member> {
  await db.updateTable("members").set({ ...changes, updateTime: isoAt() }).where("id", "=", memberId).execute();
  return db.selectFrom("members").selectAll().where("id", "=", memberId).executeTakeFirstOrThrow();
}
