// The rewards account: recommendation and share income credited when an order of a recommended
// member is completed, taken back when that order's money is refunded, and moved to the wallet
// by its owner. A balance changes only here, by compare-and-set on the value read (like the
// wallet), never below 0, in the caller's transaction together with its entry row, whose unique
// key makes a replayed order move or a retried transfer unable to write the same movement twice.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { inTransaction } from "../db/transaction";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { offsetOf, type Page } from "../services/http/paging";
import { moveWallet } from "./ledger";
import { rewardSubjectOf } from "./reward-subject";
import { BUSINESS_TYPE } from "../../src/domain/payments/types";
import { label } from "../../src/domain/codes";
import {
  REWARD_KIND_LABELS, REWARD_KINDS, REWARD_MOVE_TARGETS, reversalFen, rewardEventOfMove, rewardLinesFor, splitTransfer,
  type RewardEvent, type RewardKind, type RewardRow, type RewardsSummary, type RewardsTransferResult,
} from "../../src/domain/payments/rewards";
import { CHINA_OFFSET_MS } from "../../src/domain/travel/dates";
import { maskMobile } from "../../src/domain/people/certificates";
import { formatFen } from "../../src/domain/money";

export const REWARDS_SHORT = said("payments.insufficientRewardBalance");
const CAS_TRIES = 8;

interface Totals {
  earnedFen?: number;
  reversedFen?: number;
  transferredFen?: number;
}

/**
 * Moves one member's balance of one kind by `delta(balance)` fen (it may refuse by throwing) and
 * returns the balance after. The update lands only while the balance is still the one read.
 */
async function moveRewards(
  trx: Kysely<Database>, memberId: number, kind: RewardKind, delta: (balanceFen: number) => number, totalsOf: (deltaFen: number) => Totals,
): Promise<{ deltaFen: number; balanceAfterFen: number }> {
  for (let i = 0; i < CAS_TRIES; i++) {
    const row = await trx.selectFrom("reward_accounts").select(["balanceFen", "earnedFen", "reversedFen", "transferredFen"]).where("memberId", "=", memberId).where("kind", "=", kind).executeTakeFirst();
    if (!row) {
      // A concurrent first credit may insert the row too: whoever loses reads the winner's row.
      await trx.insertInto("reward_accounts").values({ memberId, kind, updateTime: isoAt() }).onConflict((oc) => oc.columns(["memberId", "kind"]).doNothing()).execute();
      continue;
    }
    const d = delta(row.balanceFen);
    const after = row.balanceFen + d;
    const totals = totalsOf(d);
    // A data fault, never a business case: every caller keeps its delta within the balance.
    if (after < 0) throw new Error(`rewards balance of member ${memberId} (${kind}) would go negative`);
    const done = await trx
      .updateTable("reward_accounts")
      .set({
        balanceFen: after,
        earnedFen: row.earnedFen + (totals.earnedFen ?? 0),
        reversedFen: row.reversedFen + (totals.reversedFen ?? 0),
        transferredFen: row.transferredFen + (totals.transferredFen ?? 0),
        updateTime: isoAt(),
      })
      .where("memberId", "=", memberId)
      .where("kind", "=", kind)
      .where("balanceFen", "=", row.balanceFen)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) return { deltaFen: d, balanceAfterFen: after };
  }
  throw new DomainError("conflict", said("payments.accountBusyTryAgainLater"));
}

async function hasEntry(trx: Kysely<Database>, uniqueKey: string): Promise<boolean> {
  return !!(await trx.selectFrom("reward_entries").select("id").where("uniqueKey", "=", uniqueKey).executeTakeFirst());
}

const PRODUCT_LABELS: Readonly<Record<string, string>> = { air: say("payments.flight"), train: say("payments.train"), hotel: say("payments.hotel") };

/**
 * Called by every order move (server/orders/record-move.ts) in the move's transaction: a move that
 * completes an order credits its member's referrer, a move that refunds a completed order takes
 * the rewards back. Any other move costs one array lookup.
 */
