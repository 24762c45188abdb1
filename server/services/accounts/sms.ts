// SMS verification codes: 6 random digits, valid 5 minutes, one send per phone and purpose per
// 60 s, stored only as hashes. Wrong tries are limited per client address (5 per code), so one
// stranger cannot burn the owner's code, and per code in all (SMS_MAX_WRONG_TOTAL), so many
// addresses together cannot guess it. Checks of one phone's code run one at a time (a row lock on
// PostgreSQL, SQLite's single writer), so simultaneous right answers never count as tries.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import crypto from "node:crypto";
import { SMS_CODE_TTL_MS, SMS_MAX_WRONG_TRIES, SMS_RESEND_MS } from "../../../src/domain/format";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError, smsWaitMsg, smsWrongMsg } from "./errors";
import { affected, lockKey, type SmsPurpose } from "./db";
import { countEvent, recentCount, throttleKey } from "./throttle";
import { outboxProvider, type SmsMessage, type SmsProvider } from "./sms-providers";
import { isoAt, now } from "../clock";
import { currentInstance } from "../instance";
import type { Text } from "../i18n/text";

export type { SmsMessage, SmsProvider };

/** Wrong tries one client address has at one code. */
export const SMS_WRONG_PER_ADDRESS = SMS_MAX_WRONG_TRIES;
/** Wrong tries from all addresses after which a code is dead for everyone. */
export const SMS_MAX_WRONG_TOTAL = 4 * SMS_MAX_WRONG_TRIES;
/** Codes (and their decoys) are kept this long after they expire, then pruned as new ones are sent. */
const SMS_KEEP_MS = 24 * 3600 * 1000;

// The process default, for sends made outside any app (tests calling the service directly); an
// app's own provider (app.instance.sms, chosen at start from SMS_PROVIDER) wins inside the app.
let provider: SmsProvider = outboxProvider;

/** The process default provider; null restores the development outbox. */
export function setSmsProvider(p: SmsProvider | null): void {
  provider = p ?? outboxProvider;
}

export function currentSmsProvider(): SmsProvider {
  return currentInstance()?.sms ?? provider;
}

export function smsText(code: string): string {
  return `【商旅门户】您的验证码为 ${code}，${SMS_CODE_TTL_MS / 60_000}分钟内有效，请勿泄露。`;
}

// Bound to phone and purpose, so a code sent for one flow cannot be replayed in another.
function codeHash(mobilePhone: string, purpose: SmsPurpose, code: string): string {
  return crypto.createHash("sha256").update(`${purpose}:${mobilePhone}:${code}`).digest("hex");
}

function latestCode(db: Kysely<Database>, mobilePhone: string, purpose: SmsPurpose) {
  return db
    .selectFrom("sms_codes")
    .selectAll()
    .where("mobilePhone", "=", mobilePhone)
    .where("purpose", "=", purpose)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export interface SentCode {
  expiresAt: string;
  /** Seconds until the next send is accepted. */
  resendAfter: number;
}

export interface SendOptions {
  /**
   * false: record the send (so the countdown and later checks look the same) but deliver
   * nothing — a login or reset code asked for a phone that is not registered. The stored hash
   * is of a code nobody is told.
   */
  deliver?: boolean;
  /** Where a remote delivery's failure is reported (the reply has gone by then). */
  log?: { error(fields: Record<string, unknown>, line: string): void };
}

/** Creates and delivers a code; refuses a second send within SMS_RESEND_MS. */
export async function sendSmsCode(db: Kysely<Database>, mobilePhone: string, purpose: SmsPurpose, options: SendOptions = {}): Promise<SentCode> {
  const deliver = options.deliver ?? true;
  const p = currentSmsProvider();
  let remote: SmsMessage | null = null;
  const sent = await db.transaction().execute(async (trx) => {
    await lockKey(trx, `sms:${purpose}:${mobilePhone}`);
    const t = now();
    const last = await latestCode(trx, mobilePhone, purpose);
    if (last) {
      const waitMs = Date.parse(last.createTime) + SMS_RESEND_MS - t;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw accountError(ACCOUNT_RET.SMS_WAIT, smsWaitMsg(seconds), { resendAfter: seconds });
      }
    }
    await trx.deleteFrom("sms_codes").where("expiresAt", "<", isoAt(t - SMS_KEEP_MS)).execute();
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    const expiresAt = isoAt(t + SMS_CODE_TTL_MS);
    await trx
      .insertInto("sms_codes")
      .values({ mobilePhone, purpose, codeHash: codeHash(mobilePhone, purpose, code), createTime: isoAt(t), expiresAt, wrongTries: 0, verifiedAt: null, usedAt: null })
      .execute();
    if (deliver) {
      const message = { mobilePhone, purpose, code, content: smsText(code) };
      if (p.remote) remote = message;
      else await p.deliver(message, trx);
    }
    return { expiresAt, resendAfter: SMS_RESEND_MS / 1000 };
  });
  if (remote) {
    const message: SmsMessage = remote;
    void p.deliver(message, db).catch((err: unknown) => {
      options.log?.error({ err, provider: p.name, purpose }, "SMS delivery failed");
    });
  }
  return sent;
}

