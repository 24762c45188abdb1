// What paying a wallet recharge does: paying credits the wallet, running out of time closes it.
import { registerPayable } from "../../payments/products";
import { say } from "../../services/i18n/catalogue";
import { applyRechargeMove, creditRecharge, readRecharge } from "./moves";

export function registerRechargePayables(): void {
  registerPayable("recharge", {
    onPaid: (trx, orderId, note, trade) => creditRecharge(trx, orderId, trade, note),
    async onExpired(trx, orderId) {
      await applyRechargeMove(trx, await readRecharge(trx, orderId), "expire", say("orders.paidTimeTopUpClosed"));
    },
  });
}
