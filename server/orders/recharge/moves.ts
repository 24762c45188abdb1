// Applying the recharge's state machine: one conditional UPDATE (`where status = from`) and its
// timeline event per move, in the caller's transaction. Crediting is the pay move together with
// the wallet's credit and its ledger row (entry "recharge"), so the recharge is 已到账 exactly when
// the money is in the wallet.
import { say } from "../../services/i18n/catalogue";
import { label, said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { moveWallet } from "../../payments/ledger";
import type { SettledTrade } from "../../payments/products";
import { BUSINESS_TYPE } from "../../../src/domain/payments/types";
import { RECHARGE_PRODUCT, RECHARGE_STATUS, rechargeLabel, rechargeMove, type RechargeAction } from "../../../src/domain/orders/recharge";
import { ORDER_NOT_FOUND, SYSTEM_ACTOR } from "../actor";
import { recordMove } from "../record-move";

export type RechargeRef = { id: number; orderNo: string; status: number; memberId: number; totalFen: number; product: string };

export async function readRecharge(trx: Kysely<Database>, id: number): Promise<RechargeRef> {
  const o = await trx.selectFrom("orders").select(["id", "orderNo", "status", "memberId", "totalFen", "product"]).where("id", "=", id).executeTakeFirst();
  if (!o || o.product !== RECHARGE_PRODUCT) throw new DomainError("notFound", ORDER_NOT_FOUND);
  return o;
}

/** The status change and its event; refused (409) when the move does not start at the status. */
export async function applyRechargeMove(trx: Kysely<Database>, order: Pick<RechargeRef, "id" | "status">, action: RechargeAction, note: string) {
  const move = rechargeMove(order.status, action);
  if (!move) throw new DomainError("conflict", said("recharge.topUpSStatusDone", { status: label(rechargeLabel, order.status) }));
  return recordMove(trx, order.id, move, { action, actor: SYSTEM_ACTOR, note }, move.to !== RECHARGE_STATUS.pendingPayment);
}


const METHOD_NAMES: Readonly<Record<string, string>> = { alipay: say("recharge.alipay"), wechat: say("recharge.wechat") };

/**
 * The payment of `trade` settled: the recharge moves to 已到账 and the wallet is credited, both
 * in `trx`. The move is conditional, so of two deliveries (or two paid trades) only one credits.
 */
export async function creditRecharge(trx: Kysely<Database>, orderId: number, trade: SettledTrade, note: string): Promise<void> {
  const order = await readRecharge(trx, orderId);
  if (trade.amountFen !== order.totalFen) throw new DomainError("conflict", said("recharge.paymentAmountDoesMatchTop"));
  await applyRechargeMove(trx, order, "pay", note);
  await moveWallet(trx, {
    memberId: order.memberId,
    account: "wallet",
    entry: "recharge",
    direction: "in",
    amountFen: order.totalFen,
    businessType: BUSINESS_TYPE.recharge,
    outTradeNo: trade.outTradeNo,
    orderNo: order.orderNo,
    note: say("recharge.accountTopUp", { method: METHOD_NAMES[trade.method] ?? trade.method }),
  });
}
