// The 航变 calls, apart from their schemas so the portal's resource registry (loaded with the
// first page) does not bring zod along.
export const DISRUPTION_PATHS = {
  /** Operator: record a schedule change or cancellation (x-operator-key, or an operator session; the console has its own route). */
  record: "/api/v1/ops/disruptions/record",
  /** Member: an order's disruptions and what they may choose. */
  ofOrder: "/api/v1/trip_manager/order/disruptions",
  accept: "/api/v1/trip_manager/order/disruption/accept",
  change: "/api/v1/trip_manager/order/disruption/change",
  /** A train order's free change: another train of the same route, same seat class. */
  changeTrain: "/api/v1/trip_manager/order/disruption/change_train",
  refund: "/api/v1/trip_manager/order/disruption/refund",
  /** Travel manager: the company's disrupted trips. */
  companyList: "/api/v1/trip_manager/company/disruptions",
} as const;
