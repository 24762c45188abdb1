// The car-use standard form's values and their translation to the save input, checked with the
// server's own schema. Caps are typed in yuan (empty: no cap); cities are picked by code and sent
// with their names; time windows are 'HH:mm' pairs.
import type { z } from "zod";
import { carStandardFormSchema, type CarType } from "../../domain/policy";
import type { CarStandardRow, CityOption } from "./index";
import { fenToYuan, parseYuan } from "../../domain/money";

export interface CarFormValues {
  name?: string;
  tripLevelIds?: number[];
  carTypes?: CarType[];
  allCities?: boolean;
  cityCodes?: string[];
  timeWindows?: { start?: string; end?: string }[];
  perRideCap?: string;
  monthlyCap?: string;
}

export type CarInput = z.input<typeof carStandardFormSchema>;

export const NEW_CAR_STANDARD: CarFormValues = { name: "", tripLevelIds: [], carTypes: ["economy"], allCities: true, cityCodes: [], timeWindows: [], perRideCap: "", monthlyCap: "" };

const yuan = (fen: number | null) => (fen === null ? "" : fenToYuan(fen).replace(/\.00$/, ""));

function amount(text: string | undefined): number | string | null {
  const s = text?.trim() ?? "";
  if (!s) return null;
  // An unreadable amount goes on as text, so the schema answers with the field's own message.
  return parseYuan(s) ?? "invalid";
}

export function toCarValues(row: CarStandardRow): CarFormValues {
  return {
    name: row.name,
    tripLevelIds: row.tripLevels.map((l) => l.id),
    carTypes: row.carTypes,
    allCities: row.allCities,
    cityCodes: row.cities.map((c) => c.code),
    timeWindows: row.timeWindows.map((w) => ({ ...w })),
    perRideCap: yuan(row.perRideCapFen),
    monthlyCap: yuan(row.monthlyCapFen),
  };
}

export function toCarInput(id: number | undefined, v: CarFormValues, cities: readonly CityOption[], saved: CarStandardRow["cities"] = []): CarInput {
  const all = v.allCities ?? true;
  const nameOf = (code: string) => cities.find((c) => c.code === code)?.name ?? saved.find((c) => c.code === code)?.name ?? code;
  return {
    ...(id === undefined ? {} : { id }),
    name: v.name?.trim() ?? "",
    tripLevelIds: v.tripLevelIds ?? [],
    carTypes: v.carTypes ?? [],
    allCities: all,
    cities: all ? [] : (v.cityCodes ?? []).map((code) => ({ code, name: nameOf(code) })),
    timeWindows: (v.timeWindows ?? []).map((w) => ({ start: w.start?.trim() ?? "", end: w.end?.trim() ?? "" })),
    perRideCapFen: amount(v.perRideCap) as number | null,
    monthlyCapFen: amount(v.monthlyCap) as number | null,
  };
}

/** A schema or server path ("cities.0.code", "perRideCapFen") as the form field that shows it. */
export function carFieldOf(path: string): string {
  const [head, index, key] = path.split(".");
  if (head === "cities") return "cityCodes";
  if (head === "perRideCapFen") return "perRideCap";
  if (head === "monthlyCapFen") return "monthlyCap";
  if (head === "timeWindows") return index !== undefined && /^\d+$/.test(index) ? `timeWindows.${index}.${key === "start" ? "start" : "end"}` : "timeWindows";
  return head ?? path;
}

/** The fields the form shows, where problems can be placed. */
export function carFields(v: CarFormValues): string[] {
  const cities = v.allCities === false ? ["cityCodes"] : [];
  return ["name", "tripLevelIds", "carTypes", "allCities", ...cities, "timeWindows", ...(v.timeWindows ?? []).flatMap((_, i) => [`timeWindows.${i}.start`, `timeWindows.${i}.end`]), "perRideCap", "monthlyCap"];
}
