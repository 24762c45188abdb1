// One international itinerary: each flight with times and airports, the connections between
// them, and a price per cabin class with its taxes and a 预订 button.
import type { ReactNode } from "react";
import { Button } from "antd";
import type { CabinClass } from "../../domain/travel/air-fares";
import { airportText, durationText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import type { Itinerary } from "../../domain/travel/types";
import { Price } from "../shared/Price";
import { useTranslate } from "@refinedev/core";
import { priceText } from "../../domain/money";
import "../../components/orders/order.css";

interface Props {
  itinerary: Itinerary;
  cabinClass?: CabinClass;
  onBook: (it: Itinerary, cabinClass: CabinClass) => void;
  /** What else a cabin's price says (a domestic connection: the service fee on top of it). */
  note?: (it: Itinerary, cabinClass: CabinClass) => ReactNode;
}

export function ItineraryCard({ itinerary: it, cabinClass, onBook, note }: Props) {
  const t = useTranslate();
  const prices = cabinClass ? it.cabinPrices.filter((c) => c.cabinClass === cabinClass) : it.cabinPrices;
  return (
    <article className="tp-bk-card tp-bk-itin" data-itinerary={it.key}>
      <div className="tp-bk-itin__segs">
        {it.segments.map((f, i) => (
          <div key={f.flightKey}>
            {i > 0 && it.connections[i - 1] && (
              <div className="tp-bk-conn">
                {t("search.intl.connection", { city: it.connections[i - 1].cityName, time: durationText(it.connections[i - 1].minutes, domainLang()) })}
                {it.connections[i - 1].changePlace && t("search.intl.changeAirport")}
              </div>
            )}
            <div className="tp-bk-seg">
              <div className="tp-bk-flight__airline">
                <span className="tp-bk-airline-code">{f.airline}</span>
                <div>
                  <strong>{f.airlineName}</strong>
                  <span className="tp-bk-muted" title={`${f.flightNo} · ${f.aircraft}`}>
                    {f.flightNo} · {f.aircraft}
                  </span>
                </div>
              </div>
              <div className="tp-bk-flight__end">
                <span className="tp-bk-time">{f.depTime}</span>
                <span className="tp-bk-muted">
                  {f.depDate.slice(5)} {airportText(f.depAirportName, f.depTerminal, domainLang())}
                </span>
              </div>
              <div className="tp-bk-flight__mid">
                <span className="tp-bk-muted">{durationText(f.durationMin, domainLang())}</span>
                <span className="tp-bk-line" />
              </div>
              <div className="tp-bk-flight__end">
                <span className="tp-bk-time">{f.arrTime}</span>
                <span className="tp-bk-muted">
                  {f.arrDate.slice(5)} {airportText(f.arrAirportName, f.arrTerminal, domainLang())}
                </span>
              </div>
            </div>
          </div>
        ))}
        <span className="tp-bk-muted">
          {it.segments.length === 1 ? t("search.intl.direct") : t("search.intl.transfer", { count: it.segments.length - 1 })} · {durationText(it.totalDurationMin, domainLang())}
        </span>
      </div>
      <div className="tp-bk-itin__prices">
        {prices.map((c) => (
          <div key={c.cabinClass} className="tp-bk-itin__price">
            <div className="tp-bk-flight__price">
              <span>
                <span className="tp-bk-muted">{t(`search.cabin.${c.cabinClass}`)} </span>
                <Price fen={c.salePrice} />
              </span>
              <span className="tp-bk-muted">{t("search.intl.taxesIncluded", { amount: priceText(c.taxes) })}</span>
              {note?.(it, c.cabinClass)}
            </div>
            <Button type="primary" onClick={() => onBook(it, c.cabinClass)}>
              {t("search.common.book")}
            </Button>
          </div>
        ))}
      </div>
    </article>
  );
}
