// How long an unpaid flight, train or hotel order keeps its seats or rooms: the operator's choice
// (PAYMENT_WINDOW_MINUTES, read once when the server starts), within bounds that leave a buyer
// time to pay and do not block inventory for hours. The server's holds and expiry jobs use the
// number it chose; the order pages ask it for the number rather than compiling one in.

export const PAYMENT_WINDOW = { min: 5, max: 120, fallback: 30 } as const;

/** The window from its environment text; unset or empty means the default. */
export function parsePaymentWindow(text: string | undefined): { minutes: number } | { problem: string } {
  const raw = text?.trim() ?? "";
  if (raw === "") return { minutes: PAYMENT_WINDOW.fallback };
  const minutes = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(minutes) || minutes < PAYMENT_WINDOW.min || minutes > PAYMENT_WINDOW.max) {
    return { problem: `PAYMENT_WINDOW_MINUTES 须为 ${PAYMENT_WINDOW.min} 到 ${PAYMENT_WINDOW.max} 之间的整数分钟，而不是 ${raw}` };
  }
  return { minutes };
}

/** The public call that answers the window in force (what the order forms show before an order exists). */
export const PAYMENT_WINDOW_PATH = "/api/v1/trip_manager/order/pay_window";

export interface PaymentWindowReply {
  minutes: number;
}
