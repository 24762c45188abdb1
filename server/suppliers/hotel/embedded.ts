// The embedded hotel supplier: cities, areas and filter choices, the hotel list with the
// lowest price of a stay, details, room types with nightly prices, and booking (can-book
// check, hold rooms for every night, confirm, cancel, refund with the cancellation policy,
// change of stay).
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { hotelCancelFee, HOTEL_SERVICE_FEE, HOTEL_STAR_LABELS, type CancelPolicy, type HotelStar } from "../../../src/domain/travel/hotel";
import { searchByPinyin } from "../../../src/domain/travel/pinyin";
import type { CanBookReply, HoldRecord, HotelAreaInfo, HotelBaseInfo, HotelChoice, HotelCity, HotelListItem, HotelPriceInfo } from "../../../src/domain/travel/types";
import { DomainError } from "../../services/domain-error";
import { now } from "../../services/clock";
import { roomsSoldElsewhere } from "../../inventory/hotel/pricing";
import { loadPlaces } from "../../inventory/places";
import { confirmHold, createHold, findHold, refundHold, releaseHold } from "../holds";
import { paymentWindowMinutes } from "../../services/payment-window";
import type { ChangeResult, HotelListQuery, HotelSupplier, RefundResult, Stay, SupplierContext } from "../types";
import { catalogue, checkStay, cityNightQuotes, cityOf, ensureNights, findHotel, readNights, roomPrice, stayNights, stayQuote, type HotelSource } from "./load";

type Booking = Stay & { roomTypeId: number; roomCount: number };

const PRICE_RANGES = [
  { min: 0, max: 30_000, label: say("hotel.under300") },
  { min: 30_000, max: 60_000, label: "¥300-600" },
  { min: 60_000, max: 100_000, label: "¥600-1000" },
  { min: 100_000, max: 200_000, label: "¥1000-2000" },
  { min: 200_000, max: null, label: say("hotel.over2000") },
];

export class EmbeddedHotelSupplier implements HotelSupplier {
  constructor(
    private db: Kysely<Database>,
    private seed: string,
  ) {}

  /** The same supplier writing in the caller's transaction (an order that holds rooms and inserts itself in one). */
  within(trx: Kysely<Database>): EmbeddedHotelSupplier {
    return new EmbeddedHotelSupplier(trx, this.seed);
  }

  private async source(): Promise<HotelSource> {
    return { db: this.db, seed: this.seed, places: await loadPlaces() };
  }

  async cities(keyword: string | undefined): Promise<HotelCity[]> {
    const places = await loadPlaces();
    const list = keyword ? searchByPinyin(places.hotelCityList, keyword, (c) => c.keys, (c) => [c.cityCode], 20) : places.hotelCityList;
    return list.map((c) => ({ cityCode: c.cityCode, cityName: c.name, pinyin: c.keys.full, initials: c.keys.initials, province: c.province }));
  }

  private async cityHotels(src: HotelSource, cityCode: string) {
    const city = cityOf(src.places, cityCode);
    const { hotels, rooms } = await catalogue(src, cityCode);
    return { city, hotels, rooms };
  }

  async areaInfo(cityCode: string): Promise<HotelAreaInfo> {
    const { city, hotels } = await this.cityHotels(await this.source(), cityCode);
    return { cityCode, cityName: city.name, districts: countBy(hotels.map((h) => h.district)).map(([name, hotelCount]) => ({ name, hotelCount })), landmarks: city.landmarks.map((l) => l.name) };
  }

  async choice(cityCode: string): Promise<HotelChoice> {
    const { hotels } = await this.cityHotels(await this.source(), cityCode);
    return {
      priceRanges: PRICE_RANGES,
      stars: ([2, 3, 4, 5] as HotelStar[]).map((star) => ({ star, label: HOTEL_STAR_LABELS[star], hotelCount: hotels.filter((h) => h.star === star).length })),
      brands: countBy(hotels.map((h) => h.brand)).map(([brand, hotelCount]) => ({ brand, hotelCount })),
      districts: countBy(hotels.map((h) => h.district)).map(([name, hotelCount]) => ({ name, hotelCount })),
    };
  }

