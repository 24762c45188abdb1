// What the 政府采购 (GP) order API is called at (no schema: the browser tests and the order centre
// read it without loading zod). The order itself is a flight order flagged gp: the flight order
// list (gpFlag 1 for the 公务机票订单 tab), detail, cashier, refund and change serve it.
export const GP_ORDER_PATHS = {
  book: "/api/v1/trip_manager/air_ticket_gp_order/book",
} as const;
