// Air fare rules: published full fares, sub-classes, taxes, child and infant fares, the fee
// breakdown every fare carries, and limitPrice. All money is integer fen.
import { tr, trLabels } from "../tr";
import { childFare } from "../fares";
import { assertFen, type Fen, percentOf, roundHalfUp } from "../money";

export type CabinClass = "F" | "C" | "Y";
export const CABIN_CLASSES: readonly CabinClass[] = ["F", "C", "Y"];
export const CABIN_LABELS: Readonly<Record<CabinClass, string>> = trLabels({ F: "头等舱", C: "公务舱", Y: "经济舱" });

export interface SubClass {
  code: string;
  /** Percent of the cabin's published full fare. */
  percent: number;
}

/** Economy booking classes from the full fare (Y) down to the deepest discount, as airlines file them. */
export const ECONOMY_SUBCLASSES: readonly SubClass[] = [
  { code: "Y", percent: 100 }, { code: "B", percent: 90 }, { code: "M", percent: 80 }, { code: "H", percent: 70 },
  { code: "K", percent: 65 }, { code: "L", percent: 60 }, { code: "Q", percent: 55 }, { code: "G", percent: 50 },
  { code: "V", percent: 45 }, { code: "U", percent: 40 }, { code: "T", percent: 35 }, { code: "Z", percent: 30 },
];

/** Premium cabins: the full fare and one discounted class each. */
export const PREMIUM_SUBCLASSES: Record<"F" | "C", readonly SubClass[]> = {
  F: [{ code: "F", percent: 100 }, { code: "A", percent: 80 }],
  C: [{ code: "C", percent: 100 }, { code: "D", percent: 80 }],
};

export function subclassesOf(cabin: CabinClass): readonly SubClass[] {
  return cabin === "Y" ? ECONOMY_SUBCLASSES : PREMIUM_SUBCLASSES[cabin];
}

/**
 * Published domestic economy full fare (Y) from the great-circle distance: a base plus a rate
 * per km that falls with distance, rounded to tens of yuan as fares are filed.
 */
export function domesticYFare(distanceKm: number): Fen {
  const bands: [number, number][] = [[800, 130], [1500, 115], [2500, 105], [Infinity, 95]]; // fen per km
  const rate = bands.find(([upTo]) => distanceKm <= upTo)![1];
  return Math.max(50_000, roundHalfUp(10_000 + Math.round(distanceKm) * rate, 1000));
}

/** Published international economy full fare: long-haul fares per km are lower than domestic. */
export function internationalYFare(distanceKm: number): Fen {
  const rate = distanceKm <= 3000 ? 120 : 95;
  return Math.max(120_000, roundHalfUp(50_000 + Math.round(distanceKm) * rate, 1000));
}

/**
 * A cabin's published full fare from the economy one: domestic first class is 150 % and business
 * 130 % of Y (the CAAC convention); international premium cabins are 3× and 5× economy.
 */
export function cabinParPrice(yFare: Fen, cabin: CabinClass, international: boolean): Fen {
  const percent = cabin === "Y" ? 100 : international ? (cabin === "C" ? 300 : 500) : cabin === "C" ? 130 : 150;
  return percentOf(yFare, percent, 1000);
}

/** The price of a booking class: its percent of the cabin's full fare, rounded to tens of yuan. */
export function subclassPrice(parPrice: Fen, percent: number): Fen {
  assertFen(parPrice, "subclassPrice: par price");
  return percentOf(parPrice, percent, 1000);
}

/** "4.5折" style discount label of a percent; the full fare is "全价". */
export function discountLabel(percent: number): string {
  return percent >= 100 ? tr("全价") : tr("{n}折", { n: (percent / 10).toFixed(1).replace(/\.0$/, "") });
}

/**
 * Child fare on a seat: half the cabin's full fare rounded to tens (the child fare rule), but
 * never above what an adult pays for the same seat — when the adult discount is deeper, a child
 * travels on the adult fare. International children pay 75 % of the adult fare.
 */
export function childCabinPrice(parPrice: Fen, salePrice: Fen, international: boolean): Fen {
  if (international) return percentOf(salePrice, 75, 1000);
  return Math.min(childFare(parPrice), salePrice);
}

/** Infant (under 2, no seat): 10 % of the economy full fare, rounded to tens of yuan. */
export function infantFare(yFare: Fen): Fen {
  return percentOf(yFare, 10, 1000);
}

// ---- taxes ----

/** Domestic airport construction fee per adult; children and infants are exempt. */
export const DOMESTIC_AIRPORT_FEE: Fen = 5_000;
/** International departure: airport fee plus the destination's charges (a per-route figure). */
export const INTERNATIONAL_DEPARTURE_FEE: Fen = 9_000;

/**
 * Fuel surcharge levels: the surcharge is re-published monthly with the oil price; each level
 * gives the adult charge for flights up to 800 km and beyond.
 */
export const FUEL_LEVELS: readonly { upTo800: Fen; beyond800: Fen }[] = [
  { upTo800: 1_000, beyond800: 2_000 },
  { upTo800: 2_000, beyond800: 4_000 },
  { upTo800: 3_000, beyond800: 6_000 },
];

