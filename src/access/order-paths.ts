// The addresses of order pages and cashiers. The booking flows link to them once an order exists
// and the order pages link back to a cashier, so they live here, below both.
import { pathFor } from "./routes";
import { BOOK_FOR_PARAM } from "../domain/people/network-paths";

/** The detail page of a domestic flight order. */
export const orderDetailPath = (id: number | string) => pathFor("TicketOrderDetails", { id: String(id) });

/** The detail page of a hotel order. */
export const hotelOrderDetailPath = (orderNo: string) => pathFor("HotelOrderDetails", { orderNo });
/** The cashier of an unpaid hotel order. */
export const hotelPayPath = (orderNo: string) => pathFor("pay_hotel", { orderNo });

/** The detail page of a train order. */
export const trainOrderDetailPath = (orderId: number | string) => pathFor("TrainOrderDetails", { orderId: String(orderId) });
/** The cashier of an unpaid train order. */
export const trainPayPath = (orderId: number | string, orderNo: string) => pathFor("train_order_pay", { id: String(orderId), orderNo });

/** The cashier of one recharge. */
export const rechargePayPath = (orderId: number) => pathFor("recharge_pay", undefined, { orderId: String(orderId) });

/** The flight search that books for a subordinate (quick order's action). */
export function bookForSearchPath(memberId: number): string {
  return pathFor("DomesticAirTicketQuery", undefined, { [BOOK_FOR_PARAM]: String(memberId) });
}
