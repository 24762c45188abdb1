// One flight of the result list: airline, flight number and aircraft, departure and arrival with
// airports and terminals, duration, the cheapest cabin shown; its cabins open below it.
import { useState } from "react";
import { Button, Tag } from "antd";
import { DownOutlined, UpOutlined } from "@ant-design/icons";
import type { CabinClass } from "../../domain/travel/air-fares";
import { airportText, cheapestSeat, durationText, seatsOf } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import { isGpSeat } from "../../domain/travel/gp-fares";
import type { ListFare, ListFlight } from "../../domain/travel/types";
import { useFareLabels } from "../../components/search/useFareLabels";
import { Price } from "../shared/Price";
import { CabinList, FEW_SEATS } from "./CabinList";
import { useTranslate } from "@refinedev/core";

interface Props {
  flight: ListFlight;
  /** The service fee per ticket on top of each fare (the search reply's). */
  servFee: number;
  cabinClass?: CabinClass;
  onBook: (flight: ListFlight, seat: ListFare) => void;
  bookLabel: string;
  /** Say the service fee under each price (the member's display setting may hide it, as the order page does). */
  showServFee?: boolean;
}

export function FlightCard({ flight: f, servFee, cabinClass, onBook, bookLabel, showServFee = true }: Props) {
  const t = useTranslate();
  const fareLabels = useFareLabels();
  const [open, setOpen] = useState(false);
  const best = cheapestSeat(f, cabinClass);
  return (
    <article className={`tp-bk-card tp-bk-flight${open ? " is-open" : ""}`} data-flight={f.flightNo}>
      <div className="tp-bk-flight__row">
        <div className="tp-bk-flight__airline">
          <span className="tp-bk-airline-code">{f.airline}</span>
          <div>
            <strong>{f.airlineName}</strong>
            <span className="tp-bk-muted" title={`${f.flightNo} · ${f.aircraft}${t("search.flight.aircraftSize", { size: f.aircraftSize })}`}>
              {f.flightNo} · {f.aircraft}
            </span>
          </div>
        </div>
        <div className="tp-bk-flight__end">
          <span className="tp-bk-time">{f.depTime}</span>
          <span className="tp-bk-muted">
            {airportText(f.depAirportName, f.depTerminal, domainLang())}
          </span>
        </div>
        <div className="tp-bk-flight__mid">
          <span className="tp-bk-muted">{durationText(f.durationMin, domainLang())}</span>
          <span className="tp-bk-line" />
          <span className="tp-bk-muted">{f.stops.length ? t("search.flight.stopAt", { city: f.stops.map((s) => s.cityName).join("、") }) : t("search.flight.direct")}</span>
        </div>
        <div className="tp-bk-flight__end">
          <span className="tp-bk-time">
            {f.arrTime}
            {f.arrDayOffset > 0 && <sup className="tp-bk-plus">+{f.arrDayOffset}{t("search.common.day")}</sup>}
          </span>
          <span className="tp-bk-muted">
            {airportText(f.arrAirportName, f.arrTerminal, domainLang())}
          </span>
        </div>
        <div className="tp-bk-flight__price">
          <Price fen={best?.salePrice ?? null} from />
          {best && (
            <span className="tp-bk-muted">
              {fareLabels(best).cabinClassName} {fareLabels(best).discountLabel}
              {isGpSeat(best) && <Tag color="red" bordered={false} className="tp-bk-gp-tag">{t("gpOrder.tag")}</Tag>}
              {best.seatsLeft <= FEW_SEATS && <Tag color="orange" bordered={false} className="tp-bk-few-tag">{t("search.common.fewLeft", { n: best.seatsLeft })}</Tag>}
            </span>
          )}
        </div>
        <Button type={open ? "default" : "primary"} ghost={!open} onClick={() => setOpen(!open)} aria-expanded={open} disabled={!best}>
          {best ? t("search.flight.cabins") : t("search.common.soldOut")} {best && (open ? <UpOutlined /> : <DownOutlined />)}
        </Button>
      </div>
      {open && <CabinList seats={seatsOf(f, cabinClass)} servFee={servFee} bookLabel={bookLabel} onBook={(s) => onBook(f, s)} showServFee={showServFee} />}
    </article>
  );
}
