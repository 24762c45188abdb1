// The money audit: checks that every fen the portal holds is explained, one function per check,
// each answering whether it holds and the rows that break it. Read-only; run by the operator's
// audit API, by `npm run audit:money`, and by the tests after every money test file.
// - a wallet's balance is the sum of its ledger; a rewards account's is the sum of its entries;
// - a paid order was paid by exactly one trade, whose own and company parts add up to its price;
// - a company's credit used is what was charged to it less what was settled and refunded;
// - every credit ledger row of a closed period (before the cutoff of the company's last statement)
//   is on exactly one statement line, and every credit payment of it has its charge row;
// - every statement's totals are the sums of its lines, and each line that bills a credit
//   movement carries that movement's amount (a charge positive, a refund negative), so a
//   statement's order lines add up to the credit ledger rows it bills;
// - every completed order of a referred member has the rewards its referrer earns.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BUSINESS_TYPE } from "../../src/domain/payments/types";
import { EARN_MOVES, rewardLinesFor } from "../../src/domain/payments/rewards";
import { rewardSubjectOf } from "../payments/reward-subject";

type Db = Kysely<Database>;
export type Row = Record<string, string | number | null>;

export interface CheckResult {
  name: string;
  title: string;
  ok: boolean;
  /** The offending rows (at most LIMIT of them). */
  rows: Row[];
}

const LIMIT = 50;
const num = (v: unknown) => Number(v ?? 0);
const result = (name: string, title: string, rows: Row[]): CheckResult => ({ name, title, ok: rows.length === 0, rows: rows.slice(0, LIMIT) });

export async function walletsMatchLedger(db: Db): Promise<CheckResult> {
  const sums = await db
    .selectFrom("ledger")
    .select((eb) => ["memberId", eb.fn.sum<string | number>(eb.case().when("direction", "=", "in").then(eb.ref("amountFen")).else(eb.neg(eb.ref("amountFen"))).end()).as("fen")])
    .where("account", "=", "wallet")
    .groupBy("memberId")
    .execute();
  const ledger = new Map(sums.map((s) => [s.memberId, num(s.fen)]));
  const wallets = await db.selectFrom("wallets").select(["memberId", "balanceFen"]).execute();
  const bad: Row[] = [];
  for (const w of wallets) {
    const balanceFen = num(w.balanceFen);
    const ledgerFen = ledger.get(w.memberId) ?? 0;
    ledger.delete(w.memberId);
    if (balanceFen !== ledgerFen) bad.push({ memberId: w.memberId, balanceFen, ledgerFen });
  }
  for (const [memberId, ledgerFen] of ledger) if (ledgerFen !== 0) bad.push({ memberId, balanceFen: 0, ledgerFen });
  return result("wallets", "每个账户余额等于其流水合计", bad);
}

export async function rewardsMatchEntries(db: Db): Promise<CheckResult> {
  const sums = await db.selectFrom("reward_entries").select((eb) => ["memberId", "kind", eb.fn.sum<string | number>("amountFen").as("fen")]).groupBy(["memberId", "kind"]).execute();
  const entries = new Map(sums.map((s) => [`${s.memberId}:${s.kind}`, num(s.fen)]));
  const bad: Row[] = [];
  for (const a of await db.selectFrom("reward_accounts").select(["memberId", "kind", "balanceFen"]).execute()) {
    const key = `${a.memberId}:${a.kind}`;
    const entryFen = entries.get(key) ?? 0;
    entries.delete(key);
    if (a.balanceFen !== entryFen) bad.push({ memberId: a.memberId, kind: a.kind, balanceFen: a.balanceFen, entriesFen: entryFen });
  }
  for (const [key, entryFen] of entries) if (entryFen !== 0) bad.push({ memberId: Number(key.split(":")[0]), kind: key.split(":")[1], balanceFen: 0, entriesFen: entryFen });
  return result("rewards", "每个奖励账户余额等于其收益明细合计", bad);
}

const CHANGE_TYPES: readonly number[] = [BUSINESS_TYPE.changeTicket, BUSINESS_TYPE.trainChangeTicket];

