// The standard form's values and their translation to the save input, checked with the server's
// own schema. Amounts are typed in yuan and saved in fen; an empty amount means "no cap" (null),
// an unreadable one is passed on as text so the schema answers with that field's message.
import type { z } from "zod";
import { standardFormSchema, type CabinClass, type CityTier, type OverAction, type SeatClass } from "../../domain/policy";
import type { StandardRow } from "./index";
import { fenToYuan, parseYuan } from "../../domain/money";

export interface StandardFormValues {
  overAction?: OverAction;
  cabins?: CabinClass[];
  maxDiscount?: string;
  maxPrice?: string;
  lowestFareHours?: string;
  caps?: Partial<Record<CityTier, string>>;
  seats?: SeatClass[];
}

export type StandardInput = z.input<typeof standardFormSchema>;

const TIERS: CityTier[] = ["tier1", "tier2", "tier3", "other"];

function amount(text: string | undefined): number | string | null {
  const s = text?.trim() ?? "";
  if (!s) return null;
  return parseYuan(s) ?? "invalid";
}

function whole(text: string | undefined): number | string | null {
  const s = text?.trim() ?? "";
  if (!s) return null;
  return /^\d{1,9}$/.test(s) ? Number(s) : "invalid";
}

const yuan = (fen: number | null) => (fen === null ? "" : fenToYuan(fen).replace(/\.00$/, ""));

export function toFormValues(row: StandardRow): StandardFormValues {
  const { flight, hotel, train } = row.standard;
  return {
    overAction: row.overAction,
    cabins: flight.cabins,
    maxDiscount: flight.maxDiscount === null ? "" : String(flight.maxDiscount),
    maxPrice: yuan(flight.maxPriceFen),
    lowestFareHours: flight.lowestFareHours === null ? "" : String(flight.lowestFareHours),
    caps: Object.fromEntries(TIERS.map((t) => [t, yuan(hotel.capsFen[t])])),
    seats: train.seats,
  };
}

export function toStandardInput(tripLevelId: number, v: StandardFormValues): StandardInput {
  return {
    tripLevelId,
    overAction: v.overAction ?? ("" as OverAction),
    flight: {
      cabins: v.cabins ?? [],
      maxDiscount: whole(v.maxDiscount),
      maxPriceFen: amount(v.maxPrice),
      lowestFareHours: whole(v.lowestFareHours),
    } as StandardInput["flight"],
    hotel: { capsFen: Object.fromEntries(TIERS.map((t) => [t, amount(v.caps?.[t])])) } as StandardInput["hotel"],
    train: { seats: v.seats ?? [] },
  };
}

/** A schema or server path ("flight.maxPriceFen") as the form field that shows it. */
export function standardFieldOf(path: string): string {
  const [head, key, tier] = path.split(".");
  if (head === "flight") return key === "maxPriceFen" ? "maxPrice" : (key ?? "cabins");
  if (head === "hotel") return `caps.${tier ?? "tier1"}`;
  if (head === "train") return "seats";
  return head ?? path;
}

/** The fields the form shows, where problems can be placed. */
export const STANDARD_FIELDS = ["cabins", "maxDiscount", "maxPrice", "lowestFareHours", ...TIERS.map((t) => `caps.${t}`), "seats", "overAction"];
