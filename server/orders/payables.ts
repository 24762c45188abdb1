// Every product registers with the payments port what paying its orders does, and the cashier
// learns from here which orders a member may see. Called once at start, before any payment is
// taken; calling it again changes nothing.
import { registerOrderAccess } from "../payments/products";
import { registerFlightPayables } from "./flight/payable";
import { visibleOrderId } from "./flight/views";
import { registerHotelPayables } from "./hotel/payable";
import { registerRechargePayables } from "./recharge/payable";
import { registerTrainPayables } from "./train/payable";

export function registerPayables(): void {
  registerFlightPayables();
  registerHotelPayables();
  registerTrainPayables();
  registerRechargePayables();
  // The cashier pays every kind of order, so it asks about any product (null).
  registerOrderAccess((db, member, orderId) => visibleOrderId(db, member, orderId, null));
}
