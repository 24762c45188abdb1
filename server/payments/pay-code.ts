// The pay authorization code: the member generates a short-lived one-use code (a new one kills
// the old), a counter (a partner, signing with its app secret) charges it. The charge is one
// transaction: the code is taken by a conditional update (only an active, unexpired code moves to
// used, so of two counters racing on one code one wins) and the wallet is debited with its ledger
// row; a short balance rolls both back and the code stays usable.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { isUniqueViolation } from "../db/unique";
import { SIGN_MAX_AGE_MS, SIGN_MAX_SKEW_MS, signMatches } from "../services/accounts/partner-sign";
import { moveWallet } from "./ledger";
import { CHINA_OFFSET_MS } from "../../src/domain/travel/dates";
import {
  PAY_CODE_BUSINESS_TYPE, PAY_CODE_LENGTH, PAY_CODE_TTL_MS, payCodeSignText, type PayCodeCharge, type PayCodeStatus, type PayCodeView,
} from "../../src/domain/payments/pay-code";
import type { PayCodeChargeInput } from "../../src/domain/payments/pay-code-schemas";

export const PAY_CODE_MSG = {
  missing: said("payments.invalidPaymentCode"),
  used: said("payments.paymentCodeHasBeenUsed"),
  revoked: said("payments.paymentCodeNoLongerValid"),
  expired: said("payments.paymentCodeHasExpiredAsk"),
  signInvalid: said("payments.signatureCheckFailed"),
  signExpired: said("payments.signatureHasExpiredSignAgain"),
  partnerUnknown: said("payments.partnerDoesExistEnabled"),
  tradeTaken: said("payments.counterTradeNumberHasBeen"),
  memberDisabled: said("payments.payingAccountDisabled"),
} as const;

function newCode(): string {
  // First digit 1-9 so the code keeps its 18 digits wherever it is read as a number.
  let code = String(crypto.randomInt(1, 10));
  while (code.length < PAY_CODE_LENGTH) code += crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  return code.slice(0, PAY_CODE_LENGTH);
}

function newOutTradeNo(): string {
  const stamp = new Date(now() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
  return `P${stamp}${crypto.randomInt(0, 100_000_000).toString().padStart(8, "0")}`;
}

type Row = { code: string; status: string; expiresAt: string; amountFen: number | null; usedTime: string | null };

function statusOf(r: Row, at = now()): PayCodeStatus {
  if (r.status === "active" && Date.parse(r.expiresAt) <= at) return "expired";
  return r.status as PayCodeStatus;
}

const viewOf = (r: Row): PayCodeView => ({ code: r.code, status: statusOf(r), expiresAt: r.expiresAt, amount: r.amountFen, paidTime: r.usedTime });

/** A new code for the member; every code it still had active dies with it. */
export async function generatePayCode(db: Kysely<Database>, member: Member): Promise<PayCodeView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const at = now();
        await trx.updateTable("pay_codes").set({ status: "revoked" }).where("memberId", "=", member.id).where("status", "=", "active").execute();
        const row = { code: newCode(), memberId: member.id, status: "active", expiresAt: isoAt(at + PAY_CODE_TTL_MS), createTime: isoAt(at) };
        await trx.insertInto("pay_codes").values(row).execute();
        return viewOf({ ...row, amountFen: null, usedTime: null });
      });
    } catch (e) {
      // Two equal random codes: draw again.
      if (attempt >= 3 || !isUniqueViolation(e)) throw e;
    }
  }
}

/** The member's own code as it stands now (the page polls it); another member's code is not found. */
export async function payCodeStatus(db: Kysely<Database>, member: Member, code: string): Promise<PayCodeView> {
  const r = await db.selectFrom("pay_codes").select(["code", "status", "expiresAt", "amountFen", "usedTime"]).where("code", "=", code).where("memberId", "=", member.id).executeTakeFirst();
  if (!r) throw new DomainError("notFound", PAY_CODE_MSG.missing);
  return viewOf(r);
}

