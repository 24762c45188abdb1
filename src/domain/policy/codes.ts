// Code tables of travel policy: cabin and seat classes, car types, what an over-standard booking
// does, travel modes, hotel city tiers. Keys are what the API stores; the labels people see are
// keyed in src/locales/codes.<locale>.json as <group>.<key>.
import type { CodeGroup, CodeTable } from "../codes";

// Read with label(table, key) (src/domain/codes.ts); the tables carry no texts, so a schema that
// only needs the keys does not bring the texts with it.
function table<const K extends string>(group: CodeGroup, keys: readonly [K, ...K[]]): CodeTable<K> & { keys: readonly [K, ...K[]] } {
  return { group, codes: keys, keys };
}

/** Flight cabin classes, most expensive first. */
export const CABIN_CLASSES = table("cabinClass", ["F", "C", "W", "Y"]);
export type CabinClass = (typeof CABIN_CLASSES.keys)[number];

/** Train seat classes. */
export const SEAT_CLASSES = table("seatClass", ["business", "first", "second", "premiumSoftSleeper", "softSleeper", "emuSleeper", "hardSleeper", "softSeat", "hardSeat", "noSeat"]);
export type SeatClass = (typeof SEAT_CLASSES.keys)[number];

/** Ride-hailing car types. */
export const CAR_TYPES = table("carType", ["economy", "comfort", "business", "luxury"]);
export type CarType = (typeof CAR_TYPES.keys)[number];

/** What a booking over the standard does. */
export const OVER_ACTIONS = table("overAction", ["forbid", "reason", "approve"]);
export type OverAction = (typeof OVER_ACTIONS.keys)[number];

/** How a traveller goes on a trip. */
export const TRAVEL_MODES = table("travelMode", ["flight", "train", "hotel", "car"]);
export type TravelMode = (typeof TRAVEL_MODES.keys)[number];

/** Hotel city tiers: three editable city lists, and every other city. */
export const CITY_TIERS = table("cityTier", ["tier1", "tier2", "tier3", "other"]);
export type CityTier = (typeof CITY_TIERS.keys)[number];
/** The tiers whose city lists a company edits; "other" is every city not listed. */
export const LISTED_TIERS = ["tier1", "tier2", "tier3"] as const satisfies readonly CityTier[];
export type ListedTier = (typeof LISTED_TIERS)[number];

/** Trip applications are domestic or international. */
export const TRIP_SCOPES = table("tripScope", ["domestic", "intl"]);
export type TripScope = (typeof TRIP_SCOPES.keys)[number];

/** Why an order is booked: on company business (the travel standard applies) or privately. */
export const TRAVEL_TYPES = table("travelType", ["business", "private"]);
export type TravelType = (typeof TRAVEL_TYPES.keys)[number];
