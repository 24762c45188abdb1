// A wallet ledger row's name in its list: a refund by what it returns, others by their business
// type, a row without one by its entry.
import { describe, expect, it } from "vitest";
import { ledgerRowLabel } from "../../src/domain/payments/ledger-label";
import { BUSINESS_TYPE } from "../../src/domain/payments/types";

describe("ledgerRowLabel", () => {
  it("names a refund by what it returns, a payment by its business, an opening row by its entry", () => {
    expect(ledgerRowLabel({ entry: "refund", businessType: BUSINESS_TYPE.hotelPay })).toBe("酒店退款");
    expect(ledgerRowLabel({ entry: "pay", businessType: BUSINESS_TYPE.hotelPay })).toBe("酒店支付");
    expect(ledgerRowLabel({ entry: "opening", businessType: 0 })).toBe("期初余额");
  });
});
