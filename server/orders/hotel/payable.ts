// What paying a hotel order does: its payment asks the hotel to confirm, running out of time cancels it.
import { registerPayable } from "../../payments/products";
import { SYSTEM_ACTOR } from "../actor";
import { EXPIRED_UNPAID } from "../expired";
import { scheduleHotelConfirm } from "./jobs";
import { applyHotelMove } from "./moves";

export function registerHotelPayables(): void {
  registerPayable("hotel", {
    async onPaid(trx, orderId, note) {
      await applyHotelMove(trx, { orderId, action: "pay", actor: SYSTEM_ACTOR, note });
      await scheduleHotelConfirm(trx, orderId);
    },
    async onExpired(trx, orderId) {
      await applyHotelMove(trx, { orderId, action: "expire", actor: SYSTEM_ACTOR, note: EXPIRED_UNPAID });
    },
  });
}
