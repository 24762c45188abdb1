// Demand over time: weekends and Chinese public holidays (chinese-days, the State Council's
// schedule including the adjusted working days) lift prices, and seats and rooms sell away as
// the day approaches. Everything is a pure function of (seed, item, date, today).
import chineseDays from "chinese-days";
import { daysBetween, weekday } from "../../src/domain/travel/dates";
import { unit } from "./random";

export interface DayKind {
  weekend: boolean;
  /** Name of the public holiday the date belongs to, or null. */
  holiday: string | null;
  /** A working day moved onto a weekend by the holiday schedule. */
  inLieuWorkday: boolean;
}

const dayCache = new Map<string, DayKind>();

export function dayKind(date: string): DayKind {
  const cached = dayCache.get(date);
  if (cached) return cached;
  const detail = chineseDays.getDayDetail(date) as { work: boolean; name: string };
  // Holiday names come as "National Day,国庆节,3"; plain days as the weekday's English name.
  const parts = detail.name.split(",");
  const holiday = !detail.work && parts.length >= 2 ? parts[1] : null;
  const wd = weekday(date);
  const weekend = wd === 0 || wd === 6;
  const kind = { weekend: weekend && !detail.work, holiday, inLieuWorkday: weekend && detail.work };
  dayCache.set(date, kind);
  return kind;
}

/**
 * Demand level of a travel date, 0–3: 0 ordinary working day; 1 Friday, Sunday or a weekend
 * day; 2 the first or last day of a public holiday or the day before it; 3 inside a holiday.
 */
const levelCache = new Map<string, number>();

export function demandLevel(date: string): number {
  const cached = levelCache.get(date);
  if (cached !== undefined) return cached;
  const level = computeDemandLevel(date);
  levelCache.set(date, level);
  return level;
}

function computeDemandLevel(date: string): number {
  const k = dayKind(date);
  const prev = dayKind(addDay(date, -1));
  const next = dayKind(addDay(date, 1));
  if (k.holiday && prev.holiday && next.holiday) return 3;
  if (k.holiday || next.holiday) return 2;
  const wd = weekday(date);
  if (k.weekend || (wd === 5 && !k.inLieuWorkday) || wd === 0) return 1;
  return 0;
}

function addDay(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Share of a capacity sold through other channels by `today` for a date (0–0.97): about 10 %
 * two months out rising to ~90 % on the day, more on busy dates, with a per-item jitter.
 */
export function soldShare(seed: string, itemKey: string, date: string, today: string, premium = false): number {
  const daysOut = Math.max(0, daysBetween(today, date));
  const curve = 0.92 - 0.82 * Math.min(1, Math.sqrt(daysOut / 60));
  const busy = demandLevel(date) * 0.04;
  const jitter = 0.8 + unit(seed, "sold", itemKey, date) * 0.35;
  const share = (curve + busy) * jitter * (premium ? 0.7 : 1);
  return Math.max(0, Math.min(0.97, share));
}

/** Units of `total` sold elsewhere by `today`: what a hold must leave untouched. */
export function soldElsewhere(seed: string, itemKey: string, date: string, today: string, total: number, premium = false): number {
  return Math.floor(total * soldShare(seed, itemKey, date, today, premium));
}
