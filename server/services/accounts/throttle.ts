// Attempt counters in the database, so every server process sees the same count. Three uses:
// - lockedUntil/claimTry/settleWrong/clearUnlessLocked: tries at a guessable secret. A wrong
//   answer claims a try with one conditional upsert (refused once the limit is reached or a lock
//   stands), so parallel wrong answers cannot get past the limit; a right answer claims nothing
//   and clears the count unless a lock stands.
// - countEvent/recentCount: plain counts of recent events (a failure seen for an account).
// - takeQuota: at most `max` actions per window (registrations per address).
// Keys are SHA-256 hashes of what they count, so a row has a fixed size whatever was typed.
// Rows are pruned on write once they are older than any window.
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { isoAt, now } from "../clock";

export interface TryLimit {
  /** Tries (claimed and not given back) allowed within the window. */
  max: number;
  /** A count untouched this long starts afresh. */
  windowMs: number;
  /** How long the key stays refused once the limit is reached. */
  lockMs: number;
}

/** No count is kept longer than this: every window and lock of the callers is shorter. */
export const THROTTLE_KEEP_MS = 24 * 3600 * 1000;

export function throttleKey(scope: string, ...parts: (string | number)[]): string {
  return crypto.createHash("sha256").update([scope, ...parts].join("\u0000")).digest("hex");
}

export type Claim = { granted: true; tries: number } | { granted: false; lockedUntil: string | null };

const col = (name: "tries" | "lockedUntil" | "updateTime") => sql.ref(`throttles.${name}`);

/**
 * Claims one try: one upsert that counts it only while the key is neither locked nor at its
 * limit. `tries` includes this claim. A refused claim says until when the key is locked
 * (null while the try that reached the limit is still being checked).
 */
export async function claimTry(db: Kysely<Database>, key: string, limit: TryLimit, subject: string | null = null): Promise<Claim> {
  const t = now();
  const at = isoAt(t);
  await pruneThrottles(db, t);
  // A lapsed lock, or a count untouched for a whole window, starts afresh.
  const fresh = sql<boolean>`((${col("lockedUntil")} is not null and ${col("lockedUntil")} <= ${at})
    or (${col("lockedUntil")} is null and ${col("updateTime")} < ${isoAt(t - limit.windowMs)}))`;
  const row = await db
    .insertInto("throttles")
    .values({ key, tries: 1, lockedUntil: null, updateTime: at, subject })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ tries: sql<number>`case when ${fresh} then 1 else ${col("tries")} + 1 end`, lockedUntil: null, updateTime: at })
        .where(sql<boolean>`${fresh} or (${col("lockedUntil")} is null and ${col("tries")} < ${limit.max})`),
    )
    .returning("tries")
    .executeTakeFirst();
  if (row) return { granted: true, tries: Number(row.tries) };
  const held = await db.selectFrom("throttles").select("lockedUntil").where("key", "=", key).executeTakeFirst();
  return { granted: false, lockedUntil: held?.lockedUntil && held.lockedUntil > at ? held.lockedUntil : null };
}

/** After a wrong answer: locks the key once its claimed tries reach the limit. */
export async function settleWrong(
  db: Kysely<Database>,
  key: string,
  limit: TryLimit,
  tries: number,
): Promise<{ locked: true; lockedUntil: string } | { locked: false; left: number }> {
  if (tries < limit.max) return { locked: false, left: limit.max - tries };
  const t = now();
  const lockedUntil = isoAt(t + limit.lockMs);
  await db
    .updateTable("throttles")
    .set({ lockedUntil, updateTime: isoAt(t) })
    .where("key", "=", key)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", isoAt(t))]))
    .execute();
  return { locked: true, lockedUntil };
}

/** Until when a key is locked now; null when it is not. */
export async function lockedUntil(db: Kysely<Database>, key: string): Promise<string | null> {
  const at = isoAt();
  const row = await db.selectFrom("throttles").select("lockedUntil").where("key", "=", key).executeTakeFirst();
  return row?.lockedUntil && row.lockedUntil > at ? row.lockedUntil : null;
}

/**
 * A right answer: clears the key's count in one conditional delete that leaves a standing lock
 * alone (wrong answers racing it may have locked the key meanwhile). Answers that lock, or null.
 */
export async function clearUnlessLocked(db: Kysely<Database>, key: string): Promise<string | null> {
  const at = isoAt();
  await db
    .deleteFrom("throttles")
    .where("key", "=", key)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", at)]))
    .execute();
  return lockedUntil(db, key);
}

/** Clears a key's count and any lock (proving the phone is the way back in). */
export async function giveBack(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("throttles").where("key", "=", key).execute();
}

/** Counts one event under key; a count untouched for `windowMs` starts afresh. */
export async function countEvent(db: Kysely<Database>, key: string, windowMs: number): Promise<void> {
  const t = now();
  const at = isoAt(t);
  await pruneThrottles(db, t);
  await db
    .insertInto("throttles")
    .values({ key, tries: 1, lockedUntil: null, updateTime: at })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        tries: sql<number>`case when ${col("updateTime")} < ${isoAt(t - windowMs)} then 1 else ${col("tries")} + 1 end`,
        updateTime: at,
      }),
    )
    .execute();
}

/** Events counted under key within the last `windowMs` (0 when the count has lapsed). */
export async function recentCount(db: Kysely<Database>, key: string, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom("throttles")
    .select("tries")
    .where("key", "=", key)
    .where("updateTime", ">=", isoAt(now() - windowMs))
    .executeTakeFirst();
  return row ? Number(row.tries) : 0;
}

/**
 * Takes one of `max` actions allowed per window; false when none is left. The window restarts
 * `windowMs` after the last action taken.
 */
export async function takeQuota(db: Kysely<Database>, key: string, quota: { max: number; windowMs: number }): Promise<boolean> {
  const claim = await claimTry(db, key, { ...quota, lockMs: 0 });
  return claim.granted;
}

/** Drops counts older than any window, so failed guesses never pile up. */
export async function pruneThrottles(db: Kysely<Database>, t: number = now()): Promise<void> {
  const cutoff = isoAt(t - THROTTLE_KEEP_MS);
  await db
    .deleteFrom("throttles")
    .where("updateTime", "<", cutoff)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", isoAt(t))]))
    .execute();
}
