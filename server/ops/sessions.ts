// Operator sessions: random 32-byte tokens kept only as SHA-256 hashes, in their own table, so a
// member's token is never found here and an operator's never among members' sessions. A session
// that has proven the password but no second factor yet ('enrol') lasts minutes and may only
// enrol TOTP; a full one lasts a working day.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hashToken } from "../services/accounts/sessions";
import { isoAt, now } from "../services/clock";
import type { OpsStage } from "../../src/domain/ops/paths";
import type { OperatorRow } from "./operators";

export const OPS_SESSION_TTL_MS = 12 * 3600 * 1000;
export const OPS_ENROL_TTL_MS = 15 * 60 * 1000;

export async function createOpsSession(db: Kysely<Database>, operatorId: number, stage: OpsStage): Promise<string> {
  const token = crypto.randomBytes(32).toString("hex");
  const t = now();
  await db
    .insertInto("operator_sessions")
    .values({
      tokenHash: hashToken(token),
      operatorId,
      stage,
      createTime: isoAt(t),
      expiresAt: isoAt(t + (stage === "full" ? OPS_SESSION_TTL_MS : OPS_ENROL_TTL_MS)),
      revokedAt: null,
    })
    .execute();
  return token;
}

export interface OpsSession {
  operator: OperatorRow;
  stage: OpsStage;
}

/** The live session of a token: not revoked, not expired, its operator active. */
export async function resolveOpsSession(db: Kysely<Database>, token: string | undefined): Promise<OpsSession | null> {
  if (!token || token.length > 128) return null;
  const row = await db
    .selectFrom("operator_sessions")
    .innerJoin("operators", "operators.id", "operator_sessions.operatorId")
    .selectAll("operators")
    .select("operator_sessions.stage as sessionStage")
    .where("operator_sessions.tokenHash", "=", hashToken(token))
    .where("operator_sessions.revokedAt", "is", null)
    .where("operator_sessions.expiresAt", ">", isoAt())
    .where("operators.status", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  const { sessionStage, ...operator } = row;
  return { operator, stage: sessionStage === "full" ? "full" : "enrol" };
}

export async function revokeOpsSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.updateTable("operator_sessions").set({ revokedAt: isoAt() }).where("tokenHash", "=", hashToken(token)).execute();
}

/** A new password, a new role, or a disabled account ends every session of the operator. */
export async function revokeOperatorSessions(db: Kysely<Database>, operatorId: number): Promise<void> {
  await db
    .updateTable("operator_sessions")
    .set({ revokedAt: isoAt() })
    .where("operatorId", "=", operatorId)
    .where("revokedAt", "is", null)
    .execute();
}
