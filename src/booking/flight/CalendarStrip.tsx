// The low-price calendar strip: a week of days around the search date with each day's lowest
// fare; a click searches that day. Arrows move the week inside the ±15 days the server returns.
import { useState } from "react";
import { Button, Skeleton } from "antd";
import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import type { CalendarDay } from "../../domain/travel/types";
import { useSearch } from "../../components/search/useSearch";
import { Price } from "../shared/Price";
import { useTranslate } from "@refinedev/core";

const SHOWN = 7;

interface Props {
  depCity: string;
  arrCity: string;
  depDate: string;
  onPick: (date: string) => void;
}

export function CalendarStrip({ depCity, arrCity, depDate, onPick }: Props) {
  const t = useTranslate();
  // The previous strip stays while the new day loads (its range holds the new day), so it does not flash.
  const { data, query } = useSearch<CalendarDay[]>("/api/v1/trip_manager/air_ticket_domestic_flight/calendar", { depCity, arrCity, depDate }, { keepPrevious: true });
  const days = Array.isArray(data) ? data : [];
  const at = Math.max(0, days.findIndex((d) => d.date === depDate));
  // The week re-centres on a new search date; arrows move it from there.
  const [moved, setMoved] = useState({ date: depDate, by: 0 });
  const shift = moved.date === depDate ? moved.by : 0;
  const setShift = (by: number) => setMoved({ date: depDate, by });
  const start = Math.min(Math.max(0, at - 3 + shift), Math.max(0, days.length - SHOWN));
  const shown = days.slice(start, start + SHOWN);
  const lowest = Math.min(...shown.map((d) => d.lowestPrice ?? Infinity));
  if (query.isError) return null; // the list below carries the error and its retry
  return (
    <div className="tp-bk-cal" aria-label={t("search.flight.calendar")}>
      <Button type="text" icon={<LeftOutlined />} aria-label={t("search.common.earlier")} disabled={start === 0} onClick={() => setShift(shift - SHOWN)} />
      {query.isPending ? (
        <Skeleton.Input active block className="tp-bk-cal__skeleton" />
      ) : (
        <div className="tp-bk-cal__days">
          {shown.map((d) => (
            <button
              type="button"
              key={d.date}
              className={`tp-bk-cal__day${d.date === depDate ? " is-active" : ""}${d.lowestPrice !== null && d.lowestPrice === lowest ? " is-low" : ""}`}
              onClick={() => onPick(d.date)}
              aria-pressed={d.date === depDate}
            >
              <span className="tp-bk-cal__date">
                {d.date.slice(5)} {t(`search.common.weekday.${d.weekday}`)}
              </span>
              {d.holiday && <span className="tp-bk-cal__holiday">{d.holiday}</span>}
              <Price fen={d.lowestPrice} />
            </button>
          ))}
        </div>
      )}
      <Button type="text" icon={<RightOutlined />} aria-label={t("search.common.later")} disabled={start + SHOWN >= days.length} onClick={() => setShift(shift + SHOWN)} />
    </div>
  );
}