export function payCodeSign(secret: string, p: Parameters<typeof payCodeSignText>[0]): string {
  return crypto.createHmac("sha256", secret).update(payCodeSignText(p)).digest("hex");
}

/** Why a code could not be taken, read after the conditional update found nothing to move. */
function refusalOf(r: Row | undefined): DomainError {
  if (!r) return new DomainError("notFound", PAY_CODE_MSG.missing);
  const s = statusOf(r);
  return new DomainError("conflict", s === "used" ? PAY_CODE_MSG.used : s === "revoked" ? PAY_CODE_MSG.revoked : PAY_CODE_MSG.expired);
}

/**
 * A counter charges a code. The sign covers appId, timestamp, code, amount and counter trade
 * number; a counter trade number already charged answers its first result (a retried request
 * charges nothing more).
 */
export async function chargePayCode(db: Kysely<Database>, input: PayCodeChargeInput): Promise<PayCodeCharge> {
  const partner = await db.selectFrom("partners").select(["appId", "secret", "name"]).where("appId", "=", input.appId).executeTakeFirst();
  if (!partner) throw new DomainError("forbidden", PAY_CODE_MSG.partnerUnknown);
  if (!signMatches(payCodeSign(partner.secret, input), input.sign)) throw new DomainError("forbidden", PAY_CODE_MSG.signInvalid);
  const age = now() - Number(input.signTimestamp);
  if (age > SIGN_MAX_AGE_MS || -age > SIGN_MAX_SKEW_MS) throw new DomainError("forbidden", PAY_CODE_MSG.signExpired);

  const before = await db.selectFrom("pay_codes").select(["code", "amountFen", "outTradeNo", "usedTime"]).where("appId", "=", partner.appId).where("counterTradeNo", "=", input.counterTradeNo).executeTakeFirst();
  if (before) {
    if (before.code !== input.authCode || before.amountFen !== input.amountFen) throw new DomainError("conflict", PAY_CODE_MSG.tradeTaken);
    return { outTradeNo: before.outTradeNo!, counterTradeNo: input.counterTradeNo, amountFen: before.amountFen, paidTime: before.usedTime! };
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const at = isoAt();
      const outTradeNo = newOutTradeNo();
      const taken = await trx
        .updateTable("pay_codes")
        .set({ status: "used", amountFen: input.amountFen, appId: partner.appId, counterTradeNo: input.counterTradeNo, outTradeNo, usedTime: at })
        .where("code", "=", input.authCode)
        .where("status", "=", "active")
        .where("expiresAt", ">", at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        throw refusalOf(await trx.selectFrom("pay_codes").select(["code", "status", "expiresAt", "amountFen", "usedTime"]).where("code", "=", input.authCode).executeTakeFirst());
      }
      const code = await trx.selectFrom("pay_codes as c").innerJoin("members as m", "m.id", "c.memberId").select(["m.id", "m.status"]).where("c.code", "=", input.authCode).executeTakeFirstOrThrow();
      if (code.status !== 1) throw new DomainError("forbidden", PAY_CODE_MSG.memberDisabled);
      await moveWallet(trx, {
        memberId: code.id, account: "wallet", entry: "pay", direction: "out", amountFen: input.amountFen, businessType: PAY_CODE_BUSINESS_TYPE,
        outTradeNo, orderNo: null, note: say("payments.paymentCode", { name: partner.name, subject: input.subject ? say("payments.paymentCodeSubject", { subject: input.subject }) : "", counterTradeNo: input.counterTradeNo }),
      });
      return { outTradeNo, counterTradeNo: input.counterTradeNo, amountFen: input.amountFen, paidTime: at };
    });
  } catch (e) {
    // The same counter trade number sent twice at once: the loser meets the winner's unique row.
    if (isUniqueViolation(e)) throw new DomainError("conflict", PAY_CODE_MSG.tradeTaken);
    throw e;
  }
}
