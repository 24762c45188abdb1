// Per-account sign-in throttle (LOGIN_MAX_WRONG wrong passwords lock the account for
// LOGIN_LOCK_MS), kept in the database so every server process sees the same count. The per-IP
// rate limit of the routes is only a backstop; this is what stops guessing one account's password.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { sql } from "kysely";
import { LOGIN_LOCK_MS, LOGIN_MAX_WRONG } from "../../src/domain/format";
import { ACCOUNT_RET, accountError, loginFailedMsg, loginLockedMsg } from "./account-errors";
import { isoAt, now } from "./clock";

/** A known member is throttled by id (phone and account name share one count), else by the text. */
export function throttleKey(memberId: number | null, typed: string): string {
  return memberId ? `member:${memberId}` : `account:${typed.trim().toLowerCase()}`;
}

/** Refuses while the account is locked, saying how many minutes are left. */
export async function assertNotLocked(db: Kysely<Database>, key: string): Promise<void> {
  const row = await db.selectFrom("login_failures").select("lockedUntil").where("account", "=", key).executeTakeFirst();
  if (!row?.lockedUntil) return;
  const leftMs = Date.parse(row.lockedUntil) - now();
  if (leftMs > 0) throw accountError(ACCOUNT_RET.LOGIN_LOCKED, loginLockedMsg(Math.ceil(leftMs / 60_000)), { lockedUntil: row.lockedUntil });
}

/**
 * Counts one wrong password and throws the reply: "N tries left", or the lock once the count
 * reaches LOGIN_MAX_WRONG. Failures older than the lock window no longer count. The increment
 * is one atomic upsert, so concurrent guesses cannot slip past the limit.
 */
export async function recordFailure(
  db: Kysely<Database>,
  key: string,
  failure: { ret: number; msg: (left: number) => string } = { ret: ACCOUNT_RET.LOGIN_FAILED, msg: loginFailedMsg },
): Promise<never> {
  const t = now();
  const windowStart = isoAt(t - LOGIN_LOCK_MS);
  await db
    .insertInto("login_failures")
    .values({ account: key, failures: 1, lockedUntil: null, updateTime: isoAt(t) })
    .onConflict((oc) =>
      oc.column("account").doUpdateSet({
        failures: sql<number>`case when ${sql.ref("login_failures.updateTime")} < ${windowStart} then 1 else ${sql.ref("login_failures.failures")} + 1 end`,
        updateTime: isoAt(t),
      }),
    )
    .execute();
  const row = await db.selectFrom("login_failures").select("failures").where("account", "=", key).executeTakeFirstOrThrow();
  if (row.failures >= LOGIN_MAX_WRONG) {
    await db
      .updateTable("login_failures")
      .set({ failures: 0, lockedUntil: isoAt(t + LOGIN_LOCK_MS), updateTime: isoAt(t) })
      .where("account", "=", key)
      .execute();
    throw accountError(ACCOUNT_RET.LOGIN_LOCKED, loginLockedMsg(Math.ceil(LOGIN_LOCK_MS / 60_000)));
  }
  const left = LOGIN_MAX_WRONG - row.failures;
  throw accountError(failure.ret, failure.msg(left), { triesLeft: left });
}

/** A successful sign-in (or a password reset) starts the count afresh. */
export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("login_failures").where("account", "=", key).execute();
}
