// The order an approver decides: what was booked (the flight, the train and seat, or the hotel
// stay), its travellers, amount, the travel standard's verdict with the booker's reason, the
// trip's purpose and the application it was booked under (a link to that application's approval
// when the approver may open it), how a 超标自付 order is shared between the company's credit and
// the traveller, and the time left before the held booking expires.
import { Descriptions, Space, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import { useInvalidate, useTranslate } from "@refinedev/core";
import { CERT_TYPES, PASSENGER_TYPES } from "../../domain/codes";
import { TRAIN_PASSENGER_TYPE_LABELS } from "../../domain/orders/train-types";
import { Countdown } from "../../components/orders/Countdown";
import { auditDetailPath, type OrderSubject } from "./index";
import type { OrderApplication } from "../../domain/orders/business-types";
import { useCodes } from "../../components/use-codes";
import { formatFen, moneyText } from "../../domain/money";

/** What was booked: two description items, by product (items, not a component: Descriptions reads its children's props). */
function booked(order: OrderSubject, t: (key: string, options?: Record<string, unknown>) => string) {
  const { flight: f, train: r, hotel: h } = order;
  if (f) {
    return [
      <Descriptions.Item key="what" label={t("business.flight")}>
        {(f.legs ?? [f]).map((l) => (
          <div key={`${l.flightNo}-${l.depDate}`} data-testid="approval-leg">
            {l.depCityName} → {l.arrCityName} · {l.airlineName} {l.flightNo} · {l.depDate} {l.depTime}–{l.arrTime}
          </div>
        ))}
      </Descriptions.Item>,
      <Descriptions.Item key="class" label={t("business.cabin")}>{(f.legs ?? [f]).map((l) => `${l.cabinClassName}${t("common.parenthesized", { text: l.cabinCode })}`).join(" / ")}</Descriptions.Item>,
    ];
  }
  if (r) {
    return [
      <Descriptions.Item key="what" label={t("business.train")}>
        {r.fromStation} → {r.toStation} · {r.trainNo} · {r.depDate} {r.depTime}–{r.arrTime}
      </Descriptions.Item>,
      <Descriptions.Item key="class" label={t("business.seat")}>{r.seatName}</Descriptions.Item>,
    ];
  }
  if (h) {
    return [
      <Descriptions.Item key="what" label={t("business.hotel")}>{h.hotelName}{t("common.parenthesized", { text: h.cityName })}· {h.roomName}</Descriptions.Item>,
      <Descriptions.Item key="class" label={t("business.stay")}>
        {h.checkIn} → {h.checkOut}{t("common.parenthesized", { text: t("hotelOrder.nights", { n: h.nights }) })}· {t("hotelOrder.roomUnit", { n: h.roomCount })}
      </Descriptions.Item>,
    ];
  }
  return [];
}

/** The trip application the order was booked under: number, route, dates; opens its approval when the viewer may. */
function LinkedApplication({ app }: { app: OrderApplication }) {
  const t = useTranslate();
  const text = `${app.fromCity} → ${app.toCities.join("、")} · ${t("travel.app.dateRange", { start: app.startDate, end: app.endDate })}`;
  return (
    <span data-testid="approval-application">
      {app.approvalId !== null ? <Link to={auditDetailPath(app.approvalId)}>{app.noteNo}</Link> : app.noteNo}
      <Typography.Text type="secondary"> · {text}</Typography.Text>
    </span>
  );
}

export function OrderSummary({ order, applicantName, approvalId }: { order: OrderSubject; applicantName: string; approvalId: number }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const invalidate = useInvalidate();
  const typeLabel = (type: string | null) => (!type ? null : order.product === "train" ? codeLabel(TRAIN_PASSENGER_TYPE_LABELS, type) : codeLabel(PASSENGER_TYPES, type));
  const hotel = order.product === "hotel";
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }} data-testid="order-subject">
      <Descriptions column={2} size="small">
        <Descriptions.Item label={t("business.orderNo")}>{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t("business.booker")}>{applicantName}</Descriptions.Item>
        {booked(order, t)}
        <Descriptions.Item label={t("business.amount")}>
          <Typography.Text strong type="danger">{moneyText(order.payprice)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("business.orderStatus")}>{order.statusLabel}</Descriptions.Item>
        <Descriptions.Item label={t("business.standard")} span={2}>
          <Typography.Text type={order.overStandard ? "danger" : "success"} data-testid="approval-verdict">{order.standardVerdict ?? "—"}</Typography.Text>
        </Descriptions.Item>
        {order.overReasons && <Descriptions.Item label={t("business.overReason")} span={2}>{order.overReasons}</Descriptions.Item>}
        <Descriptions.Item label={t("travel.app.purpose")} span={2}>
          {order.purpose ? <span data-testid="approval-purpose">{order.purpose}</span> : <Typography.Text type="secondary">{t("business.noPurpose")}</Typography.Text>}
        </Descriptions.Item>
        {order.selfPay && (
          <Descriptions.Item label={t("business.selfPaySplit")} span={2}>
            <span data-testid="approval-self-pay">
              {t("business.selfPaySplitText", { company: formatFen(order.selfPay.companyFen), self: formatFen(order.selfPay.selfFen) })}
            </span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t("business.application")} span={2}>
          {order.application ? <LinkedApplication app={order.application} /> : <Typography.Text type="secondary">{t("business.noApplicationLinked")}</Typography.Text>}
        </Descriptions.Item>
        {order.approving && order.expiresAt && (
          <Descriptions.Item label={t("business.fareDeadline")} span={2}>
            <Typography.Text type="warning">
              <Countdown until={order.expiresAt} textKey="business.fareWithin" onEnd={() => invalidate({ resource: "approvals", invalidates: ["detail"], id: approvalId })} />
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        rowKey={(p) => `${p.certType}-${p.certNo}-${p.name}`}
        size="small"
        pagination={false}
        dataSource={order.passengers}
        columns={[
          {
            title: hotel ? t("hotelOrder.guests") : t("flightOrder.name"), dataIndex: "name", key: "name",
            render: (v: string, p) => <Space>{v}{typeLabel(p.type) && <Tag>{typeLabel(p.type)}</Tag>}</Space>,
          },
          ...(hotel
            ? []
            : [
                { title: t("flightOrder.certType"), dataIndex: "certType", key: "certType", render: (v: number | null) => (v === null ? "—" : codeLabel(CERT_TYPES, v)) },
                { title: t("flightOrder.certNo"), dataIndex: "certNo", key: "certNo" },
              ]),
        ]}
      />
    </Space>
  );
}
