// Refund and change pricing of a flight order: the fee percent of every tier on both sides of
// every window boundary (168, 48 and 4 hours before departure, and after it), the refund quote's
// lines and totals (with a policy surrendered before the flight, kept after it), the change
// quote's fee, fare and fuel-tax differences, service fee and total, and the inputs the calls
// validate.
import { describe, expect, it } from "vitest";
import { changePercent, refundPercent, type FareTier } from "../../src/domain/travel/air-rules";
import { fareBreakdown } from "../../src/domain/travel/air-fares";
import {
  changeQuote, changeQuoteInput, confirmChangeInput, hoursUntil, pickRefund, refundQuote, refundSubmitInput, refundTipInput, refundTotals, REFUND_REASONS, type TicketLine,
} from "../../src/domain/orders/flight-after-sales";
import { INSURANCE } from "../../src/domain/orders/insurance";

/** Hours on each side of each boundary, and the window each falls in. */
const EDGES: [number, number][] = [[500, 0], [168, 0], [167.99, 1], [48, 1], [47.99, 2], [4, 2], [3.99, 3], [0, 3], [-2, 3]];
const REFUND: Record<FareTier, number[]> = { full: [5, 10, 20, 30], flex: [10, 20, 30, 40], discount: [20, 30, 50, 70], promo: [40, 50, 70, 90], gp: [0, 0, 5, 10] };
const CHANGE: Record<FareTier, number[]> = { full: [0, 5, 10, 20], flex: [5, 10, 20, 30], discount: [10, 20, 30, 40], promo: [20, 30, 50, 60], gp: [0, 0, 0, 5] };

describe("fee windows", () => {
  for (const tier of ["full", "flex", "discount", "promo", "gp"] as FareTier[]) {
    it(`${tier}: refund and change percent at every window boundary`, () => {
      for (const [hours, window] of EDGES) {
        expect(refundPercent(tier, hours), `${tier} refund at ${hours} h`).toBe(REFUND[tier][window]);
        expect(changePercent(tier, hours), `${tier} change at ${hours} h`).toBe(CHANGE[tier][window]);
      }
    });
  }

  it("counts hours from the departure instant", () => {
    expect(hoursUntil("2026-12-10T02:00:00.000Z", Date.parse("2026-12-03T02:00:00.000Z"))).toBe(168);
    expect(hoursUntil("2026-12-10T02:00:00.000Z", Date.parse("2026-12-10T03:30:00.000Z"))).toBe(-1.5);
  });
});

const adult: TicketLine = { passengerId: 1, name: "张三", psgType: "ADT", ticket: 131_000, consTax: 5_000, fuelTax: 3_000 };
const child: TicketLine = { passengerId: 2, name: "张小宝", psgType: "CHD", ticket: 65_000, consTax: 0, fuelTax: 1_500 };
const infant: TicketLine = { passengerId: 3, name: "张小小", psgType: "INF", ticket: 13_000, consTax: 0, fuelTax: 0 };

