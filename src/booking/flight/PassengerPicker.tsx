// 乘客人数: adults, children and infants of one booking, within the airlines' limits (at least one
// adult, an infant per adult at most, nine passengers in all).
import { Button, InputNumber, Popover } from "antd";
import { DownOutlined } from "@ant-design/icons";
import { MAX_PASSENGERS } from "../../domain/orders/flight-booking";
import type { PassengerCounts } from "../../domain/travel/search-query";
import { useTranslate } from "@refinedev/core";

interface Props {
  value: PassengerCounts;
  onChange: (value: PassengerCounts) => void;
  className?: string;
}

const KINDS = ["adults", "children", "infants"] as const;

export function PassengerPicker({ value, onChange, className }: Props) {
  const t = useTranslate();
  const total = value.adults + value.children + value.infants;
  // The controls stop at the rules' limits; the search still checks them (the address can be typed).
  const max = (k: (typeof KINDS)[number]) => {
    const room = MAX_PASSENGERS - total + value[k];
    return k === "infants" ? Math.min(room, value.adults) : room;
  };
  const summary = KINDS.filter((k) => k === "adults" || value[k] > 0)
    .map((k) => t(`search.passengers.${k}N`, { n: value[k] }))
    .join(" · ");
  const content = (
    <div className="tp-bk-pax">
      {KINDS.map((k) => (
        <label key={k} className="tp-bk-pax__row">
          <span>
            {t(`search.passengers.${k}`)}
            <small>{t(`search.passengers.${k}Hint`)}</small>
          </span>
          <InputNumber
            aria-label={t(`search.passengers.${k}`)}
            min={k === "adults" ? 1 : 0}
            max={max(k)}
            precision={0}
            value={value[k]}
            onChange={(n) => {
              const next = { ...value, [k]: typeof n === "number" ? n : k === "adults" ? 1 : 0 };
              // Fewer adults than infants is not allowed: infants follow the adults down.
              if (next.infants > next.adults) next.infants = next.adults;
              onChange(next);
            }}
          />
        </label>
      ))}
      <p className="tp-bk-pax__rule">{t("search.passengers.rule", { n: MAX_PASSENGERS })}</p>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomLeft" content={content}>
      <Button className={`tp-bk-pax__trigger ${className ?? ""}`} aria-label={t("search.passengers.label")}>
        <span>{summary}</span>
        <DownOutlined />
      </Button>
    </Popover>
  );
}