  async list(q: HotelListQuery, c: SupplierContext) {
    const src = await this.source();
    checkStay(q.checkIn, q.checkOut, c.today);
    const { city, hotels, rooms: allRooms } = await this.cityHotels(src, q.cityCode);
    const nights = stayNights(q.checkIn, q.checkOut);
    await ensureNights(src, q.cityCode, nights);
    const chosen = hotels.filter(
      (h) =>
        (!q.stars?.length || q.stars.includes(h.star)) &&
        (!q.brands?.length || q.brands.includes(h.brand)) &&
        (!q.districts?.length || q.districts.includes(h.district)) &&
        (!q.keyword || h.name.includes(q.keyword) || h.landmark.includes(q.keyword) || h.district.includes(q.keyword) || h.brand.includes(q.keyword)),
    );
    const sheets = await cityNightQuotes(src, q.cityCode, city.leisure, [...allRooms.values()].flat(), nights, c.today);
    let items: HotelListItem[] = chosen.map((h) => {
      // The hotel's lowest average price among its bookable room types, and their rooms left.
      let lowestPrice: number | null = null;
      let roomsLeft = 0;
      for (const r of allRooms.get(h.id) ?? []) {
        const stay = stayQuote(sheets.map((sheet) => sheet.get(r.id)!));
        if (stay.roomsLeft <= 0) continue;
        if (lowestPrice === null || stay.avgPrice < lowestPrice) lowestPrice = stay.avgPrice;
        roomsLeft += stay.roomsLeft;
      }
      return {
        hotelId: h.id,
        name: h.name,
        brand: h.brand,
        star: h.star,
        starLabel: HOTEL_STAR_LABELS[h.star as HotelStar],
        district: h.district,
        address: h.address,
        score: h.score / 10,
        lat: h.lat,
        lng: h.lng,
        facilities: facilitiesOf(h.facilities).slice(0, 6),
        lowestPrice,
        roomsLeft,
      };
    });
    items = items.filter((h) => (q.priceMin === undefined || (h.lowestPrice ?? 0) >= q.priceMin) && (q.priceMax === undefined || (h.lowestPrice ?? Infinity) <= q.priceMax));
    const dir = q.orderType === "desc" ? -1 : 1;
    const key = (h: HotelListItem) => (q.orderBy === "price" ? h.lowestPrice ?? Number.MAX_SAFE_INTEGER : q.orderBy === "score" ? h.score : q.orderBy === "star" ? h.star : -(h.score * 10 + h.star));
    // Full hotels go last; the id breaks ties so pages never overlap.
    items.sort((a, b) => Number(a.lowestPrice === null) - Number(b.lowestPrice === null) || (key(a) - key(b)) * (q.orderBy === "recommend" ? 1 : dir) || a.hotelId - b.hotelId);
    const start = (q.pageNum - 1) * q.pageSize;
    return { list: items.slice(start, start + q.pageSize), total: items.length, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async baseInfo(hotelId: number): Promise<HotelBaseInfo> {
    const { hotel: h, city } = await findHotel(await this.source(), hotelId);
    const rooms = await this.db.selectFrom("hotel_room_types").selectAll().where("hotelId", "=", hotelId).orderBy("id").execute();
    return {
      hotelId: h.id, cityCode: h.cityCode, cityName: city.name, name: h.name, brand: h.brand, star: h.star, starLabel: HOTEL_STAR_LABELS[h.star as HotelStar],
      district: h.district, address: h.address, landmark: h.landmark, phone: h.phone, lat: h.lat, lng: h.lng, score: h.score / 10,
      openYear: h.openYear, renovationYear: h.renovationYear, checkInTime: "14:00", checkOutTime: "12:00", description: h.description,
      facilities: JSON.parse(h.facilities) as string[],
      policies: [say("hotel.checkAfter1400Check"), say("hotel.validIdNeededCheck"), say("hotel.hotelIssueAccommodationInvoices"), h.star >= 4 ? say("hotel.childrenWelcomeExtraBedsExtra") : say("hotel.noExtraBeds")],
      roomTypes: rooms.map((r) => ({ roomTypeId: r.id, name: r.name, bedType: r.bedType, areaSqm: r.areaSqm, maxGuests: r.maxGuests })),
    };
  }

  async priceInfo(stay: Stay, c: SupplierContext): Promise<HotelPriceInfo> {
    const src = await this.source();
    checkStay(stay.checkIn, stay.checkOut, c.today);
    const { hotel, city } = await findHotel(src, stay.hotelId);
    const nights = stayNights(stay.checkIn, stay.checkOut);
    await ensureNights(src, hotel.cityCode, nights);
    const rooms = await this.db.selectFrom("hotel_room_types").selectAll().where("hotelId", "=", hotel.id).orderBy("id").execute();
    const stored = await readNights(src, rooms.map((r) => r.id), nights);
    return { hotelId: hotel.id, checkIn: stay.checkIn, checkOut: stay.checkOut, nights: nights.length, rooms: rooms.map((r) => roomPrice(this.seed, c.today, r, nights, stored.get(r.id) ?? [], city.leisure)) };
  }

  async canBook(b: Booking, c: SupplierContext): Promise<CanBookReply> {
    const info = await this.priceInfo(b, c);
    const room = info.rooms.find((r) => r.roomTypeId === b.roomTypeId);
    if (!room) throw new DomainError("badInput", said("hotel.hotelHasNoSuchRoom"), { errors: { roomTypeId: said("hotel.hotelHasNoSuchRoom") } });
    const serviceFee = HOTEL_SERVICE_FEE * b.roomCount * info.nights;
    const reason = room.roomsLeft <= 0 ? say("hotel.roomTypeFullyBookedChosen") : room.roomsLeft < b.roomCount ? say("hotel.onlyRoomsTypeLeft", { roomsLeft: room.roomsLeft }) : null;
    return { canBook: reason === null, reason, room, roomCount: b.roomCount, amount: room.total * b.roomCount + serviceFee, serviceFee };
  }

  async hold(b: Booking, c: SupplierContext): Promise<HoldRecord> {
    const check = await this.canBook(b, c);
    if (!check.canBook || !check.room) throw new DomainError("conflict", check.reason ?? said("hotel.roomTypeBooked"));
    const { hotel } = await findHotel(await this.source(), b.hotelId);
    const room = check.room;
    const stored = await readNights(await this.source(), [b.roomTypeId], room.nightly.map((n) => n.date));
    const nights = stored.get(b.roomTypeId) ?? [];
    return createHold(this.db, {
      product: "hotel",
      lines: nights.map((n) => ({ table: "hotel_nights" as const, key: { roomTypeId: n.roomTypeId, night: n.night }, n: b.roomCount, guard: roomsSoldElsewhere(this.seed, c.today, n) })),
      quantity: b.roomCount,
      amount: check.amount,
      description: `${hotel.name} ${room.name} ${b.checkIn} 至 ${b.checkOut} ${b.roomCount} 间`,
      detail: { ...b, cancelPolicy: room.cancelPolicy, nightly: room.nightly.map((n) => n.price) },
      ttlMinutes: paymentWindowMinutes(),
      soldOut: said("hotel.enoughRoomsTypeChooseAnother"),
    });
  }

  async confirm(holdId: string) {
    await this.own(holdId);
    const hold = await confirmHold(this.db, holdId, `H${String(now()).slice(-10)}`);
    return { ...hold, reference: hold.reference! };
  }

  async cancel(holdId: string) {
    await this.own(holdId);
    return releaseHold(this.db, holdId);
  }

  async refund(holdId: string, _c: SupplierContext): Promise<RefundResult> {
    const before = await this.own(holdId);
    const d = before.detail as unknown as Booking & { cancelPolicy: CancelPolicy; nightly: number[] };
    const fee = hotelCancelFee({ policy: d.cancelPolicy, nightly: d.nightly, roomCount: d.roomCount, checkIn: d.checkIn }, now());
    const hold = await refundHold(this.db, holdId);
    return { hold, fee, refund: before.amount - fee };
  }

  async change(holdId: string, b: Booking, c: SupplierContext): Promise<ChangeResult> {
    const before = await this.own(holdId);
    const hold = await this.hold(b, c);
    const released = before.status === "confirmed" ? await refundHold(this.db, holdId) : await releaseHold(this.db, holdId);
    return { released, hold, changeFee: 0, fareDifference: Math.max(0, hold.amount - before.amount) };
  }

  private async own(holdId: string) {
    const hold = await findHold(this.db, holdId);
    if (hold.product !== "hotel") throw new DomainError("notFound", said("hotel.hotelRoomHoldFound"));
    return hold;
  }
}

const parsedFacilities = new Map<string, string[]>();
function facilitiesOf(json: string): string[] {
  let list = parsedFacilities.get(json);
  if (!list) parsedFacilities.set(json, (list = JSON.parse(json) as string[]));
  return list;
}

function countBy(values: string[]): [string, number][] {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
