import { type Fen, roundHalfUp } from "../money";
// Ride quotes for company car use: fares per car type, by distance and time, with a night
// surcharge. The quote lists every part so the total can always be explained.

export type CarType = "economy" | "comfort" | "business";
export const CAR_TYPES: readonly CarType[] = ["economy", "comfort", "business"];
export const CAR_TYPE_LABELS: Record<CarType, string> = { economy: "经济型", comfort: "舒适型", business: "商务型" };

interface Tariff {
  /** Starting fare, covering the first INCLUDED_KM. */
  start: Fen;
  perKm: Fen;
  perMinute: Fen;
}
const TARIFF: Record<CarType, Tariff> = {
  economy: { start: 1_200, perKm: 230, perMinute: 40 },
  comfort: { start: 1_600, perKm: 320, perMinute: 55 },
  business: { start: 2_600, perKm: 500, perMinute: 90 },
};
export const INCLUDED_KM = 3;
/** Rides starting 23:00–05:00 cost 20 % more on the distance and time parts. */
export const NIGHT_SURCHARGE_PERCENT = 20;

export function isNight(minutesOfDay: number): boolean {
  return minutesOfDay >= 23 * 60 || minutesOfDay < 5 * 60;
}

export interface CarFare {
  carType: CarType;
  startFare: Fen;
  distanceFare: Fen;
  timeFare: Fen;
  nightSurcharge: Fen;
  /** Big cities price higher: their factor (percent) applied to the parts above. */
  cityPercent: number;
  total: Fen;
}

export function carFare(carType: CarType, distanceKm: number, minutes: number, departMinutes: number, cityPercent = 100): CarFare {
  const t = TARIFF[carType];
  const scale = (v: number) => roundHalfUp(Math.round((v * cityPercent) / 100), 10);
  const startFare = scale(t.start);
  const distanceFare = scale(Math.round(Math.max(0, distanceKm - INCLUDED_KM) * t.perKm));
  const timeFare = scale(Math.round(minutes * t.perMinute));
  const nightSurcharge = isNight(departMinutes) ? roundHalfUp(Math.round(((distanceFare + timeFare) * NIGHT_SURCHARGE_PERCENT) / 100), 10) : 0;
  return { carType, startFare, distanceFare, timeFare, nightSurcharge, cityPercent, total: startFare + distanceFare + timeFare + nightSurcharge };
}