export interface Taxes {
  adtTaxeCn: Fen;
  adtTaxeYq: Fen;
  chdTaxeCn: Fen;
  chdTaxeYq: Fen;
}

/** Domestic taxes: airport fee for adults only; children pay half the fuel surcharge (to the yuan). */
export function domesticTaxes(distanceKm: number, fuelLevel: number): Taxes {
  const level = FUEL_LEVELS[Math.max(0, Math.min(FUEL_LEVELS.length - 1, fuelLevel))];
  const adtTaxeYq = distanceKm <= 800 ? level.upTo800 : level.beyond800;
  return { adtTaxeCn: DOMESTIC_AIRPORT_FEE, adtTaxeYq, chdTaxeCn: 0, chdTaxeYq: percentOf(adtTaxeYq, 50, 100) };
}

/** International taxes: departure fee plus destination charges for all; fuel by distance, children 75 %. */
export function internationalTaxes(distanceKm: number, destinationCharges: Fen): Taxes {
  const adtTaxeYq = roundHalfUp(20_000 + Math.round(distanceKm) * 8, 1000);
  const cn = INTERNATIONAL_DEPARTURE_FEE + destinationCharges;
  return { adtTaxeCn: cn, adtTaxeYq, chdTaxeCn: cn, chdTaxeYq: percentOf(adtTaxeYq, 75, 100) };
}

// ---- service fee and insurance ----

/** The portal's service fee per ticket, before a company's agreed fee replaces it. */
export const SERVICE_FEE: Record<"domestic" | "international", Fen> = { domestic: 2_000, international: 5_000 };

export interface InsuranceOption {
  insuType: string;
  name: string;
  /** Price per passenger per segment. */
  salePrice: Fen;
  cover: string;
}

export const AIR_INSURANCE: Record<"domestic" | "international", readonly InsuranceOption[]> = {
  domestic: [
    { insuType: "1", name: "航空意外险", salePrice: 3_000, cover: "航空意外身故/伤残保障 300 万元" },
    { insuType: "2", name: "航班延误险", salePrice: 2_000, cover: "延误 2 小时以上赔付 200 元" },
  ],
  international: [
    { insuType: "1", name: "航空意外险", salePrice: 3_000, cover: "航空意外身故/伤残保障 300 万元" },
    { insuType: "3", name: "境外旅行险", salePrice: 8_000, cover: "境外医疗 50 万元，行李延误与证件遗失保障" },
  ],
};

// ---- the fee breakdown ----

export type PassengerType = "ADT" | "CHD" | "INF";

export interface PassengerFare {
  psgType: PassengerType;
  /** Ticket price (票面). */
  ticket: Fen;
  /** Airport construction fee / departure charges. */
  airportTax: Fen;
  /** Fuel surcharge. */
  fuelTax: Fen;
  serviceFee: Fen;
  /** ticket + airportTax + fuelTax + serviceFee: every fen of it explained above. */
  total: Fen;
}

export type FareBreakdown = Record<PassengerType, PassengerFare>;

function passengerFare(psgType: PassengerType, ticket: Fen, airportTax: Fen, fuelTax: Fen, serviceFee: Fen): PassengerFare {
  return { psgType, ticket, airportTax, fuelTax, serviceFee, total: ticket + airportTax + fuelTax + serviceFee };
}

export interface BreakdownInput {
  salePrice: Fen;
  childPrice: Fen;
  infantPrice: Fen;
  taxes: Taxes;
  /** The fee the caller pays per ticket (discountServiceFee). Infants, who hold no seat, pay none. */
  serviceFee: Fen;
}

export function fareBreakdown(i: BreakdownInput): FareBreakdown {
  return {
    ADT: passengerFare("ADT", i.salePrice, i.taxes.adtTaxeCn, i.taxes.adtTaxeYq, i.serviceFee),
    CHD: passengerFare("CHD", i.childPrice, i.taxes.chdTaxeCn, i.taxes.chdTaxeYq, i.serviceFee),
    INF: passengerFare("INF", i.infantPrice, 0, 0, 0),
  };
}

// ---- limitPrice ----

/** The window around a departure within which the lowest fare sets the travel standard's limit. */
export const LIMIT_WINDOW_MINUTES = 120;

/**
 * limitPrice of each flight: the lowest economy price among the flights of the same route and
 * day departing within ±2 hours of it (the "lowest fare in the window" rule of company travel
 * policies; booking above it plus the allowance is over the standard). Input order is kept.
 */
export function limitPrices(flights: readonly { depMinutes: number; lowestPrice: Fen | null }[]): (Fen | null)[] {
  return flights.map((f) => {
    let best: Fen | null = null;
    for (const g of flights) {
      if (g.lowestPrice === null || Math.abs(g.depMinutes - f.depMinutes) > LIMIT_WINDOW_MINUTES) continue;
      if (best === null || g.lowestPrice < best) best = g.lowestPrice;
    }
    return best;
  });
}