/**
 * An order's pay move names the trade that paid it (the event's note ends with its number): one
 * such move per order, a trade of that order that was paid, the traveller's and the company's
 * parts adding up to the order's price, and no other trade of the order still standing as paid
 * for it (money that arrived for an order already paid goes back).
 */
export async function paidOrdersHaveOnePayment(db: Db): Promise<CheckResult> {
  const events = await db
    .selectFrom("order_events as e")
    .innerJoin("orders as o", "o.id", "e.orderId")
    .select(["e.orderId", "e.note", "o.orderNo", "o.totalFen"])
    .where("e.action", "=", "pay")
    .orderBy("e.id")
    .execute();
  const byOrder = new Map<number, typeof events>();
  for (const e of events) byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), e]);
  const bad: Row[] = [];
  for (const [orderId, list] of byOrder) {
    const e = list[0];
    if (list.length !== 1) {
      bad.push({ orderId, orderNo: e.orderNo, problem: `支付记录 ${list.length} 次` });
      continue;
    }
    const outTradeNo = (e.note ?? "").trim().split(/\s+/).pop() ?? "";
    const trades = await db.selectFrom("payments").select(["outTradeNo", "businessType", "status", "paidTime", "amountFen", "creditFen"]).where("orderId", "=", orderId).execute();
    const own = trades.find((t) => t.outTradeNo === outTradeNo);
    if (!own || !own.paidTime) {
      bad.push({ orderId, orderNo: e.orderNo, outTradeNo, problem: "支付记录未对应已支付的交易" });
      continue;
    }
    if (own.amountFen + own.creditFen !== e.totalFen) {
      bad.push({ orderId, orderNo: e.orderNo, outTradeNo, amountFen: own.amountFen, creditFen: own.creditFen, totalFen: e.totalFen, problem: "个人与企业支付合计不等于订单金额" });
    }
    const others = trades.filter((t) => t !== own && t.status === "paid" && !CHANGE_TYPES.includes(t.businessType));
    for (const t of others) bad.push({ orderId, orderNo: e.orderNo, outTradeNo: t.outTradeNo, problem: "同一订单另有一笔已支付交易" });
  }
  return result("orders", "每个已支付订单恰有一笔支付，且各部分合计等于订单金额", bad);
}

/** The company's credit ledger rows: those of its orders' trades, and its own opening rows. */
function creditRowsOf(db: Db, companyId: number, walletMemberId: number) {
  return db
    .selectFrom("ledger as cl")
    .leftJoin("payments as p", "p.outTradeNo", "cl.outTradeNo")
    .leftJoin("orders as o", "o.id", "p.orderId")
    .where("cl.account", "=", "credit")
    .where((eb) => eb.or([eb("o.companyId", "=", companyId), eb.and([eb("p.id", "is", null), eb("cl.memberId", "=", walletMemberId)])]));
}

const companies = (db: Db) => db.selectFrom("companies").select(["id", "name", "adminMemberId"]).where("adminMemberId", "is not", null).orderBy("id").execute();

export async function creditUsedMatches(db: Db): Promise<CheckResult> {
  const bad: Row[] = [];
  for (const c of await companies(db)) {
    const walletMemberId = c.adminMemberId!;
    const w = await db.selectFrom("wallets").select("creditUsedFen").where("memberId", "=", walletMemberId).executeTakeFirst();
    const usedFen = num(w?.creditUsedFen);
    const moved = await creditRowsOf(db, c.id, walletMemberId)
      .select((eb) => [
        eb.fn.sum<string | number>(eb.case().when("cl.direction", "=", "out").then(eb.ref("cl.amountFen")).else(0).end()).as("charged"),
        eb.fn.sum<string | number>(eb.case().when("cl.direction", "=", "in").then(eb.ref("cl.amountFen")).else(0).end()).as("refunded"),
      ])
      .executeTakeFirst();
    const settled = await db
      .selectFrom("settlement_lines as l")
      .innerJoin("settlement_statements as s", "s.id", "l.statementId")
      .select((eb) => eb.fn.sum<string | number>("l.amountFen").as("fen"))
      .where("s.companyId", "=", c.id)
      .where("s.status", "=", "settled")
      .where("l.kind", "in", ["order", "refund"])
      .executeTakeFirst();
    const chargedFen = num(moved?.charged);
    const refundedFen = num(moved?.refunded);
    const settledFen = num(settled?.fen);
    const expected = chargedFen - settledFen - refundedFen;
    if (usedFen !== expected) bad.push({ companyId: c.id, company: c.name, creditUsedFen: usedFen, chargedFen, settledFen, refundedFen, expectedFen: expected });
  }
  return result("credit", "企业已用授信等于授信支付减已结算减已退款", bad);
}

