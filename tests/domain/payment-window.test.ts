// The unpaid window operators set (PAYMENT_WINDOW_MINUTES): unset is 30 minutes, whole minutes from
// 5 to 120 are taken, anything else is refused with a message naming the variable.
import { describe, expect, it } from "vitest";
import { parsePaymentWindow, PAYMENT_WINDOW } from "../../src/domain/orders/payment-window";

describe("payment window", () => {
  it("is 30 minutes unless set", () => {
    expect(PAYMENT_WINDOW.fallback).toBe(30);
    expect(parsePaymentWindow(undefined)).toEqual({ minutes: 30 });
    expect(parsePaymentWindow("")).toEqual({ minutes: 30 });
    expect(parsePaymentWindow("  ")).toEqual({ minutes: 30 });
  });

  it("takes whole minutes from 5 to 120", () => {
    for (const [text, minutes] of [["5", 5], ["15", 15], [" 45 ", 45], ["120", 120], ["030", 30]] as const) expect(parsePaymentWindow(text)).toEqual({ minutes });
  });

  it("refuses what is not a whole number of minutes in range, naming the variable", () => {
    for (const text of ["4", "0", "121", "-10", "12.5", "30m", "abc", "1e2", "99999999999999999999"]) {
      const r = parsePaymentWindow(text);
      expect(r, text).toHaveProperty("problem");
      expect((r as { problem: string }).problem).toBe(`PAYMENT_WINDOW_MINUTES 须为 5 到 120 之间的整数分钟，而不是 ${text}`);
    }
  });
});
