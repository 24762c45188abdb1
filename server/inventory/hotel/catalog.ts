// The hotels of a city, a pure function of the seed and the city table: brands by grade, names
// after the landmark nearby, real districts, room types with bed, size, breakfast and
// cancellation policy, and a base nightly rate. Ids derive from the city's position in the
// table, so a city built on first touch gets the same ids as one built at start.
import type { HotelRoomTypesTable, HotelsTable } from "../../db/schema";
import type { CancelPolicy, HotelStar } from "../../../src/domain/travel/hotel";
import { FACILITIES_BY_STAR, HOTEL_BRANDS, ROADS } from "../data/hotel-brands";
import type { HotelCityRef } from "../places";
import { intBetween, pick, rng, weightedPick } from "../random";

const STAR_BASE_RATE: Record<HotelStar, number> = { 2: 22_000, 3: 38_000, 4: 68_000, 5: 120_000 };

interface RoomTemplate {
  name: string;
  bedType: string;
  area: [number, number];
  guests: number;
  rateFactor: number;
  rooms: [number, number];
}

const ROOMS: Record<HotelStar, RoomTemplate[]> = {
  2: [
    { name: "大床房", bedType: "1张1.5米大床", area: [16, 20], guests: 2, rateFactor: 1, rooms: [15, 40] },
    { name: "双床房", bedType: "2张1.2米单人床", area: [18, 22], guests: 2, rateFactor: 1.05, rooms: [10, 30] },
    { name: "商务大床房", bedType: "1张1.8米大床", area: [22, 26], guests: 2, rateFactor: 1.2, rooms: [5, 15] },
  ],
  3: [
    { name: "高级大床房", bedType: "1张1.8米大床", area: [22, 28], guests: 2, rateFactor: 1, rooms: [15, 40] },
    { name: "高级双床房", bedType: "2张1.2米单人床", area: [24, 30], guests: 2, rateFactor: 1.05, rooms: [10, 30] },
    { name: "豪华大床房", bedType: "1张2米大床", area: [30, 36], guests: 2, rateFactor: 1.3, rooms: [5, 15] },
  ],
  4: [
    { name: "豪华大床房", bedType: "1张2米大床", area: [35, 42], guests: 2, rateFactor: 1, rooms: [20, 60] },
    { name: "豪华双床房", bedType: "2张1.35米单人床", area: [35, 42], guests: 2, rateFactor: 1.05, rooms: [15, 40] },
    { name: "行政大床房", bedType: "1张2米大床", area: [42, 50], guests: 2, rateFactor: 1.45, rooms: [5, 20] },
  ],
  5: [
    { name: "豪华大床房", bedType: "1张2米大床", area: [42, 50], guests: 2, rateFactor: 1, rooms: [20, 60] },
    { name: "豪华双床房", bedType: "2张1.35米单人床", area: [42, 50], guests: 2, rateFactor: 1.05, rooms: [15, 40] },
    { name: "行政大床房", bedType: "1张2米大床", area: [50, 60], guests: 2, rateFactor: 1.5, rooms: [8, 20] },
    { name: "行政套房", bedType: "1张2米大床，独立客厅", area: [80, 110], guests: 3, rateFactor: 2.6, rooms: [3, 8] },
  ],
};

export interface CityHotels {
  hotels: HotelsTable[];
  rooms: HotelRoomTypesTable[];
}

export function hotelCount(city: HotelCityRef): number {
  return city.pricePercent >= 125 ? 30 : city.pricePercent >= 100 ? 22 : 15;
}

/** Which city a hotel id belongs to (ids are (city index + 1) × 1000 + n). */
export const cityIndexOfHotel = (hotelId: number) => Math.floor(hotelId / 1000) - 1;

