// Operator sign-in: the password (guarded like the members': 5 wrong answers for an account from
// one address lock it there for 15 minutes), then the TOTP code once enrolled (second-factor.ts:
// the wrong-code lock and the replay guard). Before enrolment the password alone buys a short
// session that can only enrol.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { said } from "../services/i18n/text";
import { BizError, RET } from "../services/http/envelope";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "../services/accounts/errors";
import { guardedCheck, verifyMemberPassword } from "../services/accounts/password-guard";
import { throttleKey } from "../services/accounts/throttle";
import type { OpsEnrolReply, OpsLoginInput, OpsLoginReply } from "../../src/domain/ops/schemas";
import { auditLog } from "./audit";
import { operatorByAccount, operatorById, operatorView, type OperatorRow } from "./operators";
import { OPS_RET, checkCode, claimStep, sealSecret, type OpsTotp } from "./second-factor";
import { createOpsSession, revokeOpsSession } from "./sessions";
import { newTotpSecret, totpUrl } from "./totp";

export { OPS_RET };

const passwordKeys = (account: string, address: string) => ({ pair: throttleKey("ops-password", account.trim().toLowerCase(), address) });

export async function signIn(db: Kysely<Database>, totp: OpsTotp, input: OpsLoginInput, address: string): Promise<OpsLoginReply> {
  const operator = await operatorByAccount(db, input.account);
  // An unknown account is answered (and timed) like a wrong password, so accounts cannot be probed.
  await guardedCheck(db, passwordKeys(input.account, address), () => verifyMemberPassword(input.password, operator?.passwordHash));
  if (operator!.status !== 1) throw accountError(ACCOUNT_RET.ACCOUNT_DISABLED, ACCOUNT_MSG.disabled);
  const stage = operator!.totpEnabled === 1 ? "full" : "enrol";
  let step: number | null = null;
  if (stage === "full") {
    if (!input.code) throw new BizError(OPS_RET.CODE_REQUIRED, said("ops.codeRequired"), { needCode: true });
    step = await checkCode(db, totp, operator!, input.code);
  }
  const token = await inTransaction(db, async (trx) => {
    if (stage === "full") await claimStep(trx, operator!.id, step);
    const t = await createOpsSession(trx, operator!.id, stage);
    await auditLog(trx, { operatorId: operator!.id, action: stage === "full" ? "auth.login" : "auth.login-enrol", objectType: "operator", objectId: operator!.id });
    return t;
  });
  return { token, stage, operator: operatorView(operator!) };
}

/** A fresh secret for an operator who has none trusted yet; shown once, on the enrolment page. */
export async function startEnrolment(db: Kysely<Database>, totp: OpsTotp, operator: OperatorRow): Promise<OpsEnrolReply> {
  if (operator.totpEnabled === 1) throw new BizError(RET.CONFLICT, said("ops.alreadyEnrolled"));
  const secret = newTotpSecret();
  const moved = await db
    .updateTable("operators")
    // A new secret has no step used yet.
    .set({ totpSecret: sealSecret(totp, operator.account, secret), totpLastStep: null })
    .where("id", "=", operator.id)
    .where("totpEnabled", "=", 0)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("ops.alreadyEnrolled"));
  return { url: totpUrl(operator.account, secret), secret };
}

/**
 * A right code from the new secret trusts it: the enrolment session ends and a full one starts,
 * in one transaction with its audit row. The secret is matched in the update, so a secret
 * replaced meanwhile (enrolment restarted in another tab) is not trusted by an old code.
 */
export async function confirmEnrolment(db: Kysely<Database>, totp: OpsTotp, operatorId: number, enrolToken: string, code: string): Promise<OpsLoginReply> {
  const operator = await operatorById(db, operatorId);
  if (!operator) throw new BizError(RET.UNAUTHORISED, said("http.sessionHasExpiredSignAgain"));
  if (operator.totpEnabled === 1) throw new BizError(RET.CONFLICT, said("ops.alreadyEnrolled"));
  if (!operator.totpSecret) throw new BizError(RET.CONFLICT, said("ops.enrolNotStarted"));
  const step = await checkCode(db, totp, operator, code);
  return inTransaction(db, async (trx) => {
    // The confirming code is spent too: the sign-in right after it needs the next one.
    const moved = await trx
      .updateTable("operators")
      .set({ totpEnabled: 1, totpLastStep: step })
      .where("id", "=", operator.id)
      .where("totpEnabled", "=", 0)
      .where("totpSecret", "=", operator.totpSecret)
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new BizError(RET.CONFLICT, said("ops.enrolNotStarted"));
    await revokeOpsSession(trx, enrolToken);
    const token = await createOpsSession(trx, operator.id, "full");
    await auditLog(trx, { operatorId: operator.id, action: "auth.totp-enrol", objectType: "operator", objectId: operator.id, before: { totpEnabled: false }, after: { totpEnabled: true } });
    return { token, stage: "full" as const, operator: operatorView(moved) };
  });
}

export async function signOut(db: Kysely<Database>, operatorId: number, token: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await revokeOpsSession(trx, token);
    await auditLog(trx, { operatorId, action: "auth.logout", objectType: "operator", objectId: operatorId });
  });
}
