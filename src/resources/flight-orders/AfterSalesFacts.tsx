// The refunds and the latest change of a flight order, once there are any: for whom, what was
// asked, what it costs or gives back (with any insurance premium surrendered), and how far it has got. Passengers refunded one request at a
// time show one block each.
import { Card, Descriptions, Tag } from "antd";
import { useTranslate } from "@refinedev/core";
import type { FlightOrderDetail } from "../../domain/orders/flight-types";
import { formatChinaTime } from "../../domain/format";
import { formatFen } from "../../domain/money";

const fen = (v: number) => `¥${formatFen(v)}`;
const CHANGE_COLORS = { awaitingPayment: "orange", confirming: "blue", confirmed: "green", declined: "default" } as const;
/** The premiums surrendered with a refund (part of its amount); refunds kept before surrenders existed have none. */
const insuranceOf = (refund: { lines: { insurance?: number }[] }) => refund.lines.reduce((s, l) => s + (l.insurance ?? 0), 0);

export function AfterSalesFacts({ order }: { order: FlightOrderDetail }) {
  const t = useTranslate();
  const { change } = order;
  // A server that keeps one refund per order answers only `refund`.
  const refunds = order.refunds ?? (order.refund ? [order.refund] : []);
  return (
    <>
      {refunds.length > 0 && (
        <Card title={t("flightOrder.refund.info")} data-testid="refund-facts">
          {refunds.map((refund, i) => (
            <Descriptions key={refund.id} column={{ xs: 1, sm: 2, lg: 3 }} size="small" style={i > 0 ? { marginTop: 16 } : undefined} data-testid="refund-record">
              <Descriptions.Item label={t("flightOrder.refund.passengers")}>
                <span>
                  {/* A round trip's or connection's refund names each ticket's flight. */}
                  {refund.lines.map((l) => (order.segments.length > 1 && l.flight ? `${l.name}（${l.flight}）` : l.name)).join("、")}
                  {refund.whole === false && <Tag color="purple" style={{ marginInlineStart: 8 }}>{t("flightOrder.refund.partialNote")}</Tag>}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.statusLabel")}>
                <Tag color={refund.status === "refunded" ? "green" : "blue"}>{t(`flightOrder.refund.status.${refund.status}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.reason")}>{refund.reason}</Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.createTime")}>{formatChinaTime(refund.createTime)}</Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.fee")}>{fen(refund.fee)}</Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.refund")}>{fen(refund.refund)}</Descriptions.Item>
              {insuranceOf(refund) > 0 && <Descriptions.Item label={t("flightOrder.refund.insuranceInfo")}><span data-testid="refund-insurance-back">{fen(insuranceOf(refund))}</span></Descriptions.Item>}
              {refund.toAccount && <Descriptions.Item label={t("flightOrder.refund.toAccount")}>{t(`flightOrder.refund.account.${refund.toAccount}`)}</Descriptions.Item>}
            </Descriptions>
          ))}
        </Card>
      )}
      {change && (
        <Card title={t("flightOrder.change.info")} data-testid="change-facts">
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label={t("flightOrder.change.passengers")}>
              <span>
                {change.quote.lines.map((l) => l.name).join("、")}
                {change.whole === false && <Tag color="cyan" style={{ marginInlineStart: 8 }}>{t("flightOrder.change.partialNote")}</Tag>}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.statusLabel")}>
              <Tag color={CHANGE_COLORS[change.status]}>{t(`flightOrder.change.status.${change.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.from")}>{`${change.fromFlightNo} ${change.fromDepDate}`}</Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.route")}>{`${change.toFlightNo} ${change.toDepDate} ${change.toDepTime} ${change.toCabin}`}</Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.changeFee")}>{fen(change.quote.changeFee)}</Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.changeSpread")}>{fen(change.quote.changeSpread)}</Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.changeFuelTaxSpread")}>{fen(change.quote.changeFuelTaxSpread)}</Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.changeServiceFee")}>{fen(change.quote.changeServiceFee)}</Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.total")}>{fen(change.quote.total)}</Descriptions.Item>
            <Descriptions.Item label={t("flightOrder.change.createTime")}>{formatChinaTime(change.createTime)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </>
  );
}