describe("refund quote", () => {
  it("per passenger: the fee of the tier's percent in whole yuan, the taxes back, and the totals add up", () => {
    const q = refundQuote([adult, child, infant], "full", 200);
    expect(q.lines).toEqual([
      { passengerId: 1, name: "张三", psgType: "ADT", ticket: 131_000, feePercent: 5, fee: 6_600, taxes: 8_000, insurance: 0, insuranceKept: 0, refund: 131_000 - 6_600 + 8_000, hoursBeforeDeparture: 200 },
      { passengerId: 2, name: "张小宝", psgType: "CHD", ticket: 65_000, feePercent: 5, fee: 3_300, taxes: 1_500, insurance: 0, insuranceKept: 0, refund: 65_000 - 3_300 + 1_500, hoursBeforeDeparture: 200 },
      { passengerId: 3, name: "张小小", psgType: "INF", ticket: 13_000, feePercent: 5, fee: 700, taxes: 0, insurance: 0, insuranceKept: 0, refund: 12_300, hoursBeforeDeparture: 200 },
    ]);
    expect(q.fee).toBe(6_600 + 3_300 + 700);
    expect(q.refund).toBe(132_400 + 63_200 + 12_300);
    expect(q.hoursBeforeDeparture).toBe(200);
  });

  it("costs more as departure nears, and after departure the last window applies", () => {
    expect(refundQuote([adult], "promo", 47.5).lines[0]).toMatchObject({ feePercent: 70, fee: 91_700 });
    const gone = refundQuote([adult], "promo", -3);
    expect(gone.lines[0]).toMatchObject({ feePercent: 90, fee: 117_900, refund: 131_000 - 117_900 + 8_000 });
    expect(gone.hoursBeforeDeparture).toBe(0);
  });

  it("a quote of some passengers is exactly the whole quote's lines for them, totalled", () => {
    const all = refundQuote([adult, child, infant], "discount", 30);
    for (const ids of [[1], [2], [3], [1, 3], [2, 3], [1, 2, 3]]) {
      const some = [adult, child, infant].filter((t) => ids.includes(t.passengerId));
      expect(pickRefund(all, ids), ids.join(",")).toEqual(refundQuote(some, "discount", 30));
    }
    const one = pickRefund(all, [2]);
    expect(one).toMatchObject({ fee: one.lines[0].fee, refund: one.lines[0].refund });
    expect(one.lines.map((l) => l.name)).toEqual(["张小宝"]);
    expect(pickRefund(all, [])).toEqual({ lines: [], fee: 0, insurance: 0, insuranceKept: 0, refund: 0, hoursBeforeDeparture: 0 });
  });

  it("surrenders a policy in force before the flight, its premium back with the ticket; after the flight the premium is kept", () => {
    const insured: TicketLine = { ...adult, insurance: { premium: 3_000, status: INSURANCE.insured } };
    const before = refundQuote([insured, child], "full", 0.5);
    expect(before.lines[0]).toMatchObject({ insurance: 3_000, insuranceKept: 0, refund: refundQuote([adult], "full", 0.5).lines[0].refund + 3_000 });
    expect(before.lines[1]).toMatchObject({ insurance: 0, insuranceKept: 0 });
    expect(before).toMatchObject({ insurance: 3_000, insuranceKept: 0, refund: before.lines[0].refund + before.lines[1].refund });
    const gone = refundQuote([insured, child], "full", -0.5);
    expect(gone.lines[0]).toMatchObject({ insurance: 0, insuranceKept: 3_000, refund: refundQuote([adult], "full", -0.5).lines[0].refund });
    expect(gone).toMatchObject({ insurance: 0, insuranceKept: 3_000 });
    // Only a policy in force: one never issued, withdrawn or already surrendered gives nothing back.
    for (const status of [INSURANCE.none, INSURANCE.cancelled, INSURANCE.failed, INSURANCE.surrendering, INSURANCE.surrendered]) {
      expect(refundQuote([{ ...adult, insurance: { premium: 3_000, status } }], "full", 100), `status ${status}`).toMatchObject({ insurance: 0, insuranceKept: 0, refund: refundQuote([adult], "full", 100).refund });
    }
    // Ticked passengers total their own premiums.
    expect(pickRefund(before, [2])).toMatchObject({ insurance: 0 });
    expect(pickRefund(before, [1])).toMatchObject({ insurance: 3_000 });
  });

  it("passengers on different flights: each line keeps its own hours, the quote the earliest", () => {
    const soon = refundQuote([adult], "full", 30).lines;
    const later = refundQuote([child], "full", 200).lines;
    const q = refundTotals([...soon, ...later]);
    expect(q.lines.map((l) => [l.feePercent, l.hoursBeforeDeparture])).toEqual([[20, 30], [5, 200]]);
    expect(q).toMatchObject({ fee: soon[0].fee + later[0].fee, refund: soon[0].refund + later[0].refund, hoursBeforeDeparture: 30 });
    expect(pickRefund(q, [2]).hoursBeforeDeparture).toBe(200);
  });
});

