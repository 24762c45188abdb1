// The after-sales queue's calls in the operator console, apart from their schemas so the console's
// resource list does not bring zod along.
export const AFTER_SALES_PATHS = {
  list: "/ops/after-sales/list",
  detail: "/ops/after-sales/detail",
  /** The menu badge: requests waiting for a decision. */
  count: "/ops/after-sales/count",
  take: "/ops/after-sales/take",
  release: "/ops/after-sales/release",
  accept: "/ops/after-sales/accept",
  adjust: "/ops/after-sales/adjust",
  reject: "/ops/after-sales/reject",
  /** Whether the airline's desk accepts requests nobody holds by itself (the default) or leaves them to the queue. */
  policy: "/ops/after-sales/policy",
  setPolicy: "/ops/after-sales/policy/set",
} as const;

export const AFTER_SALES_KINDS = ["refund", "change"] as const;
export type AfterSalesKind = (typeof AFTER_SALES_KINDS)[number];

export const AFTER_SALES_PRODUCTS = ["air", "train"] as const;
export type AfterSalesProduct = (typeof AFTER_SALES_PRODUCTS)[number];

/**
 * The states a queue item can be in: a refund's record status, or a change's. `requested` (a
 * refund) and `confirming` (a change with nothing to pay) wait for a decision; the rest are how it
 * went on.
 */
export const AFTER_SALES_STATES = ["requested", "processing", "ticketRefunded", "refunded", "rejected", "confirming", "confirmed", "declined"] as const;
export type AfterSalesState = (typeof AFTER_SALES_STATES)[number];
export const WAITING_STATES: readonly AfterSalesState[] = ["requested", "confirming"];

/** An item's id in the queue: its kind and its record's id ("refund-12"). */
export const queueKey = (kind: AfterSalesKind, id: number): string => `${kind}-${id}`;
export const QUEUE_KEY = /^(refund|change)-(\d{1,10})$/;

export function parseQueueKey(key: string): { kind: AfterSalesKind; id: number } | null {
  const m = QUEUE_KEY.exec(key);
  return m ? { kind: m[1] as AfterSalesKind, id: Number(m[2]) } : null;
}
