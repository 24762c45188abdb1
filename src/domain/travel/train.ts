import { type Fen, roundHalfUp } from "../money";
import { zhTexts } from "../tr";
// Train rules: train types, seat classes and their fares by distance. Fares are filed per
// kilometre for each seat class and rounded to half a yuan, as on the national railway.

export type TrainType = "G" | "D" | "C" | "Z" | "T" | "K";
export const TRAIN_TYPES: readonly TrainType[] = ["G", "D", "C", "Z", "T", "K"];
// Chinese as the railway writes them and as orders keep them; an English reader gets them from
// the domain's catalogue (the server's replies are translated, the portal reads them through tr()).
export const TRAIN_TYPE_LABELS: Record<TrainType, string> = zhTexts({
  G: "高速动车", D: "动车组", C: "城际列车", Z: "直达特快", T: "特快", K: "快速",
});
/** G, D and C run on the high-speed network; Z, T and K are conventional trains. */
export function isHighSpeed(type: TrainType): boolean {
  return type === "G" || type === "D" || type === "C";
}

/** Seat classes with the railway's own codes. */
export type SeatClass = "9" | "M" | "O" | "4" | "3" | "1" | "WZ";
export const SEAT_CLASS_LABELS: Record<SeatClass, string> = {
  "9": "商务座", M: "一等座", O: "二等座", "4": "软卧", "3": "硬卧", "1": "硬座", WZ: "无座",
};

/** The classes each train type sells, best first. */
export const SEAT_CLASSES_OF: Record<TrainType, readonly SeatClass[]> = {
  G: ["9", "M", "O", "WZ"],
  D: ["M", "O", "WZ"],
  C: ["M", "O", "WZ"],
  Z: ["4", "3", "1", "WZ"],
  T: ["4", "3", "1", "WZ"],
  K: ["4", "3", "1", "WZ"],
};

/** Fen per km of each class on each kind of train. A standing ticket costs the lowest seat's fare. */
const RATE: Record<"G" | "D" | "conventional", Partial<Record<SeatClass, number>>> = {
  G: { "9": 133, M: 71, O: 42 },
  D: { M: 37, O: 31 },
  conventional: { "4": 29, "3": 19, "1": 11 },
};
/** Z and T trains add a premium for speed over K trains. */
const CONVENTIONAL_FACTOR: Record<"Z" | "T" | "K", number> = { Z: 115, T: 110, K: 100 };
/** The shortest fare charged, whatever the distance. */
export const MIN_TRAIN_FARE: Fen = 500;

export function trainFare(type: TrainType, seat: SeatClass, distanceKm: number): Fen {
  const km = Math.max(1, Math.round(distanceKm));
  let perKm: number;
  if (type === "G" || type === "C") perKm = RATE.G[seat === "WZ" ? "O" : seat] ?? RATE.G.O!;
  else if (type === "D") perKm = RATE.D[seat === "WZ" ? "O" : seat] ?? RATE.D.O!;
  else perKm = Math.round(((RATE.conventional[seat === "WZ" ? "1" : seat] ?? RATE.conventional["1"]!) * CONVENTIONAL_FACTOR[type]) / 100);
  return Math.max(MIN_TRAIN_FARE, roundHalfUp(km * perKm, 50));
}

/** Child tickets (6 to under 14, or taller than 1.2 m) are half the adult fare, to half a yuan. */
export function childTrainFare(adult: Fen): Fen {
  return roundHalfUp(Math.floor(adult / 2), 50);
}

/** Service fee per train ticket booked through the portal. */
export const TRAIN_SERVICE_FEE: Fen = 500;

const AVAILABILITY = zhTexts({ plenty: "有", none: "无" });

/** "有" (plenty), a count of 1–20, or "无" as the railway shows availability. */
export function seatAvailabilityText(left: number): string {
  if (left <= 0) return AVAILABILITY.none;
  return left > 20 ? AVAILABILITY.plenty : String(left);
}

/** The railway's refund fee rate: ≥8 days before departure free, 48 h–8 days 5 %, 24–48 h 10 %, under 24 h 20 %. */
export function trainRefundPercent(hoursBeforeDeparture: number): 0 | 5 | 10 | 20 {
  return hoursBeforeDeparture >= 192 ? 0 : hoursBeforeDeparture >= 48 ? 5 : hoursBeforeDeparture >= 24 ? 10 : 20;
}

/**
 * Refund fee of one ticket, rounded as the railway rounds: to the nearest half yuan, a fraction
 * under 0.25 yuan down, 0.25 to under 0.75 to 0.5, 0.75 and over up: 50-fen units, halves up.
 * Flooring to whole fen first cannot cross a 25-fen boundary, so it changes no result.
 */
export function trainRefundFee(fare: Fen, hoursBeforeDeparture: number): Fen {
  return roundHalfUp(Math.floor((fare * trainRefundPercent(hoursBeforeDeparture)) / 100), 50);
}
