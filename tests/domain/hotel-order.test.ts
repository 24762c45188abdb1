// The hotel order's state machine and booking form, shared by the server and the portal.
import { describe, expect, it } from "vitest";
import {
  HOTEL_ORDER_MOVES, HOTEL_ORDER_STATUS as S, HOTEL_ORDER_STATUS_CODES, hotelMemberActions, hotelOrderLabel, hotelOrderMove, isHotelFinal,
} from "../../src/domain/orders/hotel";
import { hotelOrderInput, hotelPricePanel } from "../../src/domain/orders/hotel-booking";
import { BUSINESS_TYPE, payRedirect } from "../../src/domain/payments";

describe("hotel order state machine", () => {
  it("labels every status in Chinese", () => {
    expect(HOTEL_ORDER_STATUS_CODES.map((c) => hotelOrderLabel(c))).toEqual(["待支付", "待确认", "已确认", "已入住", "已完成", "已取消", "已退款", "待审批"]);
    expect(hotelOrderLabel(99)).toBe("99");
  });

  it("lets the member cancel and modify unpaid and paid bookings before check-in, the system take every other move", () => {
    expect(HOTEL_ORDER_MOVES.filter((m) => m.by === "member").map((m) => [m.from, m.action])).toEqual([
      [S.approving, "cancel"],
      [S.pendingPayment, "cancel"], [S.pendingConfirm, "cancel"], [S.confirmed, "cancel"],
      [S.pendingPayment, "modify"], [S.pendingConfirm, "modify"], [S.confirmed, "modify"],
    ]);
    // Modifying keeps the order where it is.
    for (const s of [S.pendingPayment, S.pendingConfirm, S.confirmed]) expect(hotelOrderMove(s, "modify")).toMatchObject({ to: s, by: "member" });
    for (const s of [S.checkedIn, S.completed, S.cancelled, S.refunded, S.approving]) expect(hotelOrderMove(s, "modify")).toBeNull();
    expect(hotelOrderMove(S.pendingPayment, "pay")).toMatchObject({ to: S.pendingConfirm, by: "system" });
    expect(hotelOrderMove(S.pendingConfirm, "confirm")).toMatchObject({ to: S.confirmed, by: "system" });
    expect(hotelOrderMove(S.pendingPayment, "expire")).toMatchObject({ to: S.cancelled });
    expect(hotelOrderMove(S.cancelled, "refund")).toMatchObject({ to: S.refunded });
    expect(hotelOrderMove(S.checkedIn, "cancel")).toBeNull();
    expect(hotelOrderMove(S.pendingPayment, "confirm")).toBeNull();
    expect(hotelOrderMove(S.completed, "refund")).toBeNull();
  });

  it("waiting for approval: approved it is payable, rejected or expired it is cancelled; the booker may only cancel it", () => {
    expect(hotelOrderMove(S.approving, "approve")).toEqual({ from: S.approving, action: "approve", to: S.pendingPayment, by: "system" });
    expect(hotelOrderMove(S.approving, "rejectApproval")).toEqual({ from: S.approving, action: "rejectApproval", to: S.cancelled, by: "system" });
    expect(hotelOrderMove(S.approving, "expire")).toEqual({ from: S.approving, action: "expire", to: S.cancelled, by: "system" });
    expect(hotelOrderMove(S.approving, "cancel")).toEqual({ from: S.approving, action: "cancel", to: S.cancelled, by: "member" });
    // Not payable, confirmable or refundable while waiting; approving nothing else.
    for (const action of ["pay", "confirm", "checkIn", "complete", "refund", "modify"] as const) expect(hotelOrderMove(S.approving, action), action).toBeNull();
    for (const s of [S.pendingPayment, S.pendingConfirm, S.confirmed, S.checkedIn, S.completed, S.cancelled, S.refunded]) {
      expect(hotelOrderMove(s, "approve"), `${s} approve`).toBeNull();
      expect(hotelOrderMove(s, "rejectApproval"), `${s} rejectApproval`).toBeNull();
    }
    expect(hotelMemberActions(S.approving, "free")).toEqual(["cancel"]);
    expect(isHotelFinal(S.approving)).toBe(false);
    expect(hotelOrderLabel(S.approving, "en")).toBe("Awaiting approval");
  });

  it("offers cancel only where the member may, and not on a paid non-cancellable rate", () => {
    expect(hotelMemberActions(S.pendingPayment, "none")).toEqual(["cancel", "modify"]);
    expect(hotelMemberActions(S.confirmed, "free")).toEqual(["cancel", "modify"]);
    expect(hotelMemberActions(S.confirmed, "none")).toEqual(["modify"]);
    expect(hotelMemberActions(S.checkedIn, "free")).toEqual([]);
    expect([S.completed, S.refunded].every(isHotelFinal)).toBe(true);
    expect(isHotelFinal(S.cancelled)).toBe(false);
  });

  it("a paid hotel order lands on its detail page by order number", () => {
    const to = payRedirect(BUSINESS_TYPE.hotelPay);
    expect(to).toMatchObject({ kind: "route", route: "HotelOrderDetails", toast: true });
    expect(to.kind === "route" && to.params?.(1, "H1")).toEqual({ orderNo: "H1" });
  });
});

describe("hotel booking form", () => {
  const good = {
    hotelId: "1", roomTypeId: "2", checkIn: "2026-12-10", checkOut: "2026-12-12", roomCount: "2", price: "60000", clientKey: "abcdefgh",
    guests: [{ name: "张三" }, { name: "ZHANG/SAN" }], contactName: "张三", contactMobile: "13800000010", arrivalTime: "18:00",
  };
  const first = (v: unknown) => {
    const r = hotelOrderInput.safeParse(v);
    return r.success ? null : r.error.issues[0].message;
  };

  it("accepts a good form", () => {
    const r = hotelOrderInput.parse(good);
    expect(r).toMatchObject({ hotelId: 1, roomCount: 2, price: 60000, arrivalTime: "18:00" });
  });

  it("asks one guest per room, a stay of 1-28 nights, a mobile and an arrival time", () => {
    expect(first({ ...good, guests: [{ name: "张三" }] })).toBe("请为每间房填写一位入住人");
    expect(first({ ...good, guests: [{ name: "张三" }, { name: "" }] })).toBe("请填写入住人姓名");
    expect(first({ ...good, checkOut: "2026-12-10" })).toBe("离店日期须晚于入住日期");
    expect(first({ ...good, checkOut: "2027-02-10" })).toBe("单次最多预订 28 晚");
    expect(first({ ...good, contactMobile: "1234" })).toBe("请输入正确的手机号码");
    expect(first({ ...good, arrivalTime: "03:00" })).toBe("请选择最晚到店时间");
    expect(first({ ...good, roomCount: "11", guests: Array(11).fill({ name: "张三" }) })).toMatch(/房间数须为 1 到 10/);
    expect(first({ ...good, extra: 1 })).not.toBeNull();
  });

  it("the price panel is every night's price × rooms plus the fee", () => {
    const p = hotelPricePanel([{ date: "2026-12-10", price: 30000 }, { date: "2026-12-11", price: 35000 }], 2, 1000);
    expect(p).toEqual({
      nights: [{ date: "2026-12-10", price: 30000, subtotal: 60000 }, { date: "2026-12-11", price: 35000, subtotal: 70000 }],
      rooms: 2, roomTotal: 130000, serviceFee: 4000, total: 134000,
    });
  });
});
