// Chinese public holidays on travel dates (chinese-days: the State Council's schedule, with the
// weekend days turned into working days): date pickers mark 休 and 班 as Chinese calendars do.
import chineseDays from "chinese-days";

export interface HolidayMark {
  /** 'rest': a day off of a public holiday; 'work': a weekend day made a working day. */
  kind: "rest" | "work";
  /** The holiday's Chinese name (国庆节), or null for a plain in-lieu working day. */
  name: string | null;
}

export function holidayMark(date: string): HolidayMark | null {
  const detail = chineseDays.getDayDetail(date) as { work: boolean; name: string };
  // Holiday days come named "National Day,国庆节,3"; plain days by the weekday's English name.
  const parts = detail.name.split(",");
  const name = parts.length >= 2 ? parts[1] : null;
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekend = day === 0 || day === 6;
  if (!detail.work && name) return { kind: "rest", name };
  if (detail.work && weekend) return { kind: "work", name };
  return null;
}
