// The hotel cancel's quote (SQLite, or PostgreSQL with DATABASE_URL): the order's detail tells,
// before the member confirms, what cancelling now would keep and refund under the rate's policy
// and until when it is free, and the cancel then keeps exactly the quoted fee.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { HOTEL_ORDER_PATHS as P, type HotelCancelQuote } from "../../src/domain/orders/hotel-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import type { HotelListItem, RoomPrice } from "../../src/domain/travel/types";
import { freeCancelUntil, hotelCancelFee } from "../../src/domain/travel/hotel";

let h: Harness;
let token = "";
let memberId = 0;
const WHO = "13800000010";
const SH = "3101";
const HOUR = 3_600_000;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  token = await login(h.app, WHO);
  memberId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", WHO).executeTakeFirstOrThrow()).id;
  await h.db.db.updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", memberId).execute();
  await givePayPassword(h.db.db, [memberId]);
});
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

const api = async (url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token })).body;

let used = 0;
/** A bookable room with this cancellation policy, in a Shanghai hotel not used before. */
async function book(n: number, policy: string, rooms = 1) {
  const stay = { checkIn: day(n), checkOut: day(n + 2) };
  const list: HotelListItem[] = (await api("/hotel/search/list_credit", { cityCode: SH, ...stay, pageSize: 50 })).data.list;
  for (const hotel of list.slice(used)) {
    used++;
    const found: RoomPrice[] = (await api("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms;
    const room = found.find((r) => r.bookable && r.roomsLeft >= rooms && r.cancelPolicy === policy);
    if (!room) continue;
    const body: Record<string, string | number> = {
      hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: rooms, price: room.total * rooms,
      clientKey: `quote-${n}-${policy}-${used}`, contactName: "张三", contactMobile: WHO, arrivalTime: "18:00",
    };
    for (let i = 0; i < rooms; i++) body[`guests.${i}.name`] = ["张三", "李四"][i];
    const r = await api(P.book, body);
    expect(r.ret, r.msg).toBe(0);
    return { orderNo: r.data.orderNo as string, id: r.data.id as number, room, stay, total: room.total * rooms };
  }
  throw new Error(`no ${policy} room`);
}

async function pay(orderId: number) {
  const t = await api(PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(memberId, t.data.outTradeNo), businessType: BUSINESS_TYPE.hotelPay });
  expect(r.ret, r.msg).toBe(0);
}

const quoteOf = async (orderNo: string): Promise<HotelCancelQuote | null> => {
  const d = await api(P.detail, { orderNo });
  expect(d.ret, d.msg).toBe(0);
  return d.data.cancelQuote;
};

describe("the cancel rule", () => {
  // Check-in 2026-12-10: free until 18:00 China time that day (10:00 UTC); limited 24 h earlier.
  const stay = (policy: "free" | "limited" | "none") => ({ policy, nightly: [50_000, 60_000], roomCount: 2, checkIn: "2026-12-10" });
  const at = (iso: string) => Date.parse(iso);
  it("is free until the deadline, then the first night for each room, capped at what was paid", () => {
    expect(freeCancelUntil("free", "2026-12-10")).toBe(at("2026-12-10T10:00:00Z"));
    expect(freeCancelUntil("limited", "2026-12-10")).toBe(at("2026-12-09T10:00:00Z"));
    expect(freeCancelUntil("none", "2026-12-10")).toBeNull();
    expect(hotelCancelFee(stay("free"), at("2026-12-10T10:00:00Z"))).toBe(0);
    expect(hotelCancelFee(stay("free"), at("2026-12-10T10:00:01Z"))).toBe(100_000);
    expect(hotelCancelFee(stay("limited"), at("2026-12-09T10:00:00Z"))).toBe(0);
    expect(hotelCancelFee(stay("limited"), at("2026-12-09T10:00:01Z"))).toBe(100_000);
    expect(hotelCancelFee(stay("none"), at("2026-12-01T00:00:00Z"))).toBe(220_000);
    expect(hotelCancelFee({ ...stay("none"), paidFen: 150_000 }, at("2026-12-01T00:00:00Z"))).toBe(150_000);
  });
});

describe("the cancel quote on a hotel order", () => {
  it("an unpaid order: nothing paid, nothing kept, and the free-cancel deadline named", async () => {
    const o = await book(10, "free");
    expect(await quoteOf(o.orderNo)).toEqual({ paidFen: 0, feeFen: 0, refundFen: 0, freeUntil: new Date(freeCancelUntil("free", o.stay.checkIn)!).toISOString() });
  });

  it("a paid limited-cancellation booking: free (with its deadline) before, the first night per room after; the cancel keeps exactly the quote", async () => {
    const o = await book(11, "limited", 2);
    await pay(o.id);
    const until = freeCancelUntil("limited", o.stay.checkIn)!;
    expect(new Date(until).toISOString()).toBe(`${day(10)}T10:00:00.000Z`); // 18:00 China time the day before check-in
    expect(await quoteOf(o.orderNo)).toEqual({ paidFen: o.total, feeFen: 0, refundFen: o.total, freeUntil: new Date(until).toISOString() });

    setClock(() => until + HOUR);
    const first = o.room.nightly[0].price;
    const quote = await quoteOf(o.orderNo);
    expect(quote).toEqual({ paidFen: o.total, feeFen: first * 2, refundFen: o.total - first * 2, freeUntil: new Date(until).toISOString() });

    const r = await api(P.cancel, { orderNo: o.orderNo });
    expect(r.ret, r.msg).toBe(0);
    const d = (await api(P.detail, { orderNo: o.orderNo })).data;
    expect(d).toMatchObject({ status: 6, penalty: quote!.feeFen, refundAmount: quote!.refundFen, cancelQuote: null });
  });

  it("a paid booking whose rate cannot be cancelled has no quote, as it has no cancel", async () => {
    const o = await book(12, "none");
    expect((await quoteOf(o.orderNo))?.freeUntil).toBeNull();
    await pay(o.id);
    const d = (await api(P.detail, { orderNo: o.orderNo })).data;
    expect(d.actions).not.toContain("cancel");
    expect(d.cancelQuote).toBeNull();
  });
});
