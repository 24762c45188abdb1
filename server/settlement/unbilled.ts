// What a company owes that no statement has billed yet: its credit ledger rows, one line each.
// A charge is a row of entry "pay" (a credit payment, the company part of a 超标自付 trade paid by
// QR or wallet, a change's difference paid on credit) and bills what the line took; a refund to
// the line is a row of entry "refund" and bills as a negative amount; an opening row (the line's
// use brought in when the company was set up) is a charge without an order. The ledger row is the
// unit, so whichever method the trade was stored under, every fen the line moved is on exactly one
// statement line (settlement_lines.ledgerId is unique).
import { say } from "../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BUSINESS_TYPE } from "../../src/domain/payments/types";

/** A change's difference: its order's service fee was billed with the ticket. */
const CHANGE_TYPES: readonly number[] = [BUSINESS_TYPE.changeTicket, BUSINESS_TYPE.trainChangeTicket];

type Db = Kysely<Database>;

export interface Unbilled {
  ledgerId: number;
  entry: string;
  paymentId: number | null;
  orderId: number | null;
  orderNo: string | null;
  title: string;
  /** Signed: + a charge, − a refund. */
  amountFen: number;
  serviceFeeFen: number;
  paidTime: string;
  travellerMemberId: number | null;
  memberId: number | null;
}

/** The credit ledger rows of a company: those of its orders' trades, and its own opening rows. */
export function companyCreditRows(db: Db, companyId: number, walletMemberId: number | null) {
  return db
    .selectFrom("ledger as cl")
    .leftJoin("payments as p", "p.outTradeNo", "cl.outTradeNo")
    .leftJoin("orders as o", "o.id", "p.orderId")
    .where("cl.account", "=", "credit")
    .where((eb) => eb.or([
      eb("o.companyId", "=", companyId),
      eb.and([eb("p.id", "is", null), eb("cl.memberId", "=", walletMemberId ?? -1)]),
    ]));
}

/** Credit ledger rows of the company written before `cutoff` and on no statement yet. */
export async function unbilledCredit(db: Db, companyId: number, walletMemberId: number | null, cutoffIso: string): Promise<Unbilled[]> {
  const rows = await companyCreditRows(db, companyId, walletMemberId)
    .leftJoin("settlement_lines as sl", "sl.ledgerId", "cl.id")
    .select([
      "cl.id as ledgerId", "cl.entry", "cl.direction", "cl.amountFen", "cl.createTime", "cl.note", "p.id as paymentId", "p.paidTime", "p.businessType",
      "o.id as orderId", "o.orderNo", "o.title", "o.serviceFeeFen", "o.travellerMemberId", "o.memberId",
    ])
    .where("cl.createTime", "<", cutoffIso)
    .where("sl.id", "is", null)
    .orderBy("cl.createTime")
    .orderBy("cl.id")
    .execute();
  return rows.map((r) => {
    const charge = r.direction === "out";
    return {
      ledgerId: r.ledgerId,
      entry: r.entry,
      paymentId: r.paymentId,
      orderId: r.orderId,
      orderNo: r.orderNo,
      title: r.title ? (charge ? r.title : say("settlement.refund", { title: r.title })).slice(0, 200) : r.note,
      amountFen: charge ? r.amountFen : -r.amountFen,
      // The order's service fee is shown once, with the charge of the ticket (a change's is not).
      serviceFeeFen: charge && r.serviceFeeFen !== null && r.businessType !== null && !CHANGE_TYPES.includes(r.businessType) ? r.serviceFeeFen : 0,
      paidTime: (charge ? r.paidTime : null) ?? r.createTime,
      travellerMemberId: r.travellerMemberId,
      memberId: r.memberId,
    };
  });
}

/** When the company's oldest unbilled credit row was written; null when none is. */
export async function firstUnbilledTime(db: Db, companyId: number, walletMemberId: number | null): Promise<string | null> {
  const r = await companyCreditRows(db, companyId, walletMemberId)
    .leftJoin("settlement_lines as sl", "sl.ledgerId", "cl.id")
    .select((eb) => eb.fn.min("cl.createTime").as("first"))
    .where("sl.id", "is", null)
    .executeTakeFirst();
  return (r?.first as string | null | undefined) ?? null;
}
