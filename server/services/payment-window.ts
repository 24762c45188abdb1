// The payment window in force: set once when the app is built (from PAYMENT_WINDOW_MINUTES, see
// config.ts) and read by every hold the suppliers take, so an unpaid order's deadline, its expiry
// job and what the order forms say all come from this one number.
import { PAYMENT_WINDOW } from "../../src/domain/orders/payment-window";

let minutes: number = PAYMENT_WINDOW.fallback;

export function setPaymentWindow(next: number): void {
  if (!Number.isSafeInteger(next) || next < PAYMENT_WINDOW.min || next > PAYMENT_WINDOW.max) {
    throw new Error(`payment window must be ${PAYMENT_WINDOW.min}..${PAYMENT_WINDOW.max} minutes, not ${next}`);
  }
  minutes = next;
}

/** Minutes an unpaid order (and a change waiting for its payment) keeps what it holds. */
export function paymentWindowMinutes(): number {
  return minutes;
}
