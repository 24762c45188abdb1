// A travel date: today up to the end of the sales window, nothing in the past. A plain input
// showing the date with its weekday, which takes a typed 2026-11-27 at once; the calendar (with
// the public holidays marked) is fetched on the field's first touch and opens under it. Enter
// with the calendar open takes the typed date and stops there; with it closed, Enter reaches the
// search bar's form (which searches).
import { lazy, Suspense, useState } from "react";
import { addDays, daysBetween, normaliseDate, SALES_WINDOW_DAYS, weekday } from "../../domain/travel/dates";
import { chinaToday } from "./today";
import { useTranslate } from "@refinedev/core";
import "./search-bar.css";

const CalendarPanel = lazy(() => import("../../booking/shared/CalendarPanel"));

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
  // What the visitor is typing; null shows the value.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = value ? `${value} ${t(`search.common.weekday.${weekday(value)}`)}` : "";
  const allowed = (d: string) => daysBetween(first, d) >= 0 && daysBetween(d, last) >= 0;
  const pick = (d: string) => {
    onChange(d);
    setTyped(null);
    setOpen(false);
  };
  /** A typed date within the window is taken; anything else puts the value back. */
  const takeTyped = () => {
    const d = typed === null ? null : normaliseDate(typed.trim().slice(0, 10));
    if (d && allowed(d)) onChange(d);
    setTyped(null);
  };
  return (
    <div className={`tp-bk-date ${className ?? ""}`}>
      <input
        className="tp-bk-input"
        aria-label={label}
        placeholder={label}
        autoComplete="off"
        aria-haspopup="dialog"
        aria-expanded={open}
        value={typed ?? shown}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          takeTyped();
          setOpen(false);
        }}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && open) {
            e.preventDefault();
            takeTyped();
            setOpen(false);
          } else if (e.key === "Escape" && open) {
            setTyped(null);
            setOpen(false);
          }
        }}
      />
      {open && (
        <Suspense fallback={null}>
          {/* Clicks in the calendar keep the focus in the input, so it stays open. */}
          <div className="tp-bk-date__popup" onMouseDown={(e) => e.preventDefault()}>
            <CalendarPanel value={value ?? first} first={first} last={last} today={today} onPick={pick} />
          </div>
        </Suspense>
      )}
    </div>
  );
}
