// The flight order state machine (every legal move and a refusal for every other pair), its
// labels and colours, the passenger type by age band, and the price panel's sums.
import { describe, expect, it } from "vitest";
import {
  FLIGHT_ORDER_MOVES, FLIGHT_ORDER_STATUS, FLIGHT_ORDER_STATUS_CODES, flightOrderColor, flightOrderLabel, flightOrderMove, isFinal, memberActions,
  type FlightOrderAction,
} from "../../src/domain/orders/flight";
import { flightOrderInput, passengerMixProblem, passengerTypeOn, pricePanel } from "../../src/domain/orders/flight-booking";
import { fareBreakdown, AIR_INSURANCE } from "../../src/domain/travel/air-fares";
import { childFare } from "../../src/domain/fares";

const S = FLIGHT_ORDER_STATUS;
const ACTIONS = [...new Set(FLIGHT_ORDER_MOVES.map((m) => m.action))] as FlightOrderAction[];

describe("flight order states", () => {
  it("labels the published codes as the copy has them and 12 as 已取消", () => {
    expect(flightOrderLabel(0)).toBe("待支付");
    expect(flightOrderLabel(7)).toBe("出票中");
    expect(flightOrderLabel(11)).toBe("改签申请中");
    expect(flightOrderLabel(12)).toBe("已取消");
    expect(flightOrderLabel(12, "en")).toBe("Cancelled");
    expect(flightOrderLabel(99)).toBe("99");
    expect(FLIGHT_ORDER_STATUS_CODES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(flightOrderLabel(13)).toBe("待审批");
    expect(flightOrderLabel(14)).toBe("出票失败");
    expect(flightOrderLabel(14, "en")).toBe("Ticketing failed");
  });

  it("colours pending payment orange, ticketed green, rejected red, cancelled grey", () => {
    expect(flightOrderColor(0)).toBe("orange");
    expect(flightOrderColor(2)).toBe("green");
    expect(flightOrderColor(8)).toBe("red");
    expect(flightOrderColor(12)).toBe("default");
  });

  it.each([
    [S.pendingPayment, "pay", S.paid],
    [S.pendingPayment, "cancel", S.cancelled],
    [S.pendingPayment, "expire", S.cancelled],
    [S.paid, "issue", S.ticketing],
    [S.ticketing, "ticket", S.ticketed],
    [S.ticketing, "reject", S.rejected],
    [S.paid, "fail", S.ticketFailed],
    [S.ticketing, "fail", S.ticketFailed],
    [S.rejected, "refundMoney", S.moneyRefunded],
    [S.ticketed, "void", S.voided],
    [S.voided, "refundMoney", S.moneyRefunded],
    [S.ticketed, "requestRefund", S.refundRequested],
    [S.changed, "requestRefund", S.refundRequested],
    [S.refundRequested, "acceptRefund", S.refundProcessing],
    [S.refundRequested, "declineRefund", S.ticketed],
    [S.refundRequested, "declineChangedRefund", S.changed],
    [S.refundProcessing, "finishRefund", S.ticketRefunded],
    [S.ticketRefunded, "refundMoney", S.moneyRefunded],
    [S.ticketed, "requestChange", S.changeRequested],
    [S.changed, "requestChange", S.changeRequested],
    [S.changeRequested, "confirmChange", S.changed],
    [S.changeRequested, "declineChange", S.ticketed],
    [S.ticketed, "closeRefunded", S.moneyRefunded],
    [S.changed, "closeRefunded", S.moneyRefunded],
  ] as [number, FlightOrderAction, number][])("%i --%s--> %i", (from, action, to) => {
    expect(flightOrderMove(from, action)?.to).toBe(to);
  });

  it("refuses every pair the table does not list", () => {
    const legal = new Set(FLIGHT_ORDER_MOVES.map((m) => `${m.from}|${m.action}`));
    expect(legal.size).toBe(FLIGHT_ORDER_MOVES.length); // no pair is listed twice
    let refused = 0;
    for (const from of FLIGHT_ORDER_STATUS_CODES) {
      for (const action of ACTIONS) {
        if (legal.has(`${from}|${action}`)) continue;
        expect(flightOrderMove(from, action), `${from} ${action}`).toBeNull();
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(flightOrderMove(99, "pay")).toBeNull();
  });

  it("gives a member only cancel on an unpaid order; payment and ticketing are the system's", () => {
    expect(memberActions(S.pendingPayment)).toEqual(["cancel"]);
    expect(memberActions(S.ticketed).sort()).toEqual(["requestChange", "requestRefund", "void"]);
    expect(memberActions(S.cancelled)).toEqual([]);
    expect(flightOrderMove(S.pendingPayment, "pay")?.by).toBe("system");
    expect(isFinal(S.cancelled)).toBe(true);
    expect(isFinal(S.moneyRefunded)).toBe(true);
    expect(isFinal(S.ticketFailed)).toBe(true);
    expect(flightOrderMove(S.ticketing, "fail")?.by).toBe("system");
    expect(isFinal(S.pendingPayment)).toBe(false);
  });
});

describe("passenger type and mix", () => {
  it("reads the birth date from an ID card, else the one entered, on the travel date", () => {
    expect(passengerTypeOn({ certType: 1, certNo: "11010519491231002X" }, "2026-12-05")).toBe("ADT");
    expect(passengerTypeOn({ certType: 2, certNo: "E12345678", birthday: "2018-06-01" }, "2026-12-05")).toBe("CHD");
    expect(passengerTypeOn({ certType: 0, certNo: "X1", birthday: "2025-12-06" }, "2026-12-05")).toBe("INF");
    // The second birthday on the travel day makes a child.
    expect(passengerTypeOn({ certType: 0, certNo: "X1", birthday: "2024-12-05" }, "2026-12-05")).toBe("CHD");
    expect(passengerTypeOn({ certType: 2, certNo: "E1" }, "2026-12-05")).toBeNull();
  });

  it("needs an adult, and no more infants than adults", () => {
    expect(passengerMixProblem(["ADT", "CHD", "INF"])).toBeNull();
    expect(passengerMixProblem(["CHD"])).toMatch(/成人/);
    expect(passengerMixProblem(["ADT", "INF", "INF"])).toMatch(/婴儿/);
  });
});

describe("order form", () => {
  const base = { fareKey: "2026-12-05:MU5101|Y|Y", price: 120000, clientKey: "k-12345678", contactName: "张三", contactMobile: "13800000010" };
  it("accepts a valid passenger and refuses a wrong ID number, a bad name and a duplicate", () => {
    const p = { name: "张三", certType: 1, certNo: "11010519491231002X" };
    expect(flightOrderInput.safeParse({ ...base, passengers: [p] }).success).toBe(true);
    const wrongId = flightOrderInput.safeParse({ ...base, passengers: [{ ...p, certNo: "110105194912310021" }] });
    expect(wrongId.error?.issues[0]).toMatchObject({ path: ["passengers", 0, "certNo"], message: "证件号码格式不正确" });
    expect(flightOrderInput.safeParse({ ...base, passengers: [{ ...p, name: "张3" }] }).success).toBe(false);
    const twice = flightOrderInput.safeParse({ ...base, passengers: [p, p] });
    expect(twice.error?.issues[0].message).toBe("同一证件不能重复添加");
    const noBirth = flightOrderInput.safeParse({ ...base, passengers: [{ name: "LI/LEI", certType: 2, certNo: "E1234567" }] });
    expect(noBirth.error?.issues[0].message).toBe("请填写出生日期");
  });
});

describe("price panel", () => {
  const taxes = { adtTaxeCn: 5000, adtTaxeYq: 2000, chdTaxeCn: 0, chdTaxeYq: 1000 };
  const breakdown = fareBreakdown({ salePrice: 123000, childPrice: childFare(123000), infantPrice: 12000, taxes, serviceFee: 2000 });

  it("charges a child half the cabin price rounded to tens, an infant only the ticket", () => {
    const panel = pricePanel(breakdown, [{ psgType: "ADT", insuType: "1" }, { psgType: "CHD" }, { psgType: "INF" }], AIR_INSURANCE.domestic);
    expect(panel.lines[1]).toMatchObject({ tktPrice: 62000, consTax: 0, fuelTax: 1000, servFee: 2000, insuPayPrice: 0, total: 65000 });
    expect(panel.lines[2]).toMatchObject({ tktPrice: 12000, consTax: 0, fuelTax: 0, servFee: 0, total: 12000 });
    expect(panel.lines[0]).toMatchObject({ tktPrice: 123000, consTax: 5000, fuelTax: 2000, servFee: 2000, insuPayPrice: 3000, total: 135000 });
  });

  it("always adds up: every line and the total are the sums of their parts", () => {
    const panel = pricePanel(breakdown, [{ psgType: "ADT", insuType: "2" }, { psgType: "ADT" }, { psgType: "CHD", insuType: "1" }], AIR_INSURANCE.domestic);
    for (const l of panel.lines) expect(l.total).toBe(l.tktPrice + l.consTax + l.fuelTax + l.servFee + l.insuPayPrice);
    expect(panel.payprice).toBe(panel.lines.reduce((a, l) => a + l.total, 0));
    expect(panel.payprice).toBe(panel.ticket + panel.consTax + panel.fuelTax + panel.servFee + panel.insurance);
    expect(panel.insurance).toBe(5000);
  });
});
