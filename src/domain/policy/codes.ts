// Code tables of travel policy: cabin and seat classes, car types, what an over-standard booking
// does, travel modes, hotel city tiers. Keys are what the API stores; labels are what people see.

export interface Labelled<K extends string> {
  key: K;
  zh: string;
  en: string;
}

function table<const K extends string>(rows: readonly Labelled<K>[]) {
  const keys = rows.map((r) => r.key) as unknown as readonly [K, ...K[]];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    rows,
    keys,
    label: (key: K, lang: "zh" | "en" = "zh"): string => byKey.get(key)?.[lang] ?? key,
  };
}

/** Flight cabin classes, most expensive first. */
export const CABIN_CLASSES = table([
  { key: "F", zh: "头等舱", en: "First" },
  { key: "C", zh: "公务舱", en: "Business" },
  { key: "W", zh: "超级经济舱", en: "Premium economy" },
  { key: "Y", zh: "经济舱", en: "Economy" },
] as const);
export type CabinClass = (typeof CABIN_CLASSES.keys)[number];

/** Train seat classes. */
export const SEAT_CLASSES = table([
  { key: "business", zh: "商务座", en: "Business seat" },
  { key: "first", zh: "一等座", en: "First-class seat" },
  { key: "second", zh: "二等座", en: "Second-class seat" },
  { key: "premiumSoftSleeper", zh: "高级软卧", en: "Deluxe soft sleeper" },
  { key: "softSleeper", zh: "软卧", en: "Soft sleeper" },
  { key: "emuSleeper", zh: "动卧", en: "EMU sleeper" },
  { key: "hardSleeper", zh: "硬卧", en: "Hard sleeper" },
  { key: "softSeat", zh: "软座", en: "Soft seat" },
  { key: "hardSeat", zh: "硬座", en: "Hard seat" },
  { key: "noSeat", zh: "无座", en: "Standing" },
] as const);
export type SeatClass = (typeof SEAT_CLASSES.keys)[number];

/** Ride-hailing car types. */
export const CAR_TYPES = table([
  { key: "economy", zh: "经济型", en: "Economy" },
  { key: "comfort", zh: "舒适型", en: "Comfort" },
  { key: "business", zh: "商务型", en: "Business" },
  { key: "luxury", zh: "豪华型", en: "Luxury" },
] as const);
export type CarType = (typeof CAR_TYPES.keys)[number];

/** What a booking over the standard does. */
export const OVER_ACTIONS = table([
  { key: "forbid", zh: "禁止预订", en: "Not allowed" },
  { key: "reason", zh: "选择超标原因后可预订", en: "Allowed with a reason" },
  { key: "approve", zh: "超标需审批", en: "Allowed with approval" },
] as const);
export type OverAction = (typeof OVER_ACTIONS.keys)[number];

/** How a traveller goes on a trip. */
export const TRAVEL_MODES = table([
  { key: "flight", zh: "飞机", en: "Flight" },
  { key: "train", zh: "火车", en: "Train" },
  { key: "hotel", zh: "酒店", en: "Hotel" },
  { key: "car", zh: "用车", en: "Car" },
] as const);
export type TravelMode = (typeof TRAVEL_MODES.keys)[number];

/** Hotel city tiers: three editable city lists, and every other city. */
export const CITY_TIERS = table([
  { key: "tier1", zh: "一线城市", en: "Tier-1 cities" },
  { key: "tier2", zh: "二线城市", en: "Tier-2 cities" },
  { key: "tier3", zh: "三线城市", en: "Tier-3 cities" },
  { key: "other", zh: "其他城市", en: "Other cities" },
] as const);
export type CityTier = (typeof CITY_TIERS.keys)[number];
/** The tiers whose city lists a company edits; "other" is every city not listed. */
export const LISTED_TIERS = ["tier1", "tier2", "tier3"] as const satisfies readonly CityTier[];
export type ListedTier = (typeof LISTED_TIERS)[number];

/** Trip applications are domestic or international. */
export const TRIP_SCOPES = table([
  { key: "domestic", zh: "国内", en: "Domestic" },
  { key: "intl", zh: "国际", en: "International" },
] as const);
export type TripScope = (typeof TRIP_SCOPES.keys)[number];

/** Why an order is booked: on company business (the travel standard applies) or privately. */
export const TRAVEL_TYPES = table([
  { key: "business", zh: "因公", en: "Business" },
  { key: "private", zh: "因私", en: "Private" },
] as const);
export type TravelType = (typeof TRAVEL_TYPES.keys)[number];