export async function rewardsOnMove(trx: Kysely<Database>, orderId: number, move: { from: number; to: number }): Promise<void> {
  if (!REWARD_MOVE_TARGETS.includes(move.to)) return;
  const order = await trx.selectFrom("orders").select(["id", "orderNo", "product", "memberId", "travellerMemberId", "ticketFen", "serviceFeeFen"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return;
  const event = rewardEventOfMove(order.product, move.from, move.to);
  if (event === "earn") await earn(trx, order);
  else if (event === "reverse") await reverse(trx, order);
}

type OrderFacts = { id: number; orderNo: string; product: string; memberId: number; travellerMemberId: number | null; ticketFen: number; serviceFeeFen: number };

async function earn(trx: Kysely<Database>, order: OrderFacts): Promise<void> {
  // The traveller's order when one is named (quick order, replace-booking), else the booker's.
  const subject = await rewardSubjectOf(trx, order);
  if (!subject) return;
  const { buyer, referrer } = subject;
  const who = buyer.realName || maskMobile(buyer.mobilePhone);
  for (const line of rewardLinesFor(referrer, order)) {
    const uniqueKey = `earn:${line.kind}:${order.id}`;
    if (await hasEntry(trx, uniqueKey)) continue;
    const moved = await moveRewards(trx, referrer.id, line.kind, () => line.amountFen, (d) => ({ earnedFen: d }));
    await trx.insertInto("reward_entries").values({
      memberId: referrer.id, kind: line.kind, event: "earn", amountFen: line.amountFen, balanceAfterFen: moved.balanceAfterFen,
      orderId: order.id, orderNo: order.orderNo, product: order.product, sourceMemberId: buyer.id, baseFen: line.baseFen, outTradeNo: null,
      uniqueKey, note: say("payments.sOrderComplete", { who, product: PRODUCT_LABELS[order.product] ?? "", kind: label(REWARD_KIND_LABELS, line.kind) }), createTime: isoAt(),
    }).execute();
  }
}

async function reverse(trx: Kysely<Database>, order: OrderFacts): Promise<void> {
  const earned = await trx.selectFrom("reward_entries").selectAll().where("orderId", "=", order.id).where("event", "=", "earn").orderBy("id").execute();
  for (const e of earned) {
    const kind = e.kind as RewardKind;
    const uniqueKey = `reverse:${kind}:${order.id}`;
    if (await hasEntry(trx, uniqueKey)) continue;
    const moved = await moveRewards(trx, e.memberId, kind, (balance) => -reversalFen(e.amountFen, balance), (d) => ({ reversedFen: -d }));
    const back = -moved.deltaFen;
    const short = e.amountFen - back;
    await trx.insertInto("reward_entries").values({
      memberId: e.memberId, kind, event: "reverse", amountFen: -back, balanceAfterFen: moved.balanceAfterFen,
      orderId: order.id, orderNo: order.orderNo, product: order.product, sourceMemberId: e.sourceMemberId, baseFen: e.baseFen, outTradeNo: null,
      uniqueKey,
      note: say("payments.orderRefundedReversed", { kind: label(REWARD_KIND_LABELS, kind), back: formatFen(back), short: short > 0 ? say("payments.rewardShort", { short: formatFen(short) }) : "" }),
      createTime: isoAt(),
    }).execute();
  }
}

/** R + China date-time to the second + 8 random digits; unique through the ledger's trade key. */
function newTransferNo(): string {
  const stamp = new Date(now() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
  return `R${stamp}${crypto.randomInt(0, 100_000_000).toString().padStart(8, "0")}`;
}

async function balancesOf(db: Kysely<Database>, memberId: number): Promise<Record<RewardKind, { balanceFen: number; earnedFen: number; reversedFen: number; transferredFen: number }>> {
  const rows = await db.selectFrom("reward_accounts").select(["kind", "balanceFen", "earnedFen", "reversedFen", "transferredFen"]).where("memberId", "=", memberId).execute();
  const zero = { balanceFen: 0, earnedFen: 0, reversedFen: 0, transferredFen: 0 };
  const out = { recommend: { ...zero }, share: { ...zero } };
  for (const r of rows) if ((REWARD_KINDS as readonly string[]).includes(r.kind)) out[r.kind as RewardKind] = r;
  return out;
}

/**
 * Moves `amountFen` of the member's rewards into its wallet in one transaction: recommendation
 * income first, then share income; each part takes the rewards balance down and puts the wallet
 * up with a ledger row of entry "recommend" or "share" (so the move is listed on RecomBill or
 * ShareBill and on the transaction bill). More than the balance is refused with nothing written.
 */
export async function transferRewards(db: Kysely<Database>, member: Member, amountFen: number): Promise<RewardsTransferResult> {
  return inTransaction(db, async (trx) => {
    const accounts = await balancesOf(trx, member.id);
    const parts = splitTransfer(amountFen, { recommend: accounts.recommend.balanceFen, share: accounts.share.balanceFen });
    if (!parts) throw new DomainError("conflict", REWARDS_SHORT, { errors: { amount: REWARDS_SHORT } });
    const outTradeNo = newTransferNo();
    let walletAfter = 0;
    for (const part of parts) {
      const moved = await moveRewards(trx, member.id, part.kind, (balance) => {
        // Spent meanwhile by a concurrent transfer: refused, and the whole transfer rolls back.
        if (balance < part.amountFen) throw new DomainError("conflict", REWARDS_SHORT, { errors: { amount: REWARDS_SHORT } });
        return -part.amountFen;
      }, (d) => ({ transferredFen: -d }));
      const note = say("payments.transferredBalance", { kind: label(REWARD_KIND_LABELS, part.kind) });
      await trx.insertInto("reward_entries").values({
        memberId: member.id, kind: part.kind, event: "transfer", amountFen: -part.amountFen, balanceAfterFen: moved.balanceAfterFen,
        orderId: null, orderNo: null, product: null, sourceMemberId: null, baseFen: null, outTradeNo,
        uniqueKey: `transfer:${outTradeNo}:${part.kind}`, note, createTime: isoAt(),
      }).execute();
      walletAfter = await moveWallet(trx, {
        memberId: member.id, account: "wallet", entry: part.kind, direction: "in", amountFen: part.amountFen,
        businessType: BUSINESS_TYPE.rewardsOut, outTradeNo, orderNo: null, note,
      });
    }
    const after = await balancesOf(trx, member.id);
    return { outTradeNo, amount: amountFen, balance: after.recommend.balanceFen + after.share.balanceFen, walletBalance: walletAfter };
  });
}

/** The first instant of the current China calendar month, as stored (ISO UTC). */
function chinaMonthStart(ms: number): string {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - CHINA_OFFSET_MS).toISOString();
}

export async function rewardsSummary(db: Kysely<Database>, memberId: number): Promise<RewardsSummary> {
  const a = await balancesOf(db, memberId);
  const month = await db
    .selectFrom("reward_entries")
    .select((eb) => eb.fn.sum<number | string | null>("amountFen").as("n"))
    .where("memberId", "=", memberId)
    .where("event", "in", ["earn", "reverse"])
    .where("createTime", ">=", chinaMonthStart(now()))
    .executeTakeFirst();
  const sum = (f: "balanceFen" | "earnedFen" | "reversedFen" | "transferredFen") => a.recommend[f] + a.share[f];
  return {
    balance: sum("balanceFen"),
    balances: { recommend: a.recommend.balanceFen, share: a.share.balanceFen },
    monthEarned: Number(month?.n ?? 0),
    totalEarned: sum("earnedFen") - sum("reversedFen"),
    transferred: sum("transferredFen"),
  };
}

export interface RewardsFilter {
  pageNum: number;
  pageSize: number;
  orderType: "asc" | "desc";
  kind?: RewardKind;
  event?: RewardEvent;
  createDateStart?: string;
  createDateEnd?: string;
}

const chinaDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`).toISOString();
const chinaDayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000).toISOString();

export async function listRewards(db: Kysely<Database>, memberId: number, f: RewardsFilter): Promise<Page<RewardRow>> {
  let q = db.selectFrom("reward_entries as r").where("r.memberId", "=", memberId);
  if (f.kind) q = q.where("r.kind", "=", f.kind);
  if (f.event) q = q.where("r.event", "=", f.event);
  if (f.createDateStart) q = q.where("r.createTime", ">=", chinaDayStart(f.createDateStart));
  if (f.createDateEnd) q = q.where("r.createTime", "<", chinaDayAfter(f.createDateEnd));
  const [rows, count] = await Promise.all([
    q
      .leftJoin("members as m", "m.id", "r.sourceMemberId")
      .select(["r.id", "r.kind", "r.event", "r.amountFen", "r.balanceAfterFen", "r.orderNo", "r.product", "r.baseFen", "r.outTradeNo", "r.note", "r.createTime", "m.realName", "m.mobilePhone"])
      .orderBy("r.createTime", f.orderType)
      .orderBy("r.id", f.orderType)
      .limit(f.pageSize)
      .offset(offsetOf(f))
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind as RewardKind,
      event: r.event as RewardEvent,
      amount: r.amountFen,
      balanceAfter: r.balanceAfterFen,
      orderNo: r.orderNo,
      product: r.product,
      sourceName: r.realName || (r.mobilePhone ? maskMobile(r.mobilePhone) : null),
      base: r.baseFen,
      outTradeNo: r.outTradeNo,
      note: r.note,
      createTime: r.createTime,
    })),
    total: toCount(count?.n),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}