function describe(h: Pick<HotelsTable, "name" | "district" | "landmark" | "star">, city: string): string {
  const tone: Record<number, string> = {
    2: "干净整洁、性价比高，适合商务出差短住",
    3: "设计简约舒适，配套完善，深受商旅客人喜爱",
    4: "设施齐全，提供会议与餐饮服务，适合商务接待与家庭出游",
    5: "拥有宽敞客房、多间餐厅与康体设施，提供高品质的奢华体验",
  };
  return `${h.name}位于${city}${h.district}${h.landmark}附近，交通便利。酒店${tone[h.star]}。`;
}

/**
 * The city and landmark a hotel is named after, the city said once: a landmark that already
 * carries the city's name (杭州东站, 成都东站) is not prefixed again (not 杭州杭州东站).
 */
export function placeName(city: string, landmark: string): string {
  return landmark.startsWith(city) ? landmark : `${city}${landmark}`;
}

export function cityHotels(seed: string, city: HotelCityRef): CityHotels {
  const r = rng(seed, "hotels", city.cityCode);
  const hotels: HotelsTable[] = [];
  const rooms: HotelRoomTypesTable[] = [];
  const names = new Set<string>();
  const count = hotelCount(city);
  for (let n = 1; n <= count; n++) {
    const star = weightedPick(r, [2, 3, 4, 5] as HotelStar[], (s) => ({ 2: 25, 3: 35, 4: 25, 5: 15 })[s]);
    let name = "";
    let brand = HOTEL_BRANDS[0];
    let landmark = city.landmarks[0];
    for (let attempt = 0; attempt < 8 && (!name || names.has(name)); attempt++) {
      brand = pick(r, HOTEL_BRANDS.filter((b) => b.star === star));
      landmark = pick(r, city.landmarks);
      const place = placeName(city.name, landmark.name);
      name = brand.style === "chain" ? `${brand.brand}${brand.suffix}(${place}店)` : `${place}${brand.brand}${brand.suffix}`;
    }
    if (names.has(name)) continue;
    names.add(name);
    const id = (city.index + 1) * 1000 + n;
    const openYear = intBetween(r, 2005, 2022);
    const hotel: HotelsTable = {
      id,
      cityCode: city.cityCode,
      name,
      brand: brand.brand,
      star,
      district: landmark.district,
      landmark: landmark.name,
      address: `${city.name}市${landmark.district}${pick(r, ROADS)}${intBetween(r, 1, 399)}号`,
      phone: `${city.areaCode}-${intBetween(r, 5000_0000, 8999_9999)}`,
      lat: Math.round((city.lat + (r() - 0.5) * 0.16) * 1e6) / 1e6,
      lng: Math.round((city.lng + (r() - 0.5) * 0.16) * 1e6) / 1e6,
      score: star >= 4 ? intBetween(r, 44, 49) : intBetween(r, 40, 48),
      openYear,
      renovationYear: Math.min(2025, openYear + intBetween(r, 0, 8)),
      facilities: JSON.stringify(FACILITIES_BY_STAR[star]),
      description: "",
    };
    hotel.description = describe(hotel, city.name);
    hotels.push(hotel);
    ROOMS[star].forEach((t, k) => {
      const breakfast = star === 2 ? 0 : t.name.includes("双床") || star === 5 ? 2 : pick(r, [0, 1, 2]);
      const cancelPolicy: CancelPolicy = weightedPick(r, ["free", "limited", "none"] as CancelPolicy[], (p) => ({ free: 5, limited: 3, none: 2 })[p]);
      const jitter = 0.85 + r() * 0.35;
      const rate = STAR_BASE_RATE[star] * (city.pricePercent / 100) * t.rateFactor * jitter + breakfast * 3_000;
      rooms.push({
        id: id * 10 + k + 1,
        hotelId: id,
        name: t.name,
        bedType: t.bedType,
        areaSqm: intBetween(r, ...t.area),
        maxGuests: t.guests,
        breakfast,
        cancelPolicy,
        baseRate: Math.round(rate / 100) * 100,
        rooms: intBetween(r, ...t.rooms),
      });
    });
  }
  return { hotels, rooms };
}