type Check = { ok: true; id: number } | { ok: false; error: ReturnType<typeof accountError> };

/**
 * Checks a code without consuming it; on success marks it verified and returns its id for
 * consumeSmsCode. Only the newest code of the phone and purpose counts. A wrong try is counted
 * (and committed, though the request fails) against the caller's address and the code.
 */
export async function verifySmsCode(db: Kysely<Database>, mobilePhone: string, purpose: SmsPurpose, code: string, address: string): Promise<{ id: number }> {
  const result = await db.transaction().execute(async (trx): Promise<Check> => {
    const fail = (ret: number, msg: Text | string, data: unknown = null): Check => ({ ok: false, error: accountError(ret, msg, data) });
    await lockKey(trx, `sms:${purpose}:${mobilePhone}`);
    const row = await latestCode(trx, mobilePhone, purpose);
    if (!row) return fail(ACCOUNT_RET.SMS_MISSING, ACCOUNT_MSG.smsMissing);
    if (row.usedAt) return fail(ACCOUNT_RET.SMS_USED, ACCOUNT_MSG.smsUsed);
    if (row.expiresAt <= isoAt()) return fail(ACCOUNT_RET.SMS_EXPIRED, ACCOUNT_MSG.smsExpired);
    const mine = throttleKey("sms-code", row.id, address);
    const wrongHere = await recentCount(trx, mine, SMS_CODE_TTL_MS);
    if (row.wrongTries >= SMS_MAX_WRONG_TOTAL || wrongHere >= SMS_WRONG_PER_ADDRESS) return fail(ACCOUNT_RET.SMS_DEAD, ACCOUNT_MSG.smsDead);

    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(codeHash(mobilePhone, purpose, code), "hex");
    if (!crypto.timingSafeEqual(expected, given)) {
      await trx.updateTable("sms_codes").set((eb) => ({ wrongTries: eb("wrongTries", "+", 1) })).where("id", "=", row.id).execute();
      await countEvent(trx, mine, SMS_CODE_TTL_MS);
      const left = Math.min(SMS_WRONG_PER_ADDRESS - (wrongHere + 1), SMS_MAX_WRONG_TOTAL - (row.wrongTries + 1));
      if (left <= 0) return fail(ACCOUNT_RET.SMS_DEAD, ACCOUNT_MSG.smsDead);
      return fail(ACCOUNT_RET.SMS_WRONG, smsWrongMsg(left), { triesLeft: left });
    }
    await trx.updateTable("sms_codes").set({ verifiedAt: row.verifiedAt ?? isoAt() }).where("id", "=", row.id).execute();
    return { ok: true, id: row.id };
  });
  if (!result.ok) throw result.error;
  return { id: result.id };
}

/** Marks a verified code used, inside the transaction that acts on it (so a rollback keeps it). */
export async function consumeSmsCode(trx: Kysely<Database>, id: number): Promise<void> {
  const result = await trx
    .updateTable("sms_codes")
    .set({ usedAt: isoAt() })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", isoAt())
    .executeTakeFirst();
  // A concurrent request used it first, or it expired between the check and now.
  if (affected(result) === 0) throw accountError(ACCOUNT_RET.SMS_USED, ACCOUNT_MSG.smsUsed);
}

/** The development outbox, newest first. */
export function outboxFor(db: Kysely<Database>, mobilePhone: string, limit = 10) {
  return db
    .selectFrom("sms_outbox")
    .select(["id", "mobilePhone", "content", "code", "createTime"])
    .where("mobilePhone", "=", mobilePhone)
    // Codes only: a trip notice sent in between must not stand where a test or a developer reads the code.
    .where("code", "is not", null)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
