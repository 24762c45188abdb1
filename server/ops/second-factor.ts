// The operator's second factor on the server: the secret opened from its sealed column, the code
// checked under the wrong-code limit (5 wrong codes lock the operator from every address, since
// only who knows the password gets this far), and the replay guard: a right code is accepted once,
// for a time step newer than the last one the operator used, claimed with a conditional update so
// that of two sign-ins racing with one code exactly one wins.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { said } from "../services/i18n/text";
import { BizError } from "../services/http/envelope";
import { guardedCheck, type Refusal } from "../services/accounts/password-guard";
import { throttleKey } from "../services/accounts/throttle";
import { DEMO_OPS_TOTP_SECRET } from "./demo";
import type { OperatorRow } from "./operators";
import { totpStep } from "./totp";
import { isSealed, type TotpVault } from "./totp-vault";

export const OPS_RET = {
  CODE_REQUIRED: 1601,
  CODE_WRONG: 1602,
  CODE_LOCKED: 1603,
  ENROL_FIRST: 1604,
  CODE_USED: 1605,
  TOTP_UNAVAILABLE: 1606,
} as const;

/** How this server keeps and checks operators' secrets (set once by buildApp). */
export interface OpsTotp {
  /** Seals and opens the secrets; null when no key is configured (a production app built without one). */
  vault: TotpVault | null;
  /**
   * Whether an operator holding the demo operators' published secret is exempt from the replay
   * guard. True outside production only: the demo operators (SEED=demo, never in production) are
   * signed in by many browser tests and server tests at once with the one code of the moment,
   * and a secret printed in the README protects nothing a replay guard could add to.
   */
  demoExempt: boolean;
}

const CODE_REFUSAL: Refusal = {
  ret: OPS_RET.CODE_WRONG,
  msg: (left) => said("ops.wrongCodeAttemptsLeft", { left }),
  lockedRet: OPS_RET.CODE_LOCKED,
  lockedMsg: (minutes) => said("ops.tooManyWrongCodes", { minutes }),
};

const codeKeys = (operatorId: number) => ({ pair: throttleKey("ops-totp", operatorId) });
const codeUsed = () => new BizError(OPS_RET.CODE_USED, said("ops.codeUsed"));
const unavailable = () => new BizError(OPS_RET.TOTP_UNAVAILABLE, said("ops.totpUnavailable"));

/** The operator's base32 secret, or null when none is set. Refused when it cannot be opened. */
export function openSecret(totp: OpsTotp, operator: Pick<OperatorRow, "account" | "totpSecret">): string | null {
  const stored = operator.totpSecret;
  if (!stored) return null;
  // Written in clear by an earlier version: read as it is until the next start seals it.
  if (!isSealed(stored)) return stored;
  if (!totp.vault) throw unavailable();
  try {
    return totp.vault.open(operator.account, stored);
  } catch {
    // Another key than the one that sealed it: no code can be checked, and none is counted wrong.
    throw unavailable();
  }
}

/** A secret sealed for its operator; refused when the server has no key. */
export function sealSecret(totp: OpsTotp, account: string, secret: string): string {
  if (!totp.vault) throw unavailable();
  return totp.vault.seal(account, secret);
}

/** A code that the replay guard does not apply to: claimStep() skips it. */
export const EXEMPT = null;

/**
 * Checks a code of the operator's trusted (or, during enrolment, new) secret: a wrong code takes
 * one of the tries, a right one of a step not newer than the last accepted is refused without
 * taking one (it is the right code, only spent). Answers the step to claim in the transaction
 * that starts the session, or EXEMPT.
 */
export async function checkCode(db: Kysely<Database>, totp: OpsTotp, operator: OperatorRow, code: string): Promise<number | typeof EXEMPT> {
  const secret = openSecret(totp, operator);
  const exempt = totp.demoExempt && secret === DEMO_OPS_TOTP_SECRET;
  const matched: { step: number | null } = { step: null };
  await guardedCheck(
    db,
    codeKeys(operator.id),
    async () => {
      const step = await totpStep(secret, code);
      if (step === null) return false;
      // Thrown from inside the check: neither a wrong try counted nor the count of wrong ones cleared.
      if (!exempt && operator.totpLastStep !== null && step <= operator.totpLastStep) throw codeUsed();
      matched.step = step;
      return true;
    },
    CODE_REFUSAL,
  );
  return exempt ? EXEMPT : matched.step;
}

/**
 * Records the step as the operator's last, only if it is newer than the one stored: the loser of
 * two sign-ins with one code finds the step taken and is refused, its transaction (session and
 * audit row) rolled back with it.
 */
export async function claimStep(db: Kysely<Database>, operatorId: number, step: number | typeof EXEMPT): Promise<void> {
  if (step === EXEMPT) return;
  const claimed = await db
    .updateTable("operators")
    .set({ totpLastStep: step })
    .where("id", "=", operatorId)
    .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw codeUsed();
}