describe("change quote", () => {
  const next = fareBreakdown({ salePrice: 150_000, childPrice: 60_000, infantPrice: 15_000, taxes: { adtTaxeCn: 5_000, adtTaxeYq: 4_000, chdTaxeCn: 0, chdTaxeYq: 2_000 }, serviceFee: 0 });

  it("adds the change fee, the dearer fare and fuel, and the agreed service fee per ticket (none for infants)", () => {
    const q = changeQuote([adult, child, infant], "flex", 50, next, 2_000);
    // flex at 50 h: 10 % of the current ticket.
    expect(q.lines[0]).toMatchObject({ changeFee: 13_100, changeSpread: 19_000, changeFuelTaxSpread: 1_000, changeServiceFee: 2_000, total: 35_100, ticket: 150_000, consTax: 5_000, fuelTax: 4_000 });
    // A cheaper child fare gives nothing back.
    expect(q.lines[1]).toMatchObject({ changeFee: 6_500, changeSpread: 0, changeFuelTaxSpread: 500, changeServiceFee: 2_000, total: 9_000, ticket: 60_000 });
    expect(q.lines[2]).toMatchObject({ changeFee: 1_300, changeSpread: 2_000, changeFuelTaxSpread: 0, changeServiceFee: 0, total: 3_300 });
    expect(q).toMatchObject({ changeFee: 20_900, changeSpread: 21_000, changeFuelTaxSpread: 1_500, changeServiceFee: 4_000, total: 47_400 });
    expect(q.total).toBe(q.lines.reduce((s, l) => s + l.total, 0));
  });

  it("a full fare changed a week ahead to a fare no dearer costs nothing", () => {
    const same = fareBreakdown({ salePrice: 131_000, childPrice: 65_000, infantPrice: 13_000, taxes: { adtTaxeCn: 5_000, adtTaxeYq: 3_000, chdTaxeCn: 0, chdTaxeYq: 1_500 }, serviceFee: 0 });
    expect(changeQuote([adult], "full", 168, same, 0).total).toBe(0);
    expect(changeQuote([adult], "full", 167, same, 0).total).toBe(6_600);
  });
});

describe("inputs", () => {
  it("takes only the listed refund reasons", () => {
    expect(REFUND_REASONS).toEqual(["自愿退票", "航班延误或取消", "其他"]);
    for (const reason of REFUND_REASONS) expect(refundSubmitInput.safeParse({ id: "3", reason }).success).toBe(true);
    expect(refundSubmitInput.safeParse({ id: "3", reason: "不想去了" }).error?.issues[0].message).toBe("请选择退票原因");
    expect(refundSubmitInput.safeParse({ id: "0", reason: "其他" }).success).toBe(false);
  });

  it("names the passengers by id: left out means every passenger still holding a ticket; named, at least one", () => {
    expect(refundSubmitInput.parse({ id: "3", reason: "其他" }).passengerIds).toBeUndefined();
    expect(refundSubmitInput.parse({ id: "3", reason: "其他", passengerIds: ["12", "13"] }).passengerIds).toEqual([12, 13]);
    expect(refundSubmitInput.safeParse({ id: "3", reason: "其他", passengerIds: [] }).error?.issues[0].message).toBe("请选择退票的乘客");
    expect(refundTipInput.safeParse({ id: "3", passengerIds: ["x"] }).error?.issues[0].message).toBe("退票乘客不正确");
    expect(refundTipInput.safeParse({ id: "3", passengerIds: ["0"] }).success).toBe(false);
    expect(refundTipInput.safeParse({ id: "3", passengerIds: Array.from({ length: 10 }, (_, i) => String(i + 1)) }).success).toBe(false);
    expect(changeQuoteInput.safeParse({ id: "3", fareKey: "2026-12-10:CA1501|Y|Y", passengerIds: [] }).error?.issues[0].message).toBe("请选择改签的乘客");
    expect(confirmChangeInput.parse({ id: "3", fareKey: "2026-12-10:CA1501|Y|Y", total: "0", passengerIds: ["5"] }).passengerIds).toEqual([5]);
  });

  it("a change confirmation names its fare and the total seen", () => {
    expect(confirmChangeInput.parse({ id: "7", fareKey: " 2026-12-10:CA1501|Y|Y ", total: "0" })).toEqual({ id: 7, fareKey: "2026-12-10:CA1501|Y|Y", total: 0 });
    expect(confirmChangeInput.safeParse({ id: "7", fareKey: "", total: "0" }).error?.issues[0].message).toBe("请选择新的航班舱位");
    expect(confirmChangeInput.safeParse({ id: "7", fareKey: "x", total: "-1" }).success).toBe(false);
  });
});
