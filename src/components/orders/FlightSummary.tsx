// One flight as booked: date, times, airports and terminals, flight number, cabin. Shown on the
// order form and on the order detail.
import { Space, Tag, Typography } from "antd";
import type { FlightItem, FlightSeat } from "../../domain/travel/types";
import { useTranslate } from "@refinedev/core";
import { airportText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import "./order.css";

export function FlightSummary({ flight, seat }: { flight: Omit<FlightItem, "seats">; seat: Pick<FlightSeat, "cabinClassName" | "cabinCode" | "discountLabel" | "baggage" | "tierName"> }) {
  const t = useTranslate();
  const hours = Math.floor(flight.durationMin / 60);
  const minutes = flight.durationMin % 60;
  return (
    <div className="tp-flight" data-testid="flight-summary">
      <div className="tp-flight__head">
        <Typography.Text strong>{flight.depDate}</Typography.Text>
        <Typography.Text>
          {flight.depCityName} → {flight.arrCityName}
        </Typography.Text>
        <Typography.Text type="secondary">
          {flight.airlineName} {flight.flightNo} · {flight.aircraft}
        </Typography.Text>
      </div>
      <div className="tp-flight__times">
        <div>
          <div className="tp-flight__time">{flight.depTime}</div>
          <div className="tp-flight__airport">
            {airportText(flight.depAirportName, flight.depTerminal, domainLang())}
          </div>
        </div>
        <div className="tp-flight__mid">
          <span>{t("flightOrder.duration", { hours, minutes })}</span>
          <div className="tp-flight__line" />
          {flight.stops.length > 0 && <span>{t("flightOrder.stops", { city: flight.stops.map((s) => s.cityName).join("、") })}</span>}
        </div>
        <div>
          <div className="tp-flight__time">
            {flight.arrTime}
            {flight.arrDayOffset > 0 && <sup>+{flight.arrDayOffset}</sup>}
          </div>
          <div className="tp-flight__airport">
            {airportText(flight.arrAirportName, flight.arrTerminal, domainLang())}
          </div>
        </div>
      </div>
      <Space size={[8, 8]} wrap>
        <Tag color="blue">
          {seat.cabinClassName} {seat.cabinCode} · {seat.discountLabel}
        </Tag>
        <Tag>{seat.tierName}</Tag>
        <Tag>{seat.baggage}</Tag>
      </Space>
    </div>
  );
}
