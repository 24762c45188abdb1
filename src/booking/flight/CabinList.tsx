// A flight's cabins: class and booking code, discount, baggage, the refund/change rules of its
// tier, taxes, the adult price and a 预订 button carrying the fare to the order page. A 政府采购
// fare is marked as such and says what booking it asks for.
import { Button, Popover, Table, Tag } from "antd";
import type { FlightSeat, RuleTables } from "../../domain/travel/types";
import type { RuleLine } from "../../domain/travel/air-rules";
import { isGpSeat } from "../../domain/travel/gp-fares";
import { priceText } from "../../domain/travel/money";
import { Price } from "../shared/Price";
import { useTranslate } from "@refinedev/core";

/** Airlines show an exact count only when few seats are left. */
export const FEW_SEATS = 9;

/** A fare's refund and change fees per window before departure, and its baggage. */
export function RuleLinesTable({ lines, baggage }: { lines: readonly RuleLine[]; baggage: string }) {
  const t = useTranslate();
  return (
    <div className="tp-bk-rules">
      <Table
        size="small"
        pagination={false}
        rowKey="window"
        dataSource={[...lines]}
        columns={[
          { title: t("search.flight.ruleWindow"), dataIndex: "window" },
          { title: t("search.flight.refundFee"), dataIndex: "refundPercent", render: (p: number) => (p ? `${t("search.flight.ticketPrice")} ${p}%` : t("search.flight.free")) },
          { title: t("search.flight.changeFee"), dataIndex: "changePercent", render: (p: number) => (p ? `${t("search.flight.ticketPrice")} ${p}%` : t("search.flight.free")) },
        ]}
      />
      <p className="tp-bk-rules__note">{baggage}</p>
    </div>
  );
}

function RuleTable({ seat, rules }: { seat: FlightSeat; rules: RuleTables }) {
  return <RuleLinesTable lines={rules[seat.tier] ?? []} baggage={seat.baggage} />;
}

function Breakdown({ seat }: { seat: FlightSeat }) {
  const t = useTranslate();
  const adt = seat.breakdown.ADT;
  return (
    <dl className="tp-bk-fees">
      <dt>{t("search.flight.ticket")}</dt>
      <dd>¥{priceText(adt.ticket)}</dd>
      <dt>{t("search.flight.airportTax")}</dt>
      <dd>¥{priceText(adt.airportTax)}</dd>
      <dt>{t("search.flight.fuelTax")}</dt>
      <dd>¥{priceText(adt.fuelTax)}</dd>
      <dt>{t("search.flight.serviceFee")}</dt>
      <dd>¥{priceText(adt.serviceFee)}</dd>
      <dt className="tp-bk-fees__total">{t("search.flight.total")}</dt>
      <dd className="tp-bk-fees__total">¥{priceText(adt.total)}</dd>
    </dl>
  );
}

interface Props {
  seats: FlightSeat[];
  rules: RuleTables;
  onBook: (seat: FlightSeat) => void;
  bookLabel: string;
  /** Say the service fee under each price (the member's display setting may hide it). */
  showServFee?: boolean;
}

export function CabinList({ seats, rules, onBook, bookLabel, showServFee = true }: Props) {
  const t = useTranslate();
  return (
    <ul className="tp-bk-cabins">
      {seats.map((s) => (
        <li key={s.fareKey} className="tp-bk-cabin" data-fare={s.fareKey}>
          <div className="tp-bk-cabin__class">
            <strong>
              {s.cabinClassName}
              {isGpSeat(s) && <Tag color="red" bordered={false} className="tp-bk-gp-tag" data-testid="gp-fare-tag">{t("gpOrder.tag")}</Tag>}
            </strong>
            <span className="tp-bk-muted">
              {t("search.flight.cabinCode", { code: s.cabinCode })} · {s.discountLabel}
            </span>
            {isGpSeat(s) && <span className="tp-bk-muted">{t("gpOrder.cabinNote")}</span>}
          </div>
          <div className="tp-bk-cabin__rules">
            <Tag bordered={false}>{s.tierName}</Tag>
            <Popover title={t("search.flight.rulesTitle")} content={<RuleTable seat={s} rules={rules} />} trigger={["hover", "click"]}>
              <Button type="link" size="small">
                {t("search.flight.rules")}
              </Button>
            </Popover>
            <Popover title={t("search.flight.feesTitle")} content={<Breakdown seat={s} />} trigger={["hover", "click"]}>
              <Button type="link" size="small">
                {t("search.flight.taxes", { amount: priceText(s.adtTaxeCn + s.adtTaxeYq) })}
              </Button>
            </Popover>
          </div>
          <div className="tp-bk-cabin__price">
            <Price fen={s.salePrice} />
            {/* The service fee is charged per ticket on top of the fare: said where the price is. */}
            {showServFee && s.breakdown.ADT.serviceFee > 0 && (
              <span className="tp-bk-muted" data-testid="service-fee-note">{t("flightTrip.serviceFeeAdded", { amount: priceText(s.breakdown.ADT.serviceFee) })}</span>
            )}
            {s.seatsLeft > 0 && s.seatsLeft <= FEW_SEATS && <span className="tp-bk-few">{t("search.common.fewLeft", { n: s.seatsLeft })}</span>}
          </div>
          <Button type="primary" disabled={s.seatsLeft <= 0} onClick={() => onBook(s)}>
            {s.seatsLeft > 0 ? bookLabel : t("search.common.soldOut")}
          </Button>
        </li>
      ))}
    </ul>
  );
}
