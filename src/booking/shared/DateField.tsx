// A travel date: today up to the end of the sales window, nothing in the past. Enter with the
// calendar open takes the typed date and stops there; with it closed, Enter reaches the search
// bar's form (which searches).
import { useState } from "react";
import { DatePicker } from "antd";
import dayjs from "dayjs";
import { addDays, daysBetween, SALES_WINDOW_DAYS } from "../../domain/travel/dates";
import { holidayMark } from "../../domain/travel/holidays";
import { chinaToday } from "./today";
import { useTranslate } from "@refinedev/core";

interface Props {
  value: string | null;
  onChange: (date: string) => void;
  label: string;
  /** Earliest selectable date (e.g. the departure for a return); today by default. */
  min?: string;
  className?: string;
}

export function DateField({ value, onChange, label, min, className }: Props) {
  const t = useTranslate();
  const today = chinaToday();
  const first = min && daysBetween(today, min) > 0 ? min : today;
  const last = addDays(today, SALES_WINDOW_DAYS);
  const [open, setOpen] = useState(false);
  return (
    <DatePicker
      className={className}
      onOpenChange={setOpen}
      onKeyDown={(e) => {
        if (e.key === "Enter" && open) e.preventDefault();
      }}
      aria-label={label}
      placeholder={label}
      allowClear={false}
      value={value ? dayjs(value) : null}
      // Shown with the weekday; a typed 2026-11-27 is read too.
      format={["YYYY-MM-DD ddd", "YYYY-MM-DD"]}
      disabledDate={(d) => {
        const s = d.format("YYYY-MM-DD");
        return daysBetween(first, s) < 0 || daysBetween(s, last) < 0;
      }}
      onChange={(d) => d && onChange(d.format("YYYY-MM-DD"))}
      cellRender={(current, info) => {
        if (info.type !== "date" || !dayjs.isDayjs(current)) return info.originNode;
        const mark = holidayMark(current.format("YYYY-MM-DD"));
        return (
          <div className="ant-picker-cell-inner tp-bk-daycell" title={mark?.name ?? undefined}>
            {current.date()}
            {mark && <span className={`tp-bk-daymark tp-bk-daymark--${mark.kind}`}>{t(`search.common.dayMark.${mark.kind}`)}</span>}
          </div>
        );
      }}
    />
  );
}
