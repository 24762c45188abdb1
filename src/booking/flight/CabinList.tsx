// A flight's cabins: class and booking code, discount, the refund/change tier, taxes, the adult
// price and a 预订 button carrying the fare to the order page. The tier's rule table with the
// baggage, and the price details, are asked for when their popover opens (FareDetail). A 政府采购
// fare is marked as such and says what booking it asks for.
import { Button, Popover, Tag } from "antd";
import type { ListFare } from "../../domain/travel/types";
import { useFareLabels } from "../../components/search/useFareLabels";
import { isGpSeat } from "../../domain/travel/gp-fares";
import { FareBreakdown, FareRules } from "./FareDetail";
import { Price } from "../shared/Price";
import { useTranslate } from "@refinedev/core";
import { priceText } from "../../domain/money";

/** Airlines show an exact count only when few seats are left. */
export const FEW_SEATS = 9;

interface Props {
  seats: ListFare[];
  /** The service fee per ticket on top of each fare (the search reply's). */
  servFee: number;
  onBook: (seat: ListFare) => void;
  bookLabel: string;
  /** Say the service fee under each price (the member's display setting may hide it). */
  showServFee?: boolean;
}

export function CabinList({ seats, servFee, onBook, bookLabel, showServFee = true }: Props) {
  const t = useTranslate();
  const fareLabels = useFareLabels();
  return (
    <ul className="tp-bk-cabins">
      {seats.map((s) => {
        const label = fareLabels(s);
        return (
          <li key={s.fareKey} className="tp-bk-cabin" data-fare={s.fareKey}>
            <div className="tp-bk-cabin__class">
              <strong>
                {label.cabinClassName}
                {isGpSeat(s) && <Tag color="red" bordered={false} className="tp-bk-gp-tag" data-testid="gp-fare-tag">{t("gpOrder.tag")}</Tag>}
              </strong>
              <span className="tp-bk-muted">
                {t("search.flight.cabinCode", { code: s.cabinCode })} · {label.discountLabel}
              </span>
              {isGpSeat(s) && <span className="tp-bk-muted">{t("gpOrder.cabinNote")}</span>}
            </div>
            <div className="tp-bk-cabin__rules">
              <Tag bordered={false}>{label.tierName}</Tag>
              <Popover title={t("search.flight.rulesTitle")} content={<FareRules fareKey={s.fareKey} />} trigger={["hover", "click"]}>
                <Button type="link" size="small">
                  {t("search.flight.rules")}
                </Button>
              </Popover>
              <Popover title={t("search.flight.feesTitle")} content={<FareBreakdown fareKey={s.fareKey} />} trigger={["hover", "click"]}>
                <Button type="link" size="small">
                  {t("search.flight.taxes", { amount: priceText(s.taxes) })}
                </Button>
              </Popover>
            </div>
            <div className="tp-bk-cabin__price">
              <Price fen={s.salePrice} />
              {/* The service fee is charged per ticket on top of the fare: said where the price is. */}
              {showServFee && servFee > 0 && (
                <span className="tp-bk-muted" data-testid="service-fee-note">{t("flightTrip.serviceFeeAdded", { amount: priceText(servFee) })}</span>
              )}
              {s.seatsLeft > 0 && s.seatsLeft <= FEW_SEATS && <span className="tp-bk-few">{t("search.common.fewLeft", { n: s.seatsLeft })}</span>}
            </div>
            <Button type="primary" disabled={s.seatsLeft <= 0} onClick={() => onBook(s)}>
              {s.seatsLeft > 0 ? bookLabel : t("search.common.soldOut")}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
