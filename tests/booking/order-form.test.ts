// The order page's form: its values pass the server's own schema (trimmed, blanks dropped), a
// private booking sends no application or reason, a business one must carry those the standard
// asks for, refusal fields cover every passenger, and the live panel prices a child from the ID
// number's birth date.
import { describe, expect, it } from "vitest";
import { livePanel, orderFormDefaults, orderFormFields, orderFormSchema, type OrderFormValues } from "../../src/booking/flight/order-form";
import { fareBreakdown, AIR_INSURANCE } from "../../src/domain/travel/air-fares";
import type { FlightSeat } from "../../src/domain/travel/types";
import type { BusinessCheck } from "../../src/domain/orders/flight-types";

const seat = {
  fareKey: "2026-12-05:MU5101|Y|Y",
  salePrice: 123000,
  breakdown: fareBreakdown({ salePrice: 123000, childPrice: 62000, infantPrice: 12000, taxes: { adtTaxeCn: 5000, adtTaxeYq: 2000, chdTaxeCn: 0, chdTaxeYq: 1000 }, serviceFee: 2000 }),
  insurance: AIR_INSURANCE.domestic,
} as unknown as FlightSeat;

const messages = { applicationRequired: "请选择已审批通过的出差申请", overReasonRequired: "请选择超标原因" };
const check = (over: Partial<BusinessCheck>): BusinessCheck => ({
  allowed: true, tripLevelName: null, configured: true, over: false, reasons: [], overAction: "reason", verdictText: "",
  applicationRequired: false, needReason: false, needApproval: false, refuse: false, overReasons: [], selfPayFen: 0, ...over,
});

function filled(over: Partial<OrderFormValues> = {}): OrderFormValues {
  const v = orderFormDefaults(seat, 1, { clientKey: "key-12345678", contactName: " 李明 ", contactMobile: "13800000010" });
  v.passengers[0] = { ...v.passengers[0], name: " 张三 ", certType: 2, certNo: "E1234567", birthday: "1990-01-02", mobile: "" };
  return { ...v, ...over };
}

describe("order form", () => {
  it("opens with one blank passenger per searched traveller and the fare's price", () => {
    const v = orderFormDefaults(seat, 3, { clientKey: "key-12345678", travelType: "business" });
    expect(v.passengers).toHaveLength(3);
    expect(v).toMatchObject({ fareKey: seat.fareKey, price: 123000, travelType: "business", contactName: "" });
  });

  it("gives the server's input: trimmed, blanks dropped", () => {
    const r = orderFormSchema(undefined, messages).safeParse(filled());
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ contactName: "李明", passengers: [{ name: "张三", certType: 2, certNo: "E1234567", birthday: "1990-01-02" }] });
    expect((r.data as { passengers: { mobile?: string }[] }).passengers[0].mobile).toBeUndefined();
  });

  it("names the field of every problem", () => {
    const v = filled({ contactMobile: "123" });
    v.passengers[0] = { ...v.passengers[0], certType: 1, certNo: "110105194912310021" };
    const r = orderFormSchema(undefined, messages).safeParse(v);
    const issues = r.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual(expect.arrayContaining([["passengers.0.certNo", "证件号码格式不正确"], ["contactMobile", "请输入正确的手机号码"]]));
  });

  it("sends no application or reason for a private booking, even when they were picked before switching", () => {
    const r = orderFormSchema(check({ applicationRequired: true, needReason: true }), messages).safeParse(filled({ travelType: "private", applyId: 7, overReason: "会议或客户要求" }));
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty("applyId");
    expect(r.data).not.toHaveProperty("overReason");
  });

  it("asks a business booking for what the standard requires", () => {
    const schema = orderFormSchema(check({ applicationRequired: true, needReason: true, over: true }), messages);
    const r = schema.safeParse(filled({ travelType: "business" }));
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["applyId", messages.applicationRequired], ["overReason", messages.overReasonRequired]]);
    expect(schema.safeParse(filled({ travelType: "business", applyId: 7, overReason: "会议或客户要求" })).success).toBe(true);
    // Without the standard's answer the server decides.
    expect(orderFormSchema(undefined, messages).safeParse(filled({ travelType: "business" })).success).toBe(true);
  });

  it("lists refusal fields for every passenger", () => {
    expect(orderFormFields(2)).toEqual(expect.arrayContaining(["contactName", "passengers.0.certNo", "passengers.1.birthday", "applyId"]));
    expect(orderFormFields(2)).not.toContain("passengers.2.name");
  });

  it("prices the passengers as the ID numbers make them: adult and child", () => {
    const panel = livePanel([{ certType: 1, certNo: "11010519491231002X", insuType: "1" }, { certType: 1, certNo: "110105201905010021" }], seat, "2026-12-05");
    expect(panel.lines.map((l) => l.psgType)).toEqual(["ADT", "CHD"]);
    expect(panel.payprice).toBe(seat.breakdown.ADT.total + 3000 + seat.breakdown.CHD.total);
  });
});
