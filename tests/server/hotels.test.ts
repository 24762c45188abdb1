// Hotel search APIs and ride quotes on a fresh database: cities, areas, choices, the list for a
// stay, details, room prices, can-book; bad input; rooms taken by a hold for every night of the
// stay and given back by its release.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { caller, day, generatedMarks, SEED, startTravel, stopTravel, TODAY } from "./inventory-helpers";
import { suppliersFor } from "../../server/suppliers";
import type { HotelListItem, RoomPrice } from "../../src/domain/travel/types";

let h: Harness;
let call: ReturnType<typeof caller>;
const ctx = { today: TODAY, agreedServiceFee: null };
const BJ = "1101";
const stay = { checkIn: day(7), checkOut: day(9) };

beforeAll(async () => {
  h = await startTravel();
  call = caller(h);
});
afterAll(() => stopTravel(h));

describe("cities, areas and choices", () => {
  it("finds cities by Chinese, pinyin and initials", async () => {
    for (const keyword of ["北京", "beijing", "bj"]) {
      expect((await call("/hotel/queryCity", { keyword })).data[0], keyword).toMatchObject({ cityCode: BJ, cityName: "北京" });
    }
    expect((await call("/hotel/queryCity", {})).data.length).toBeGreaterThanOrEqual(30);
  });

  it("lists districts and landmarks, and the filter choices with counts", async () => {
    const area = (await call("/hotel/areaInfo", { cityCode: BJ })).data;
    expect(area.landmarks).toContain("国贸");
    expect(area.districts.map((d: { name: string }) => d.name)).toContain("朝阳区");
    const choice = (await call("/hotel/search/choice", { cityCode: BJ })).data;
    const total = choice.stars.reduce((s: number, x: { hotelCount: number }) => s + x.hotelCount, 0);
    expect(choice.brands.reduce((s: number, x: { hotelCount: number }) => s + x.hotelCount, 0)).toBe(total);
    expect(choice.districts.reduce((s: number, x: { hotelCount: number }) => s + x.hotelCount, 0)).toBe(total);
    expect(choice.priceRanges.length).toBeGreaterThan(3);
  });
});

