// SMS verification codes (spec §5, §9): 6 random digits, valid 5 minutes, one send per phone and
// purpose per 60 s, at most 5 wrong tries, stored only as hashes. Delivery goes through an
// SmsProvider: the development outbox by default; production plugs a real gateway in here.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import crypto from "node:crypto";
import { SMS_CODE_TTL_MS, SMS_MAX_WRONG_TRIES, SMS_RESEND_MS } from "../../src/domain/format";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError, smsWaitMsg, smsWrongMsg } from "./account-errors";
import { affected, lockKey, type SmsPurpose } from "./account-db";
import { isoAt, now } from "./clock";

export interface SmsMessage {
  mobilePhone: string;
  purpose: SmsPurpose;
  content: string;
  code: string;
}

export interface SmsProvider {
  /** Runs inside the code's transaction: a failed delivery leaves no usable code behind. */
  deliver(message: SmsMessage, db: Kysely<Database>): Promise<void>;
}

/** Development and tests: the message is kept in sms_outbox (read by GET /api/dev/sms-outbox). */
export const outboxProvider: SmsProvider = {
  async deliver(message, db) {
    await db
      .insertInto("sms_outbox")
      .values({ mobilePhone: message.mobilePhone, content: message.content, code: message.code, createTime: isoAt() })
      .execute();
  },
};

let provider: SmsProvider = outboxProvider;

/** Production wiring: a real SMS gateway behind the same interface. */
export function setSmsProvider(p: SmsProvider | null): void {
  provider = p ?? outboxProvider;
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
  code: string;
  expiresAt: string;
  /** Seconds until the next send is accepted. */
  resendAfter: number;
}

/** Creates and delivers a code; refuses a second send within SMS_RESEND_MS. */
export async function sendSmsCode(db: Kysely<Database>, mobilePhone: string, purpose: SmsPurpose): Promise<SentCode> {
  return db.transaction().execute(async (trx) => {
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
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    const expiresAt = isoAt(t + SMS_CODE_TTL_MS);
    await trx
      .insertInto("sms_codes")
      .values({ mobilePhone, purpose, codeHash: codeHash(mobilePhone, purpose, code), createTime: isoAt(t), expiresAt, wrongTries: 0, verifiedAt: null, usedAt: null })
      .execute();
    await provider.deliver({ mobilePhone, purpose, code, content: smsText(code) }, trx);
    return { code, expiresAt, resendAfter: SMS_RESEND_MS / 1000 };
  });
}

/**
 * Checks a code without consuming it; on success marks it verified and returns its id for
 * consumeSmsCode. Only the newest code of the phone and purpose counts. Each check first claims
 * a try (an atomic conditional increment, refunded when the code is right), so parallel guesses
 * cannot get past the limit. The claim is committed on its own: a wrong guess must count even
 * though the request fails.
 */
export async function verifySmsCode(db: Kysely<Database>, mobilePhone: string, purpose: SmsPurpose, code: string): Promise<{ id: number }> {
  const row = await latestCode(db, mobilePhone, purpose);
  if (!row) throw accountError(ACCOUNT_RET.SMS_MISSING, ACCOUNT_MSG.smsMissing);
  if (row.usedAt) throw accountError(ACCOUNT_RET.SMS_USED, ACCOUNT_MSG.smsUsed);
  if (row.expiresAt <= isoAt()) throw accountError(ACCOUNT_RET.SMS_EXPIRED, ACCOUNT_MSG.smsExpired);

  const claimed = await db
    .updateTable("sms_codes")
    .set((eb) => ({ wrongTries: eb("wrongTries", "+", 1) }))
    .where("id", "=", row.id)
    .where("wrongTries", "<", SMS_MAX_WRONG_TRIES)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (affected(claimed) === 0) throw accountError(ACCOUNT_RET.SMS_DEAD, ACCOUNT_MSG.smsDead);

  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(codeHash(mobilePhone, purpose, code), "hex");
  if (!crypto.timingSafeEqual(expected, given)) {
    const left = SMS_MAX_WRONG_TRIES - (row.wrongTries + 1);
    if (left <= 0) throw accountError(ACCOUNT_RET.SMS_DEAD, ACCOUNT_MSG.smsDead);
    throw accountError(ACCOUNT_RET.SMS_WRONG, smsWrongMsg(left), { triesLeft: left });
  }
  await db
    .updateTable("sms_codes")
    .set((eb) => ({ wrongTries: eb("wrongTries", "-", 1), verifiedAt: eb.fn.coalesce("verifiedAt", eb.val(isoAt())) }))
    .where("id", "=", row.id)
    .execute();
  return { id: row.id };
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
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