export async function closedPeriodsBilled(db: Db): Promise<CheckResult> {
  const bad: Row[] = [];
  for (const c of await companies(db)) {
    // The last statement billed up to its cutoff: the end of its last day, or the moment an
    // operator's statement on request was made (what moved later that day is the next one's).
    const last = await db.selectFrom("settlement_statements").select("cutoffTime").where("companyId", "=", c.id).orderBy("periodEnd", "desc").orderBy("id", "desc").executeTakeFirst();
    if (!last) continue;
    const cutoff = last.cutoffTime;
    const rows = await creditRowsOf(db, c.id, c.adminMemberId!)
      .select((eb) => [
        "cl.id", "cl.outTradeNo", "cl.entry", "cl.amountFen", "cl.createTime",
        eb.selectFrom("settlement_lines as sl").select((e) => e.fn.countAll().as("n")).whereRef("sl.ledgerId", "=", "cl.id").as("lines"),
      ])
      .where("cl.createTime", "<", cutoff)
      .execute();
    for (const r of rows) if (num(r.lines) !== 1) bad.push({ companyId: c.id, ledgerId: r.id, outTradeNo: r.outTradeNo, entry: r.entry, amountFen: r.amountFen, lines: num(r.lines) });
    const uncharged = await db
      .selectFrom("payments as p")
      .innerJoin("orders as o", "o.id", "p.orderId")
      .leftJoin("ledger as cl", (j) => j.onRef("cl.outTradeNo", "=", "p.outTradeNo").on("cl.account", "=", "credit").on("cl.entry", "=", "pay"))
      .select(["p.id", "p.outTradeNo", "p.amountFen"])
      .where("o.companyId", "=", c.id)
      .where("p.method", "=", "credit")
      .where("p.paidTime", "is not", null)
      .where("p.paidTime", "<", cutoff)
      .where("cl.id", "is", null)
      .execute();
    for (const p of uncharged) bad.push({ companyId: c.id, paymentId: p.id, outTradeNo: p.outTradeNo, amountFen: p.amountFen, lines: 0 });
  }
  return result("statements", "已结账期的每笔授信支付与退款恰在一条对账单明细上", bad);
}

/**
 * A statement's header is what its lines add up to: the count, the billed movements (orders and
 * refunds), the carried-over adjustments, the service fees and the total; and a line that bills a
 * credit movement bills exactly it, a charge of the statement's company as a positive amount and a
 * refund as a negative one. With every closed-period movement on exactly one line, the bill a
 * finance user reads is the company's credit ledger for the period.
 */