describe("hotel list and details", () => {
  it("lists a city's hotels for a stay with the lowest nightly price, paged", async () => {
    const r = await call("/hotel/search/list_credit", { cityCode: BJ, ...stay, pageSize: 5 });
    expect(r.ret).toBe(0);
    expect(r.data).toMatchObject({ pageNum: 1, pageSize: 5 });
    expect(r.data.list).toHaveLength(5);
    expect(r.data.total).toBeGreaterThan(10);
    const p2 = await call("/hotel/search/list_credit", { cityCode: BJ, ...stay, pageSize: 5, pageNum: 2 });
    const ids = (x: { data: { list: HotelListItem[] } }) => x.data.list.map((i) => i.hotelId);
    expect(ids(p2).some((id: number) => ids(r).includes(id))).toBe(false);
    for (const item of r.data.list as HotelListItem[]) expect(item.lowestPrice! % 100).toBe(0);
  });

  it("filters by stars, brand, district, price and keyword; sorts by price", async () => {
    const base = { cityCode: BJ, ...stay, pageSize: 50 };
    const lux = (await call("/hotel/search/list_credit", { ...base, stars: "5" })).data.list as HotelListItem[];
    expect(lux.length).toBeGreaterThan(0);
    expect(lux.every((x) => x.star === 5)).toBe(true);
    const brand = lux[0].brand;
    expect(((await call("/hotel/search/list_credit", { ...base, brands: brand })).data.list as HotelListItem[]).every((x) => x.brand === brand)).toBe(true);
    expect(((await call("/hotel/search/list_credit", { ...base, districts: "朝阳区" })).data.list as HotelListItem[]).every((x) => x.district === "朝阳区")).toBe(true);
    const cheap = (await call("/hotel/search/list_credit", { ...base, priceMax: 50_000, orderBy: "price" })).data.list as HotelListItem[];
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((x) => x.lowestPrice! <= 50_000)).toBe(true);
    expect(cheap.map((x) => x.lowestPrice)).toEqual(cheap.map((x) => x.lowestPrice).sort((a, b) => a! - b!));
    const named = (await call("/hotel/search/list_credit", { ...base, keyword: "国贸" })).data.list as HotelListItem[];
    expect(named.length).toBeGreaterThan(0);
  });

  it("shows a hotel's details and its room types with nightly prices for the stay", async () => {
    const hotel: HotelListItem = (await call("/hotel/search/list_credit", { cityCode: BJ, ...stay, stars: "4" })).data.list[0];
    const base = (await call("/hotel/search/baseinfo", { hotelId: hotel.hotelId })).data;
    expect(base).toMatchObject({ hotelId: hotel.hotelId, name: hotel.name, cityName: "北京", star: 4 });
    expect(base.phone).toMatch(/^010-\d{8}$/);
    expect(base.roomTypes.length).toBeGreaterThan(0);
    const price = (await call("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data;
    expect(price.nights).toBe(2);
    for (const room of price.rooms as RoomPrice[]) {
      expect(room.nightly.map((n) => n.date)).toEqual([day(7), day(8)]);
      expect(room.total).toBe(room.nightly.reduce((s, n) => s + n.price, 0));
      expect(room.roomsLeft).toBe(Math.min(...room.nightly.map((n) => n.left)));
    }
    expect(hotel.lowestPrice).toBe(Math.min(...(price.rooms as RoomPrice[]).filter((r) => r.bookable).map((r) => r.avgPrice)));
  });

  it("can-book checks the rooms of every night and the amount", async () => {
    const hotel: HotelListItem = (await call("/hotel/search/list_credit", { cityCode: BJ, ...stay })).data.list[0];
    const room: RoomPrice = (await call("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms[0];
    const ok = (await call("/hotel/order/canBook", { hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 2 })).data;
    expect(ok).toMatchObject({ canBook: true, reason: null, amount: room.total * 2 });
    const many = (await call("/hotel/order/canBook", { hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 10 })).data;
    expect(many.canBook).toBe(room.roomsLeft >= 10);
  });
});

describe("ride quotes", () => {
  it("quotes each car type with its parts, night rides dearer", async () => {
    const trip = { cityCode: BJ, fromLat: "39.9087", fromLng: "116.3975", toLat: "40.0799", toLng: "116.6031" };
    const day = (await call("/api/v1/trip_manager/car/quote", { ...trip, departTime: "10:00" })).data;
    expect(day.quotes.map((q: { carType: string }) => q.carType)).toEqual(["economy", "comfort", "business"]);
    expect(day.distanceKm).toBeGreaterThan(25);
    for (const q of day.quotes) expect(q.total).toBe(q.startFare + q.distanceFare + q.timeFare + q.nightSurcharge);
    const night = (await call("/api/v1/trip_manager/car/quote", { ...trip, departTime: "23:30", carType: "economy" })).data;
    expect(night.quotes).toHaveLength(1);
    expect(night.quotes[0].total).toBeGreaterThan(day.quotes[0].total);
  });
});

describe("ride booking", () => {
  it("holds the quoted fare, dispatches, and charges the starting fare to cancel a dispatched ride", async () => {
    const rides = suppliersFor(h.db.db, SEED).car;
    const q = { cityCode: BJ, from: { lat: 39.9087, lng: 116.3975 }, to: { lat: 39.99, lng: 116.48 }, carType: "comfort" as const, departTime: "09:00" };
    const fare = (await rides.quote(q, ctx)).quotes[0];
    const hold = await rides.hold(q, ctx);
    expect(hold).toMatchObject({ product: "car", status: "held", amount: fare.total });
    const ride = await rides.confirm(hold.holdId);
    expect(ride.reference).toMatch(/^R\d{10}$/);
    const refund = await rides.refund(hold.holdId, ctx);
    expect(refund).toMatchObject({ fee: fare.startFare, refund: fare.total - fare.startFare });
    const other = await rides.hold(q, ctx);
    expect((await rides.cancel(other.holdId)).status).toBe("released");
  });
});

describe("bad input", () => {
  it("answers each with its Chinese message and generates nothing", async () => {
    const before = await generatedMarks(h);
    const list = "/hotel/search/list_credit";
    const cases: [string, Record<string, string | number>, string][] = [
      [list, { cityCode: "9999", ...stay }, "暂不支持该城市的酒店：9999"],
      [list, { cityCode: "bj", ...stay }, "城市代码应为 4 位数字"],
      [list, { cityCode: BJ, checkIn: day(5), checkOut: day(5) }, "离店日期须晚于入住日期"],
      [list, { cityCode: BJ, checkIn: day(5), checkOut: day(40) }, "单次最多预订 28 晚"],
      [list, { cityCode: BJ, checkIn: day(-1), checkOut: day(1) }, "入住日期不能早于今天"],
      [list, { cityCode: BJ, checkIn: day(60), checkOut: day(63) }, "离店日期最晚为今天起第 61 天"],
      [list, { cityCode: BJ, ...stay, priceMin: 900, priceMax: 100 }, "最低价不能高于最高价"],
      [list, { cityCode: BJ, ...stay, stars: "7" }, "星级只能是 2 到 5"],
      ["/hotel/search/baseinfo", { hotelId: 999_999 }, "酒店不存在"],
      ["/hotel/search/baseinfo", { hotelId: "abc" }, "酒店编号不正确"],
      ["/api/v1/trip_manager/car/quote", { cityCode: BJ, fromLat: "31.2", fromLng: "121.4", toLat: "39.9", toLng: "116.4" }, "出发地不在北京市范围内"],
      ["/api/v1/trip_manager/car/quote", { cityCode: BJ, fromLat: "91", fromLng: "116.4", toLat: "39.9", toLng: "116.4" }, "出发地纬度须为 -90 到 90 之间的数字"],
      ["/api/v1/trip_manager/car/quote", { cityCode: BJ, fromLat: "39.9", fromLng: "116.4", toLat: "39.9", toLng: "116.4", carType: "limo" }, "车型只能是 economy、comfort 或 business"],
    ];
    for (const [url, body, msg] of cases) expect(await call(url, body), JSON.stringify(body)).toMatchObject({ ret: 400, msg });
    expect(await generatedMarks(h)).toBe(before);
    expect(await call("/hotel/order/canBook", { hotelId: 1001, roomTypeId: 5, ...stay })).toMatchObject({ ret: 400, msg: "该酒店没有此房型" });
  });
});

describe("holds", () => {
  const supplier = () => suppliersFor(h.db.db, SEED).hotel;
  const nights = async (roomTypeId: number) =>
    (await h.db.db.selectFrom("hotel_nights").select(["night", "remaining"]).where("roomTypeId", "=", roomTypeId).where("night", "in", [day(7), day(8)]).orderBy("night").execute()).map((n) => n.remaining);

  it("takes a room on every night of the stay and gives them back on release", async () => {
    const hotel: HotelListItem = (await call("/hotel/search/list_credit", { cityCode: BJ, ...stay })).data.list[0];
    const room: RoomPrice = (await call("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms[0];
    const before = await nights(room.roomTypeId);
    const hold = await supplier().hold({ hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 2 }, ctx);
    expect(hold).toMatchObject({ product: "hotel", status: "held", quantity: 2, amount: room.total * 2 });
    expect(await nights(room.roomTypeId)).toEqual(before.map((n) => n - 2));
    const after: RoomPrice = (await call("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms[0];
    expect(after.roomsLeft).toBe(room.roomsLeft - 2);
    await supplier().cancel(hold.holdId);
    expect(await nights(room.roomTypeId)).toEqual(before);
  });

  it("the list shows a hold's rooms gone in the very next search, and back after the release", async () => {
    const listed = async (hotelId: number): Promise<HotelListItem> =>
      (await call("/hotel/search/list_credit", { cityCode: BJ, ...stay, pageSize: 50 })).data.list.find((x: HotelListItem) => x.hotelId === hotelId);
    const hotel: HotelListItem = (await call("/hotel/search/list_credit", { cityCode: BJ, ...stay })).data.list[2];
    const rooms: RoomPrice[] = (await call("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms;
    // The list's figures are the room prices' own: the cheapest bookable average, the rooms left.
    const bookable = rooms.filter((r) => r.bookable);
    expect(hotel.lowestPrice).toBe(Math.min(...bookable.map((r) => r.avgPrice)));
    expect(hotel.roomsLeft).toBe(bookable.reduce((n, r) => n + r.roomsLeft, 0));
    const room = bookable.find((r) => r.roomsLeft >= 3)!;
    expect((await listed(hotel.hotelId)).roomsLeft).toBe(hotel.roomsLeft);
    const hold = await supplier().hold({ hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 2 }, ctx);
    expect((await listed(hotel.hotelId)).roomsLeft).toBe(hotel.roomsLeft - 2);
    await supplier().cancel(hold.holdId);
    expect((await listed(hotel.hotelId)).roomsLeft).toBe(hotel.roomsLeft);
    // Any writer of the counts, not only a hold.
    await h.db.db.updateTable("hotel_nights").set((eb) => ({ remaining: eb("remaining", "-", 1) })).where("roomTypeId", "=", room.roomTypeId).where("night", "in", [day(7), day(8)]).execute();
    expect((await listed(hotel.hotelId)).roomsLeft).toBe(hotel.roomsLeft - 1);
    await h.db.db.updateTable("hotel_nights").set((eb) => ({ remaining: eb("remaining", "+", 1) })).where("roomTypeId", "=", room.roomTypeId).where("night", "in", [day(7), day(8)]).execute();
    expect((await listed(hotel.hotelId)).roomsLeft).toBe(hotel.roomsLeft);
  });

  it("cannot hold more rooms than are left", async () => {
    const hotel: HotelListItem = (await call("/hotel/search/list_credit", { cityCode: BJ, ...stay })).data.list[1];
    const room: RoomPrice = (await call("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms[0];
    await expect(supplier().hold({ hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: room.roomsLeft + 1 }, ctx)).rejects.toThrow(/仅剩|已订完/);
  });
});
