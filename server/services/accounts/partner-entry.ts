// The partner entry's reads and its one write: a partner by its appId, its member, and a sign used
// once to open a session.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import { isoAt } from "../clock";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "./errors";
import { SIGN_MAX_AGE_MS, SIGN_MAX_SKEW_MS } from "./partner-sign";
import { createSession } from "./sessions";

// Used signs are kept well past the longest time a sign stays acceptable (age + skew).
const USED_SIGN_KEEP_MS = 2 * (SIGN_MAX_AGE_MS + SIGN_MAX_SKEW_MS);

export function partnerByAppId(db: Kysely<Database>, appId: string) {
  return db.selectFrom("partners").selectAll().where("appId", "=", appId).executeTakeFirst();
}

export function partnerMember(db: Kysely<Database>, memberId: number) {
  return db.selectFrom("members").selectAll().where("id", "=", memberId).executeTakeFirst();
}

/**
 * Records the sign as used and opens the member's session, together: a sign seen before (kept
 * since t minus the keeping time) is refused as replayed; the session's token.
 */
export async function signInBySign(db: Kysely<Database>, appId: string, sign: string, memberId: number, t: number): Promise<string> {
  try {
    return await db.transaction().execute(async (trx) => {
      const adb = trx;
      await adb.deleteFrom("used_signs").where("createTime", "<", isoAt(t - USED_SIGN_KEEP_MS)).execute();
      const used = await adb.selectFrom("used_signs").select("id").where("appId", "=", appId).where("sign", "=", sign).executeTakeFirst();
      if (used) throw accountError(ACCOUNT_RET.SIGN_REPLAYED, ACCOUNT_MSG.signReplayed);
      // The unique index makes a concurrent replay fail here; the session rolls back with it.
      await adb.insertInto("used_signs").values({ appId, sign, createTime: isoAt(t) }).execute();
      return createSession(trx, memberId);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw accountError(ACCOUNT_RET.SIGN_REPLAYED, ACCOUNT_MSG.signReplayed);
    throw e;
  }
}