export async function statementsAddUp(db: Db): Promise<CheckResult> {
  const bad: Row[] = [];
  const statements = await db.selectFrom("settlement_statements").select(["id", "statementNo", "companyId", "lineCount", "amountFen", "serviceFeeFen", "adjustmentFen", "totalFen"]).orderBy("id").execute();
  const sums = await db
    .selectFrom("settlement_lines")
    .select((eb) => [
      "statementId",
      eb.fn.countAll<string | number>().as("lines"),
      eb.fn.sum<string | number>(eb.case().when("kind", "=", "adjustment").then(0).else(eb.ref("amountFen")).end()).as("billed"),
      eb.fn.sum<string | number>(eb.case().when("kind", "=", "adjustment").then(eb.ref("amountFen")).else(0).end()).as("adjusted"),
      eb.fn.sum<string | number>("serviceFeeFen").as("fees"),
      eb.fn.sum<string | number>("amountFen").as("total"),
    ])
    .groupBy("statementId")
    .execute();
  const byStatement = new Map(sums.map((r) => [r.statementId, r]));
  for (const s of statements) {
    const l = byStatement.get(s.id);
    const lines = { lineCount: num(l?.lines), amountFen: num(l?.billed), adjustmentFen: num(l?.adjusted), serviceFeeFen: num(l?.fees), totalFen: num(l?.total) };
    for (const [field, fen] of Object.entries(lines) as [keyof typeof lines, number][]) {
      if (s[field] !== fen) bad.push({ statementNo: s.statementNo, field, statementFen: s[field], linesFen: fen });
    }
  }
  const billed = await db
    .selectFrom("settlement_lines as sl")
    .innerJoin("settlement_statements as s", "s.id", "sl.statementId")
    .leftJoin("ledger as cl", "cl.id", "sl.ledgerId")
    .leftJoin("companies as c", "c.id", "s.companyId")
    .leftJoin("payments as p", "p.outTradeNo", "cl.outTradeNo")
    .leftJoin("orders as o", "o.id", "p.orderId")
    .select(["sl.id", "s.statementNo", "s.companyId", "c.adminMemberId", "sl.amountFen", "cl.id as ledgerId", "cl.account", "cl.direction", "cl.amountFen as ledgerFen", "cl.memberId", "o.companyId as orderCompanyId"])
    .where("sl.ledgerId", "is not", null)
    .orderBy("sl.id")
    .execute();
  for (const r of billed) {
    const signed = r.direction === "out" ? num(r.ledgerFen) : -num(r.ledgerFen);
    // An opening row (no trade) is the company's when it sits on the company's wallet member.
    const companys = r.orderCompanyId !== null ? r.orderCompanyId === r.companyId : r.memberId === r.adminMemberId;
    if (r.ledgerId === null || r.account !== "credit" || !companys || signed !== r.amountFen) {
      bad.push({ statementNo: r.statementNo, lineId: r.id, ledgerId: r.ledgerId, lineFen: r.amountFen, ledgerFen: r.ledgerId === null ? null : signed });
    }
  }
  return result("statement-totals", "每张对账单的合计等于其明细之和，每条明细等于其授信流水", bad);
}

export async function referredOrdersRewarded(db: Db): Promise<CheckResult> {
  const bad: Row[] = [];
  for (const [product, moves] of Object.entries(EARN_MOVES)) {
    for (const [from, to] of moves) {
      const orders = await db
        .selectFrom("order_events as e")
        .innerJoin("orders as o", "o.id", "e.orderId")
        .select(["o.id", "o.orderNo", "o.memberId", "o.travellerMemberId", "o.ticketFen", "o.serviceFeeFen"])
        .distinct()
        .where("o.product", "=", product)
        .where("e.fromStatus", "=", from)
        .where("e.toStatus", "=", to)
        .execute();
      for (const o of orders) {
        const subject = await rewardSubjectOf(db, o);
        if (!subject) continue;
        const entries = await db.selectFrom("reward_entries").select("kind").where("orderId", "=", o.id).where("event", "=", "earn").execute();
        for (const line of rewardLinesFor(subject.referrer, o)) {
          if (!entries.some((e) => e.kind === line.kind)) bad.push({ orderId: o.id, orderNo: o.orderNo, referrerId: subject.referrer.id, kind: line.kind, amountFen: line.amountFen });
        }
      }
    }
  }
  return result("rewards-earned", "被推荐会员的每个已完成订单都已计入推荐人收益", bad);
}

export const MONEY_CHECKS = [walletsMatchLedger, rewardsMatchEntries, paidOrdersHaveOnePayment, creditUsedMatches, closedPeriodsBilled, statementsAddUp, referredOrdersRewarded] as const;

export async function auditMoney(db: Db): Promise<{ ok: boolean; checks: CheckResult[] }> {
  const checks: CheckResult[] = [];
  for (const check of MONEY_CHECKS) checks.push(await check(db));
  return { ok: checks.every((c) => c.ok), checks };
}
