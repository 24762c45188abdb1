// The month calendar under a date field: weeks from Monday, days outside the bookable window
// greyed out, today and the chosen day marked, public holidays marked 休 and their in-lieu
// working days 班 as Chinese calendars do. Loaded with the field's first touch (the holiday
// schedule is the bulk of it), so the search bars are usable before it arrives.
import { useState } from "react";
import { useGetLocale, useTranslate } from "@refinedev/core";
import { addDays, daysBetween, weekday } from "../../domain/travel/dates";
import { holidayMark } from "../../domain/travel/holidays";

interface Props {
  /** The chosen date, or the first bookable one: the calendar opens on its month. */
  value: string;
  first: string;
  last: string;
  today: string;
  onPick: (date: string) => void;
}

const monthOf = (date: string) => date.slice(0, 7);
/** The first day of the month `steps` months from the given one (YYYY-MM). */
function shiftMonth(month: string, steps: number): string {
  const [y, m] = month.split("-").map(Number);
  const n = y * 12 + (m - 1) + steps;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, "0")}`;
}
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

export default function CalendarPanel({ value, first, last, today, onPick }: Props) {
  const t = useTranslate();
  const locale = useGetLocale()() ?? "zh-CN";
  const [month, setMonth] = useState(monthOf(value));
  const start = `${month}-01`;
  // Six weeks from the Monday on or before the 1st: every month fits, and the panel keeps its height.
  const gridStart = addDays(start, -((weekday(start) + 6) % 7));
  const days = Array.from({ length: 42 }, (_, i) => addDays(gridStart, i));
  const title = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${start}T00:00:00Z`));
  const canBack = daysBetween(first, start) > 0;
  const canOn = daysBetween(`${shiftMonth(month, 1)}-01`, last) >= 0;
  const allowed = (d: string) => daysBetween(first, d) >= 0 && daysBetween(d, last) >= 0;
  return (
    <div className="tp-bk-calendar" role="dialog" aria-label={title}>
      <div className="tp-bk-calendar__head">
        <button type="button" className="tp-bk-calendar__nav" aria-label={t("search.common.prevMonth")} disabled={!canBack} onClick={() => setMonth(shiftMonth(month, -1))}>
          ‹
        </button>
        <strong>{title}</strong>
        <button type="button" className="tp-bk-calendar__nav" aria-label={t("search.common.nextMonth")} disabled={!canOn} onClick={() => setMonth(shiftMonth(month, 1))}>
          ›
        </button>
      </div>
      <div className="tp-bk-calendar__grid" role="grid">
        {MONDAY_FIRST.map((d) => (
          <span key={d} className="tp-bk-calendar__weekday" role="columnheader">
            {t(`search.common.weekday.${d}`)}
          </span>
        ))}
        {days.map((d) => {
          const mark = holidayMark(d);
          const classes = [
            "tp-bk-calendar__day",
            monthOf(d) !== month && "tp-bk-calendar__day--other",
            d === today && "tp-bk-calendar__day--today",
            d === value && "tp-bk-calendar__day--chosen",
          ].filter(Boolean);
          return (
            <button
              key={d}
              type="button"
              role="gridcell"
              className={classes.join(" ")}
              disabled={!allowed(d)}
              aria-selected={d === value}
              title={mark?.name ?? d}
              data-date={d}
              onClick={() => onPick(d)}
            >
              {Number(d.slice(8))}
              {mark && <span className={`tp-bk-daymark tp-bk-daymark--${mark.kind}`}>{t(`search.common.dayMark.${mark.kind}`)}</span>}
            </button>
          );
        })}
      </div>
      <div className="tp-bk-calendar__foot">
        <button type="button" className="tp-bk-calendar__today" disabled={!allowed(today)} onClick={() => onPick(today)}>
          {t("search.common.today")}
        </button>
      </div>
    </div>
  );
}
