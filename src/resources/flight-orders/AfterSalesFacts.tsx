// The refunds and the latest change of a flight order, once there are any: for whom, what was
// asked, what it costs or gives back (with any insurance premium surrendered), and how far it has got. Passengers refunded one request at a
// time show one block each. When the after-sales desk decided a request, the member reads the
// outcome: an adjusted fee beside the estimate they were given, or a refusal, each with its reason.
import { Card, Descriptions, Tag } from "antd";
import { useTranslate } from "@refinedev/core";
import type { FlightOrderDetail } from "../../domain/orders/flight-types";
import { formatChinaTime } from "../../domain/format";
import { moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);
const CHANGE_COLORS = { awaitingPayment: "orange", confirming: "blue", confirmed: "green", declined: "default" } as const;
const refundColor = (status: string) => (status === "refunded" ? "green" : status === "rejected" ? "red" : "blue");
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
                  {refund.lines.map((l) => (order.segments.length > 1 && l.flight ? `${l.name}${t("common.parenthesized", { text: l.flight })}` : l.name)).join("、")}
                  {refund.whole === false && <Tag color="purple" style={{ marginInlineStart: 8 }}>{t("flightOrder.refund.partialNote")}</Tag>}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.statusLabel")}>
                <Tag color={refundColor(refund.status)}>{t(`flightOrder.refund.status.${refund.status}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.reason")}>{refund.reason}</Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.createTime")}>{formatChinaTime(refund.createTime)}</Descriptions.Item>
              {refund.decision === "adjusted" && refund.quotedFee !== undefined && (
                <Descriptions.Item label={t("flightOrder.refund.quotedFee")}><span data-testid="refund-quoted-fee">{fen(refund.quotedFee)}</span></Descriptions.Item>
              )}
              {refund.decision === "adjusted" && refund.quotedRefund !== undefined && (
                <Descriptions.Item label={t("flightOrder.refund.quotedRefund")}>{fen(refund.quotedRefund)}</Descriptions.Item>
              )}
              <Descriptions.Item label={t(refund.decision === "adjusted" ? "flightOrder.refund.adjustedFee" : "flightOrder.refund.fee")}>
                <span data-testid="refund-record-fee">{fen(refund.fee)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t("flightOrder.refund.refund")}><span data-testid="refund-record-amount">{fen(refund.refund)}</span></Descriptions.Item>
              {(refund.decision === "adjusted" || refund.decision === "rejected") && refund.decisionReason && (
                <Descriptions.Item label={t(refund.decision === "adjusted" ? "flightOrder.refund.adjustReason" : "flightOrder.refund.rejectReason")} span={3}>
                  <span data-testid="refund-decision-reason">{refund.decisionReason}</span>
                </Descriptions.Item>
              )}
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
            {change.decision === "rejected" && change.decisionReason && (
              <Descriptions.Item label={t("flightOrder.change.rejectReason")} span={3}>{change.decisionReason}</Descriptions.Item>
            )}
          </Descriptions>
        </Card>
      )}
    </>
  );
}
