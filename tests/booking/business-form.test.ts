// The train and hotel order forms with their business part: the server's own schema, a private
// booking sending no application or reason, and a business one carrying what the standard's
// check asks for; a private booking of a trip application, or for a colleague, is refused by the
// shared schema.
import { describe, expect, it } from "vitest";
import { withStandardCheck } from "../../src/booking/shared/business-form";
import { hotelOrderInput, hotelStayInput } from "../../src/domain/orders/hotel-booking";
import { trainOrderInput } from "../../src/domain/orders/train-booking";
import type { BusinessCheck } from "../../src/domain/orders/business-types";

const messages = { applicationRequired: "请选择已审批通过的出差申请", overReasonRequired: "请选择超标原因" };
const check = (over: Partial<BusinessCheck>): BusinessCheck => ({
  allowed: true, tripLevelName: null, configured: true, over: false, reasons: [], overAction: "reason", verdictText: "",
  applicationRequired: false, needReason: false, needApproval: false, refuse: false, overReasons: [], selfPayFen: 0, ...over,
});
const hotel = {
  hotelId: 1, roomTypeId: 2, checkIn: "2026-12-10", checkOut: "2026-12-12", roomCount: 1, price: 60000, clientKey: "abcdefgh",
  guests: [{ name: "黄磊" }], contactName: "黄磊", contactMobile: "13800000073", arrivalTime: "18:00",
};
const train = {
  trainKey: "2026-12-10:G1:北京南:上海虹桥", seatClass: "9", clientKey: "abcdefgh", contactName: "黄磊", contactMobile: "13800000073",
  passengers: [{ name: "黄磊", certType: 1, certNo: "11010519491231002X", passengerType: "adult" }],
};
const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("business order forms of trains and hotels", () => {
  it("a business booking over the standard must give the reason (and the application) the check asks for", () => {
    const schema = withStandardCheck(hotelOrderInput, check({ over: true, needReason: true, applicationRequired: true }), messages);
    expect(issues(schema.safeParse({ ...hotel, travelType: "business" }))).toEqual([["applyId", messages.applicationRequired], ["overReason", messages.overReasonRequired]]);
    expect(schema.safeParse({ ...hotel, travelType: "business", applyId: 3, overReason: "会议或客户要求" }).success).toBe(true);
    const trainSchema = withStandardCheck(trainOrderInput, check({ over: true, needReason: true }), messages);
    expect(issues(trainSchema.safeParse({ ...train, travelType: "business" }))).toEqual([["overReason", messages.overReasonRequired]]);
  });

  it("a private booking sends no application or reason, even when picked before switching", () => {
    const r = withStandardCheck(trainOrderInput, check({ needReason: true, applicationRequired: true }), messages).safeParse({ ...train, travelType: "private", applyId: 3, overReason: "会议或客户要求" });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty("applyId");
    expect(r.data).not.toHaveProperty("overReason");
  });

  it("the server refuses a private booking that names a trip application, and an over-long reason", () => {
    expect(issues(hotelOrderInput.safeParse({ ...hotel, travelType: "private", applyId: 3 }))).toEqual([["applyId", "因私预订不关联出差申请"]]);
    expect(issues(trainOrderInput.safeParse({ ...train, travelType: "business", overReason: "很".repeat(31) }))).toEqual([["overReason", "超标原因最多 30 个字"]]);
    expect(issues(trainOrderInput.safeParse({ ...train, travelType: "abroad" }))).toEqual([["travelType", "出行类型只能是因公或因私"]]);
  });

  it("a colleague (代订) is booked for on business only; a private form sends none, even when picked before switching", () => {
    expect(issues(trainOrderInput.safeParse({ ...train, travelType: "private", forEmployeeId: 7 }))).toEqual([["forEmployeeId", "为同事预订须为因公出行"]]);
    expect(issues(hotelOrderInput.safeParse({ ...hotel, forEmployeeId: 7 }))).toEqual([["forEmployeeId", "为同事预订须为因公出行"]]);
    expect(issues(hotelOrderInput.safeParse({ ...hotel, travelType: "business", forEmployeeId: 0 }))).toEqual([["forEmployeeId", "出行人不正确"]]);
    expect(trainOrderInput.safeParse({ ...train, travelType: "business", forEmployeeId: 7 }).data?.forEmployeeId).toBe(7);
    const form = withStandardCheck(hotelOrderInput, check({}), messages, ["forEmployeeId"]).safeParse({ ...hotel, travelType: "private", forEmployeeId: 7 });
    expect(form.success).toBe(true);
    expect(form.data).not.toHaveProperty("forEmployeeId");
    expect(hotelStayInput.safeParse({ hotelId: 1, roomTypeId: 2, checkIn: "2026-12-10", checkOut: "2026-12-12", forEmployeeId: 7 }).success).toBe(true);
  });

  it("the standard's check of a stay asks for at least one night and nothing more than the stay", () => {
    const stay = { hotelId: 1, roomTypeId: 2, checkIn: "2026-12-10", checkOut: "2026-12-12" };
    expect(hotelStayInput.safeParse(stay).success).toBe(true);
    expect(issues(hotelStayInput.safeParse({ ...stay, checkOut: "2026-12-10" }))).toEqual([["checkOut", "离店日期须晚于入住日期"]]);
    expect(hotelStayInput.safeParse({ ...stay, extra: 1 }).success).toBe(false);
  });
});
