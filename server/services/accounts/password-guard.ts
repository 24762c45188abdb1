// Password checks under attempt limits. Guessing is stopped per (account, client address): 5
// wrong passwords from one address lock that account *for that address* for 15 minutes. A
// stranger elsewhere therefore cannot lock the owner out; across addresses a failure only makes
// the account (and the guessing address) answer "请输入验证码" until a captcha comes with the
// next try. The same service guards the pay password, which only its signed-in owner can try.
import { said, type Text } from "../i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { LOGIN_LOCK_MS, LOGIN_MAX_WRONG } from "../../../src/domain/format";
import { ACCOUNT_RET, accountError, loginFailedMsg, loginLockedMsg } from "./errors";
import { claimTry, clearUnlessLocked, countEvent, giveBack, lockedUntil, recentCount, settleWrong, throttleKey, type TryLimit } from "./throttle";
import { hashPassword, verifyPassword } from "./passwords";
import { now } from "../clock";

export const PASSWORD_TRIES: TryLimit = { max: LOGIN_MAX_WRONG, windowMs: LOGIN_LOCK_MS, lockMs: LOGIN_LOCK_MS };
/** A failure asks for a captcha from the account and the address for this long. */
export const CAPTCHA_AFTER_FAILURE_MS = LOGIN_LOCK_MS;

/** How a refusal reads: the wrong answer with tries left, and the lock with minutes left. */
export interface Refusal {
  ret: number;
  msg: (left: number) => Text | string;
  lockedRet: number;
  lockedMsg: (minutes: number) => Text | string;
}

export const LOGIN_REFUSAL: Refusal = {
  ret: ACCOUNT_RET.LOGIN_FAILED,
  msg: loginFailedMsg,
  lockedRet: ACCOUNT_RET.LOGIN_LOCKED,
  lockedMsg: loginLockedMsg,
};

/** A known member is counted by id (phone and account name share one count), else by the text. */
export function accountOf(memberId: number | null, typed: string): string {
  return memberId ? `member:${memberId}` : `account:${typed.trim().toLowerCase()}`;
}

export interface GuardKeys {
  /** The hard limit: this account from this address. */
  pair: string;
  /** Failures of the account from anywhere, and of the address on any account: captcha flags. */
  account?: string;
  address?: string;
  /** Whose sign-in the pair guards ('member:<id>'), kept with the count so an operator can unlock it. */
  subject?: string;
}

export function signInKeys(account: string, address: string): GuardKeys & Required<Pick<GuardKeys, "pair" | "account" | "address">> {
  return {
    ...(account.startsWith("member:") ? { subject: account } : {}),
    pair: throttleKey("password", account, address),
    account: throttleKey("password-account", account),
    address: throttleKey("password-address", address),
  };
}

/** Whether a sign-in without a captcha must be refused: a recent failure of the account or address. */
export async function captchaNeeded(db: Kysely<Database>, account: string, address: string): Promise<boolean> {
  const keys = signInKeys(account, address);
  const [byAccount, byAddress] = await Promise.all([
    recentCount(db, keys.account, CAPTCHA_AFTER_FAILURE_MS),
    recentCount(db, keys.address, CAPTCHA_AFTER_FAILURE_MS),
  ]);
  return byAccount > 0 || byAddress > 0;
}

function lockedError(refusal: Refusal, lockedUntil: string | null, limit: TryLimit) {
  const leftMs = lockedUntil ? Date.parse(lockedUntil) - now() : limit.lockMs;
  return accountError(refusal.lockedRet, refusal.lockedMsg(Math.max(1, Math.ceil(leftMs / 60_000))), lockedUntil ? { lockedUntil } : null);
}

/**
 * Runs `check` (the slow password comparison) unless keys.pair is locked, and throws the refusal
 * when the check fails. Only a WRONG answer takes a try: it is claimed after the check with one
 * conditional upsert, so parallel wrong answers still lock the pair at the limit, while parallel
 * right answers take nothing and are never refused for each other. A right answer decided after
 * the pair locked is refused like any other, so a burst of guesses learns no more than the
 * limit's worth of answers; otherwise it clears the pair's count (unless a lock stands) and the
 * account's failure flag. A wrong one also counts against the account and address flags.
 */
export async function guardedCheck(
  db: Kysely<Database>,
  keys: GuardKeys,
  check: () => Promise<boolean>,
  refusal: Refusal = LOGIN_REFUSAL,
  limit: TryLimit = PASSWORD_TRIES,
): Promise<void> {
  const before = await lockedUntil(db, keys.pair);
  if (before) throw lockedError(refusal, before, limit);
  if (await check()) {
    const lock = await clearUnlessLocked(db, keys.pair);
    if (lock) throw lockedError(refusal, lock, limit);
    if (keys.account) await giveBack(db, keys.account);
    return;
  }
  if (keys.account) await countEvent(db, keys.account, CAPTCHA_AFTER_FAILURE_MS);
  if (keys.address) await countEvent(db, keys.address, CAPTCHA_AFTER_FAILURE_MS);
  const claim = await claimTry(db, keys.pair, limit, keys.subject ?? null);
  if (!claim.granted) throw lockedError(refusal, claim.lockedUntil, limit);
  const settled = await settleWrong(db, keys.pair, limit, claim.tries);
  if (settled.locked) throw lockedError(refusal, settled.lockedUntil, limit);
  throw accountError(refusal.ret, refusal.msg(settled.left), { triesLeft: settled.left });
}

// An unknown account is checked against this hash, so it costs the same time as a known one.
let unknownAccountHash: Promise<string> | null = null;

/** verifyPassword, taking as long for a member without a password (or no member) as for one with. */
export async function verifyMemberPassword(md5: string, stored: string | null | undefined): Promise<boolean> {
  if (stored) return verifyPassword(md5, stored);
  unknownAccountHash ??= hashPassword("0".repeat(32));
  await verifyPassword(md5, await unknownAccountHash);
  return false;
}

// ---- pay password ----

export const PAY_PASSWORD_REFUSAL: Refusal = {
  ret: ACCOUNT_RET.PAY_PASSWORD_WRONG,
  msg: (left) => said("accounts.wrongPaymentPasswordAttemptsLeft", { left }),
  lockedRet: ACCOUNT_RET.PAY_PASSWORD_LOCKED,
  lockedMsg: (minutes) => said("accounts.tooManyWrongPaymentPasswords", { minutes }),
};

/**
 * Checks the signed-in member's pay password (an MD5 digest, like every password). Only the
 * member's own session can try it, so the limit is per member, from any address.
 */
export async function checkPayPassword(db: Kysely<Database>, member: Pick<Member, "id" | "payPasswordHash">, md5: string): Promise<void> {
  if (!member.payPasswordHash) throw accountError(ACCOUNT_RET.PAY_PASSWORD_UNSET, said("accounts.setPaymentPasswordFirst"));
  await guardedCheck(db, { pair: throttleKey("pay-password", member.id) }, () => verifyPassword(md5, member.payPasswordHash), PAY_PASSWORD_REFUSAL);
}
