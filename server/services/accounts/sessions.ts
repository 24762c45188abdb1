// Sessions: random 32-byte tokens, stored only as SHA-256 hashes, with an expiry.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
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

export async function resolveSession(db: Kysely<Database>, token: string | undefined): Promise<Member | null> {
  if (!token || token.length > 128) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("members", "members.id", "sessions.memberId")
    .selectAll("members")
    .where("sessions.tokenHash", "=", hashToken(token))
    .where("sessions.revokedAt", "is", null)
    .where("sessions.expiresAt", ">", isoAt())
    .where("members.status", "=", 1)
    .executeTakeFirst();
  return row ?? null;
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
