// The price panel: per passenger type the fare, airport fee, fuel surcharge and service fee,
// then insurance and the total. Every figure comes from one PricePanel, so the rows always add
// up to the total shown (the service fee rows hide when showServFee is 0, the total keeps them).
import type { ReactNode } from "react";
import { Typography } from "antd";
import { PASSENGER_TYPES } from "../../domain/codes";
import type { PricePanel, PriceLine } from "../../domain/orders/flight-booking";
import { useTranslate } from "@refinedev/core";
import "./order.css";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

const TYPES = ["ADT", "CHD", "INF"] as const;

function Row({ name, amount, sub }: { name: ReactNode; amount: number; sub?: boolean }) {
  return (
    <div className={`tp-price__row${sub ? " tp-price__row--sub" : ""}`}>
      <span>{name}</span>
      <span>{moneyText(amount)}</span>
    </div>
  );
}

/** international: the taxes are departure and destination charges and the carriers' fuel surcharge, summed over the segments. */
export function PriceSummary({ panel, showServFee = true, international = false, totalLabel, totalTestId = "payprice" }: { panel: PricePanel; showServFee?: boolean; international?: boolean; totalLabel?: string; totalTestId?: string }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const groups = TYPES.map((type) => ({ type, lines: panel.lines.filter((l) => l.psgType === type) })).filter((g) => g.lines.length > 0);
  const unit = (lines: PriceLine[], key: "tktPrice" | "consTax" | "fuelTax" | "servFee") => lines[0][key];
  return (
    <div className="tp-price" data-testid="price-panel">
      {groups.map(({ type, lines }) => (
        <div key={type}>
          <Row name={<Typography.Text strong>{`${codeLabel(PASSENGER_TYPES, type)} × ${lines.length}`}</Typography.Text>} amount={lines.reduce((a, l) => a + l.total - l.insuPayPrice, 0)} />
          <Row sub name={t("flightOrder.ticket")} amount={unit(lines, "tktPrice")} />
          <Row sub name={t(international ? "intlOrder.taxes" : "flightOrder.consTax")} amount={unit(lines, "consTax")} />
          <Row sub name={t(international ? "intlOrder.fuelSurcharge" : "flightOrder.fuelTax")} amount={unit(lines, "fuelTax")} />
          {showServFee && <Row sub name={t("flightOrder.servFee")} amount={unit(lines, "servFee")} />}
        </div>
      ))}
      {panel.insurance > 0 && <Row name={<Typography.Text strong>{t("flightOrder.insuranceFee")}</Typography.Text>} amount={panel.insurance} />}
      <div className="tp-price__total">
        <span>{totalLabel ?? t("flightOrder.total")}</span>
        <strong data-testid={totalTestId}>{moneyText(panel.payprice)}</strong>
      </div>
    </div>
  );
}

/**
 * A round trip's or connection's prices: each flight's panel under its name (its own subtotal),
 * then the order total over both, the amount the order asks.
 */
export function TripPrices({ panels, names, showServFee }: { panels: PricePanel[]; names: string[]; showServFee: boolean }) {
  const t = useTranslate();
  return (
    <div data-testid="trip-prices">
      {panels.map((panel, i) => (
        <div key={names[i]} data-testid="leg-price">
          <Typography.Text strong>{names[i]}</Typography.Text>
          <PriceSummary panel={panel} showServFee={showServFee} totalLabel={t("flightTrip.legTotal", { leg: names[i] })} totalTestId="leg-payprice" />
        </div>
      ))}
      <div className="tp-price__total">
        <span>{t("flightOrder.total")}</span>
        <strong data-testid="payprice">{moneyText(panels.reduce((a, p) => a + p.payprice, 0))}</strong>
      </div>
    </div>
  );
}
