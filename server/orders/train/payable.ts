// What paying a train order does: its payment asks the railway for tickets, running out of time
// cancels it; paying a dearer change's difference completes the change, running out of time declines it.
import { TRAIN_ORDER_STATUS } from "../../../src/domain/orders/train";
import { say } from "../../services/i18n/catalogue";
import { registerOwedExtra, registerPayable } from "../../payments/products";
import { SYSTEM_ACTOR } from "../actor";
import { EXPIRED_UNPAID } from "../expired";
import { confirmTrainChange, declineTrainChange, trainChangeAwaitingPayment, trainChangeTitle } from "./change";
import { scheduleTrainTicketing } from "./jobs";
import { applyTrainMove } from "./moves";

export function registerTrainPayables(): void {
  registerPayable("train", {
    async onPaid(trx, orderId, note) {
      await applyTrainMove(trx, { orderId, action: "pay", actor: SYSTEM_ACTOR, note });
      await scheduleTrainTicketing(trx, orderId);
    },
    async onExpired(trx, orderId) {
      await applyTrainMove(trx, { orderId, action: "expire", actor: SYSTEM_ACTOR, note: EXPIRED_UNPAID });
    },
  });
  registerPayable("trainChange", {
    onPaid: (trx, orderId, note) => confirmTrainChange(trx, orderId, say("orders.changeDifferencePaid", { note })),
    async onExpired(trx, orderId) {
      await declineTrainChange(trx, orderId, "declineChange", SYSTEM_ACTOR);
    },
  });
  // While a dearer change waits in 改签待支付 the order owes its difference, and the cashier names the new train.
  registerOwedExtra("train", async (db, order) => {
    if (order.status !== TRAIN_ORDER_STATUS.changePending) return null;
    const change = await trainChangeAwaitingPayment(db, order.id);
    return change ? { kind: "trainChange", amount: change.payFen, expiresAt: change.expiresAt, title: trainChangeTitle(change) } : null;
  });
}
