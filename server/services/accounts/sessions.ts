// Sessions: random 32-byte tokens, stored only as SHA-256 hashes, with an expiry.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { sessionWatchOf } from "../../db";
import { prepareQuery } from "../../db/prepared";
import type { WriteWatch } from "../../db/write-watch";
import { isoAt, now } from "../clock";

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export async function createSession(db: Kysely<Database>, memberId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString("hex");
  const t = now();
  await db
    .insertInto("sessions")
    .values({
      tokenHash: hashToken(token),
      memberId,
      createTime: isoAt(t),
      expiresAt: isoAt(t + SESSION_TTL_MS),
      revokedAt: null,
    })
    .execute();
  return token;
}

const sessionQuery = prepareQuery((db, p: { tokenHash: string; now: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("members", "members.id", "sessions.memberId")
    .selectAll("members")
    .select("sessions.expiresAt as sessionExpiresAt")
    .where("sessions.tokenHash", "=", p.tokenHash)
    .where("sessions.revokedAt", "is", null)
    .where("sessions.expiresAt", ">", p.now)
    .where("members.status", "=", 1),
);

/**
 * How long a resolved session may be answered from memory. Every write to members or sessions
 * made by this process empties the cache at once (sign-out, password change, a new login that
 * replaces sessions, a disabled member, a profile edit), so the limit only bounds what another
 * process writing the same database could leave stale.
 */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  member: Member;
  /** The end of this entry's life (ms): the cache's own limit or the session's expiry, if sooner. */
  until: number;
}

class SessionCache {
  readonly entries = new Map<string, CachedSession>();
  constructor(readonly watch: WriteWatch) {
    watch.onChange(() => this.entries.clear());
  }
}

const caches = new WeakMap<Kysely<Database>, SessionCache | null>();

function cacheOf(db: Kysely<Database>): SessionCache | null {
  let cache = caches.get(db);
  if (cache === undefined) {
    const watch = sessionWatchOf(db);
    cache = watch ? new SessionCache(watch) : null;
    caches.set(db, cache);
  }
  return cache;
}

export async function resolveSession(db: Kysely<Database>, token: string | undefined): Promise<Member | null> {
  if (!token || token.length > 128) return null;
  const cache = cacheOf(db);
  const t = now();
  const hit = cache?.entries.get(token);
  if (hit && hit.until > t) return hit.member;
  const epoch = cache?.watch.epoch;
  const row = await sessionQuery.first(db, { tokenHash: hashToken(token), now: isoAt(t) }, undefined);
  if (!row) return null;
  const { sessionExpiresAt, ...member } = row;
  // Kept only when no write to members or sessions ran or is pending while it was read.
  if (cache && cache.watch.epoch === epoch && cache.watch.open === 0) {
    if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
    // Shared by the requests it answers: frozen so none can change what the next one sees.
    cache.entries.set(token, { member: Object.freeze(member), until: Math.min(t + SESSION_CACHE_MS, Date.parse(sessionExpiresAt)) });
  }
  return member;
}

export async function revokeSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.updateTable("sessions").set({ revokedAt: isoAt() }).where("tokenHash", "=", hashToken(token)).execute();
}

/** Password reset and change revoke every session of the member. */
export async function revokeMemberSessions(db: Kysely<Database>, memberId: number): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revokedAt: isoAt() })
    .where("memberId", "=", memberId)
    .where("revokedAt", "is", null)
    .execute();
}

/** A password change keeps the session that made it and ends every other one. */
export async function revokeOtherSessions(db: Kysely<Database>, memberId: number, keepToken: string | undefined): Promise<void> {
  let q = db.updateTable("sessions").set({ revokedAt: isoAt() }).where("memberId", "=", memberId).where("revokedAt", "is", null);
  if (keepToken) q = q.where("tokenHash", "!=", hashToken(keepToken));
  await q.execute();
}
