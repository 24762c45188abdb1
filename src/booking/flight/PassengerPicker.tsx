// 乘客人数: adults, children and infants of one booking, within the airlines' limits (at least one
// adult, an infant per adult at most, nine passengers in all). A button showing the counts opens a
// small panel of number fields; a click outside or Escape closes it.
import { useEffect, useRef, useState } from "react";
import { Button } from "antd";
import { DownOutlined } from "@ant-design/icons";
import { MAX_PASSENGERS, type PassengerCounts } from "../../domain/travel/search-query";
import { useTranslate } from "@refinedev/core";
import "../../components/search/search-bar.css";

interface Props {
  value: PassengerCounts;
  onChange: (value: PassengerCounts) => void;
  className?: string;
}

const KINDS = ["adults", "children", "infants"] as const;

export function PassengerPicker({ value, onChange, className }: Props) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", away);
    document.addEventListener("focusin", away);
    return () => {
      document.removeEventListener("mousedown", away);
      document.removeEventListener("focusin", away);
    };
  }, [open]);
  const total = value.adults + value.children + value.infants;
  // The fields stop at the rules' limits; the search still checks them (the address can be typed).
  const min = (k: (typeof KINDS)[number]) => (k === "adults" ? 1 : 0);
  const max = (k: (typeof KINDS)[number]) => {
    const room = MAX_PASSENGERS - total + value[k];
    return k === "infants" ? Math.min(room, value.adults) : room;
  };
  const set = (k: (typeof KINDS)[number], text: string) => {
    if (text.trim() === "") return;
    const n = Math.trunc(Number(text));
    if (!Number.isFinite(n)) return;
    const next = { ...value, [k]: Math.max(min(k), Math.min(max(k), n)) };
    // Fewer adults than infants is not allowed: infants follow the adults down.
    if (next.infants > next.adults) next.infants = next.adults;
    onChange(next);
  };
  const summary = KINDS.filter((k) => k === "adults" || value[k] > 0)
    .map((k) => t(`search.passengers.${k}N`, { n: value[k] }))
    .join(" · ");
  return (
    <div className="tp-bk-pax__box" ref={box} onKeyDown={(e) => e.key === "Escape" && setOpen(false)}>
      <Button className={`tp-bk-pax__trigger ${className ?? ""}`} aria-label={t("search.passengers.label")} aria-expanded={open} onClick={() => setOpen(!open)}>
        <span>{summary}</span>
        <DownOutlined />
      </Button>
      {open && (
        <div className="tp-bk-pax tp-bk-popup" role="group" aria-label={t("search.passengers.label")}>
          {KINDS.map((k) => (
            <label key={k} className="tp-bk-pax__row">
              <span>
                {t(`search.passengers.${k}`)}
                <small>{t(`search.passengers.${k}Hint`)}</small>
              </span>
              <input
                className="tp-bk-input tp-bk-pax__count"
                type="number"
                inputMode="numeric"
                aria-label={t(`search.passengers.${k}`)}
                min={min(k)}
                max={max(k)}
                step={1}
                value={value[k]}
                onChange={(e) => set(k, e.target.value)}
              />
            </label>
          ))}
          <p className="tp-bk-pax__rule">{t("search.passengers.rule", { n: MAX_PASSENGERS })}</p>
        </div>
      )}
    </div>
  );
}
