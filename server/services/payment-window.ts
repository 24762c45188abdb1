// The payment window in force: each app takes it once when built (from PAYMENT_WINDOW_MINUTES, see
// config.ts) and every hold its suppliers take reads it through the app's instance, so an unpaid
// order's deadline, its expiry job and what the order forms say all come from this one number.
import { PAYMENT_WINDOW } from "../../src/domain/orders/payment-window";
import { currentInstance } from "./instance";

let fallback: number = PAYMENT_WINDOW.fallback;

/** The window, checked: an app is never built with one its forms cannot show. */
export function checkedPaymentWindow(next: number): number {
  if (!Number.isSafeInteger(next) || next < PAYMENT_WINDOW.min || next > PAYMENT_WINDOW.max) {
    throw new Error(`payment window must be ${PAYMENT_WINDOW.min}..${PAYMENT_WINDOW.max} minutes, not ${next}`);
  }
  return next;
}

/** The window of code run outside any app (scripts); an app's own window is given to buildApp. */
export function setPaymentWindow(next: number): void {
  fallback = checkedPaymentWindow(next);
}

/** Minutes an unpaid order (and a change waiting for its payment) keeps what it holds. */
export function paymentWindowMinutes(): number {
  return currentInstance()?.paymentWindowMinutes ?? fallback;
}
