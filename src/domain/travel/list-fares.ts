// The tier and labels of a listed fare follow from its codes, by the rules the supplier prices
// it with: the cabin's name, the discount (4.5折, 全价) and the refund and change tier. The result
// list shows them without the search reply repeating them for every fare.
import { CABIN_LABELS, discountLabel } from "./air-fares";
import { FARE_TIER_LABELS, fareTier, type FareTier } from "./air-rules";
import type { ListFare } from "./types";

export interface FareLabels {
  cabinClassName: string;
  discountLabel: string;
  tierName: string;
}

/** The refund and change tier of a listed fare: a 政府采购 fare's own, else the one its class and discount fall in. */
export function listFareTier(f: Pick<ListFare, "cabinClass" | "discount" | "fareFamily">): FareTier {
  return f.fareFamily === "GP" ? "gp" : fareTier(f.cabinClass, f.discount);
}

export function fareLabels(f: Pick<ListFare, "cabinClass" | "discount" | "fareFamily">): FareLabels {
  return { cabinClassName: CABIN_LABELS[f.cabinClass], discountLabel: discountLabel(f.discount), tierName: FARE_TIER_LABELS[listFareTier(f)] };
}
