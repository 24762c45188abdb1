// What paying a flight order does: its payment starts ticketing, running out of time cancels it;
// paying a change confirms it (the old seats are released), running out of time declines it.
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { say } from "../../services/i18n/catalogue";
import { registerOwedExtra, registerPayable } from "../../payments/products";
import { SYSTEM_ACTOR } from "../actor";
import { EXPIRED_UNPAID } from "../expired";
import { changeAwaitingPayment, confirmFlightChange, declineFlightChange } from "./change";
import { applyFlightMove } from "./moves";
import { scheduleTicketing } from "./ticketing";

export function registerFlightPayables(): void {
  registerPayable("air", {
    async onPaid(trx, orderId, note) {
      await applyFlightMove(trx, { orderId, action: "pay", actor: SYSTEM_ACTOR, note });
      await scheduleTicketing(trx, orderId);
    },
    async onExpired(trx, orderId) {
      await applyFlightMove(trx, { orderId, action: "expire", actor: SYSTEM_ACTOR, note: EXPIRED_UNPAID });
    },
  });
  registerPayable("airChange", {
    onPaid: (trx, orderId, note) => confirmFlightChange(trx, orderId, say("orders.changePaymentMadeChangeComplete", { note })),
    onExpired: (trx, orderId) => declineFlightChange(trx, orderId, say("flight.changePaymentWasMadeTime")),
  });
  // While a change waits in 改签申请中 the order owes the change's amount, not its total.
  registerOwedExtra("air", async (db, order) => {
    if (order.status !== FLIGHT_ORDER_STATUS.changeRequested) return null;
    const change = await changeAwaitingPayment(db, order.id);
    return change ? { kind: "airChange", amount: change.payFen, expiresAt: change.expiresAt } : null;
  });
}
