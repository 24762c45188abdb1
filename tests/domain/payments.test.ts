// requestVerify (the browser and the server compute the same hash, and it changes with the member
// and the trade), the redirect after a successful payment by business type, and the cashier's
// amount format: thousands separators and exactly 2 decimals, from integer fen.
import { describe, expect, it } from "vitest";
import MD5 from "crypto-js/md5";
import { BUSINESS_TYPE, payRedirect, REQUEST_VERIFY_PHRASE, requestVerify } from "../../src/domain/payments";
import { formatFen } from "../../src/domain/money";

describe("requestVerify", () => {
  it("is the MD5 of member id, outTradeNo and the fixed phrase", () => {
    expect(requestVerify(42, "P2026113010000012345678")).toBe(MD5(`42|P2026113010000012345678|${REQUEST_VERIFY_PHRASE}`).toString());
    expect(requestVerify(42, "P2026113010000012345678")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("differs for another member or another trade", () => {
    const base = requestVerify(42, "P2026113010000012345678");
    expect(requestVerify(43, "P2026113010000012345678")).not.toBe(base);
    expect(requestVerify(42, "P2026113010000012345679")).not.toBe(base);
    // The separator keeps (4, "2P…") and (42, "P…") apart.
    expect(requestVerify(4, "2P2026113010000012345678")).not.toBe(base);
  });
});

describe("redirect after payment", () => {
  it("follows the business-type table", () => {
    expect(payRedirect(BUSINESS_TYPE.dometicketOrderPay)).toMatchObject({ kind: "route", route: "air_order_finish" });
    const air = payRedirect(5);
    expect(air.kind === "route" && air.query?.(7, "F1")).toEqual({ orderId: "7", orderNo: "F1" });
    expect(payRedirect(BUSINESS_TYPE.recharge)).toEqual({ kind: "callback" });
    expect(payRedirect(BUSINESS_TYPE.buffetCard)).toMatchObject({ route: "pay_finish" });
    expect(payRedirect(BUSINESS_TYPE.changeTicket)).toMatchObject({ route: "OrderLists" });
    expect(payRedirect("hotelPay")).toMatchObject({ route: "HotelOrderDetails", toast: true });
    expect(payRedirect(BUSINESS_TYPE.trainPay)).toMatchObject({ route: "OrderLists" });
    for (const t of [BUSINESS_TYPE.upgrade, BUSINESS_TYPE.payAnnualFee, BUSINESS_TYPE.buyTicket, 99]) expect(payRedirect(t)).toEqual({ kind: "none" });
  });
});

describe("cashier amounts", () => {
  it("shows fen as yuan with thousands separators and 2 decimals", () => {
    expect(formatFen(0)).toBe("0.00");
    expect(formatFen(5)).toBe("0.05");
    expect(formatFen(128050)).toBe("1,280.50");
    expect(formatFen(100000000)).toBe("1,000,000.00");
    expect(formatFen(123456789)).toBe("1,234,567.89");
    expect(formatFen(-150)).toBe("-1.50");
  });
});
