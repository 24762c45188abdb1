// The order page's form helpers: form values become the API input the server's schema accepts,
// the first problem lands on its field, server keys map to antd paths, and the live panel
// prices a child from the ID number's birth date.
import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { firstProblem, livePanel, namePath, toOrderInput } from "../../src/booking/flight/order-form";
import { fareBreakdown, AIR_INSURANCE } from "../../src/domain/travel/air-fares";
import type { FlightSeat } from "../../src/domain/travel/types";

const seat = {
  fareKey: "2026-12-05:MU5101|Y|Y",
  salePrice: 123000,
  breakdown: fareBreakdown({ salePrice: 123000, childPrice: 62000, infantPrice: 12000, taxes: { adtTaxeCn: 5000, adtTaxeYq: 2000, chdTaxeCn: 0, chdTaxeYq: 1000 }, serviceFee: 2000 }),
  insurance: AIR_INSURANCE.domestic,
} as unknown as FlightSeat;

describe("order form", () => {
  it("turns the form into the API input, trimming and dropping blanks", () => {
    const input = toOrderInput(
      { contactName: " 李明 ", contactMobile: "13800000010", passengers: [{ name: " 张三 ", certType: 2, certNo: "E1234567", birthday: dayjs("1990-01-02"), mobile: " " }] },
      seat,
      "key-12345678",
      true,
    );
    expect(input).toEqual({
      fareKey: seat.fareKey, price: 123000, clientKey: "key-12345678", acceptPrice: 1, contactName: "李明", contactMobile: "13800000010",
      passengers: [{ name: "张三", certType: 2, certNo: "E1234567", birthday: "1990-01-02", mobile: undefined, insuType: undefined }],
    });
    expect(firstProblem(input)).toBeNull();
  });

  it("names the field of the first problem", () => {
    const input = toOrderInput({ contactName: "李明", contactMobile: "13800000010", passengers: [{ name: "张三", certType: 1, certNo: "110105194912310021" }] }, seat, "key-12345678", false);
    expect(firstProblem(input)).toEqual({ name: ["passengers", 0, "certNo"], message: "证件号码格式不正确" });
    expect(namePath("passengers.0.certNo")).toEqual(["passengers", 0, "certNo"]);
  });

  it("prices the passengers as the ID numbers make them: adult and child", () => {
    const panel = livePanel({ passengers: [{ certType: 1, certNo: "11010519491231002X", insuType: "1" }, { certType: 1, certNo: "110105201905010021" }] }, seat, "2026-12-05");
    expect(panel.lines.map((l) => l.psgType)).toEqual(["ADT", "CHD"]);
    expect(panel.payprice).toBe(seat.breakdown.ADT.total + 3000 + seat.breakdown.CHD.total);
  });
});
