/** The timeline note of an order whose time to pay ran out, for every product. */
export const EXPIRED_UNPAID = "超时未支付，系统自动取消";
