// Distances and time zones.

const EARTH_KM = 6371;

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();

/** Zones of our airports that keep one offset all year (no daylight saving). */
const FIXED_OFFSETS: Record<string, number> = {
  "Asia/Shanghai": 480, "Asia/Hong_Kong": 480, "Asia/Macau": 480, "Asia/Taipei": 480, "Asia/Singapore": 480,
  "Asia/Kuala_Lumpur": 480, "Asia/Tokyo": 540, "Asia/Seoul": 540, "Asia/Bangkok": 420, "Asia/Ho_Chi_Minh": 420,
  "Asia/Dubai": 240, "Europe/Moscow": 180,
};

/** Offset of an IANA time zone from UTC at instant `ms`, in minutes (DST included). */
export function tzOffsetMinutes(timeZone: string, ms: number): number {
  const fixed = FIXED_OFFSETS[timeZone];
  if (fixed !== undefined) return fixed;
  // Offsets change at most on the hour: one lookup per zone and hour.
  const hourKey = `${timeZone}|${Math.floor(ms / 3_600_000)}`;
  const cached = offsetCache.get(hourKey);
  if (cached !== undefined) return cached;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  const offset = Math.round((local - Math.floor(ms / 60_000) * 60_000) / 60_000);
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(hourKey, offset);
  return offset;
}

/** The instant (ms) of a local date and minutes-since-midnight in a time zone. */
export function instantOf(date: string, minutes: number, timeZone: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  // Two passes settle the offset on both sides of a DST change.
  let ms = naive - tzOffsetMinutes(timeZone, naive) * 60_000;
  ms = naive - tzOffsetMinutes(timeZone, ms) * 60_000;
  return ms;
}

/** Local date and minutes-since-midnight of an instant in a time zone. */
export function localOf(ms: number, timeZone: string): { date: string; minutes: number } {
  const local = ms + tzOffsetMinutes(timeZone, ms) * 60_000;
  const d = new Date(local);
  return { date: d.toISOString().slice(0, 10), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
}
