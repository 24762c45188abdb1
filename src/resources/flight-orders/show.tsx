// TicketOrderDetails (/ticket/OrderDetails/:id): one flight order — status with its colour, the
// time left to pay, the flight, passengers, price breakdown and the timeline of every status
// change. The buttons are the actions the shared state machine allows a member in this status
// (退票 and 改签 only where the member's partner site leaves them on), with the refund's and the
// latest change's facts once there are any.
import { usePayWords } from "../../components/orders/usePayWords";
import { useState } from "react";
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag, Timeline, Typography, type TableColumnsType } from "antd";
import { useGetIdentity, useInvalidate, useOne, useTranslate } from "@refinedev/core";
import { useParams } from "react-router";
import { CERT_TYPES, hasCode, INSURANCE_STATUS, PASSENGER_TYPES } from "../../domain/codes";
import { FLIGHT_ORDER_ACTIONS, FLIGHT_ORDER_STATUS, flightOrderColor, FLIGHT_ORDER_LABELS } from "../../domain/orders/flight";
import { type FlightOrderDetail, type FlightOrderPassenger } from "../../domain/orders/flight-types";
import { PARTIAL_REFUND_LABELS, PARTIAL_TAG_LABELS, TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from "../../domain/orders/flight-tickets";
import { formatChinaTime } from "../../domain/format";
import { durationText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useSite, type PortalUser } from "../../layout/session";
import { LinkButton } from "../../components/LinkButton";
import { LazyReimbursementSection } from "../../components/einvoice/LazyReimbursementSection";
import { FlightSummary } from "../../components/orders/FlightSummary";
import { PriceSummary, TripPrices } from "../../components/orders/PriceSummary";
import { bookedPanels, legNamesOf } from "./booked-panels";
import { Countdown } from "../../components/orders/Countdown";
import { RefundDialog } from "./RefundDialog";
import { ChangeDialog } from "./ChangeDialog";
import { OrderDisruption } from "../../components/disruption";
import { AfterSalesFacts } from "./AfterSalesFacts";
import { useRecordAction } from "../useRecordAction";
import { ApprovalWaiting, BusinessFacts } from "../BusinessFacts";
import { timelineColor } from "../timeline-color";
import "../../components/orders/order.css";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";
import { useCabinText } from "../../components/search/useFareLabels";

const fen = (v: number) => moneyText(v);

/** Between two segments: the connecting city and the wait, from the first's arrival to the second's departure. */
function ConnectionLine({ from, to }: { from: FlightOrderDetail["flight"]; to: FlightOrderDetail["flight"] }) {
  const t = useTranslate();
  const minutes = Math.round((Date.parse(to.depUtc) - Date.parse(from.arrUtc)) / 60_000);
  return (
    <div className="tp-bk-conn tp-flight-conn" data-testid="order-connection">
      {t("search.intl.connection", { city: from.arrCityName, time: durationText(minutes, domainLang()) })}
      {from.arrAirport !== to.depAirport && t("search.intl.changeAirport")}
    </div>
  );
}
const when = formatChinaTime;

const AIRLINE_POLL_MS = 3_000;
const S = FLIGHT_ORDER_STATUS;
const AIRLINE_STEPS: readonly number[] = [S.paid, S.ticketing, S.refundRequested, S.refundProcessing, S.ticketRefunded];

function awaitingAirline(order: FlightOrderDetail | undefined): boolean {
  if (!order) return false;
  return AIRLINE_STEPS.includes(order.status) || (order.status === S.changeRequested && order.change?.status === "confirming")
    // Some passengers' refund runs while the order itself stays where it is.
    || order.passengers.some((p) => p.ticketStatus === "refunding");
}

export default function FlightOrderShowPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { id } = useParams();
  const valid = Boolean(id && /^\d+$/.test(id));
  // The order's own tab heads the page: a 政府采购 order sits under 公务机票订单 (the detail's query, shared).
  const { result } = useOne<FlightOrderDetail>({ resource: "flight-orders", id: valid ? id! : "", errorNotification: false, queryOptions: { enabled: valid } });
  const gp = Boolean((result as FlightOrderDetail | undefined)?.gp);
  return (
    <WorkbenchFrame routeName={routeName} title={t(gp ? "gpOrder.detailTitle" : "flightOrder.detail.title")} query={{ type: gp ? "gp" : "airTicket" }}>
      {valid ? <OrderDetail id={id!} /> : <Result status="404" title={t("flightOrder.detail.notFound")} />}
    </WorkbenchFrame>
  );
}

function OrderDetail({ id }: { id: string }) {
  const t = useTranslate();
  const cabinText = useCabinText();
  const payWords = usePayWords();
  const { codeLabel } = useCodes();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { query, result } = useOne<FlightOrderDetail>({
    resource: "flight-orders",
    id,
    errorNotification: false,
    // While the airline is working on the order (ticketing, a refund, a change with nothing to
    // pay), look again every few seconds so each step shows without a reload.
    queryOptions: { refetchInterval: (q) => (awaitingAirline(q.state.data?.data) ? AIRLINE_POLL_MS : false) },
  });
  const action = useRecordAction("flight-orders");
  const { data: user } = useGetIdentity<PortalUser>();
  const { switches } = useSite(user ?? null);
  const [dialog, setDialog] = useState<"refund" | "change" | null>(null);
  const order = result as FlightOrderDetail | undefined;

  if (query.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !order) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("flightOrder.loadError")}
        description={query.error?.message}
        action={<Button onClick={() => query.refetch()}>{t("flightOrder.retry")}</Button>}
      />
    );
  }

  const refresh = () => invalidate({ resource: "flight-orders", invalidates: ["list", "detail"], id });
  const cancel = () =>
    modal.confirm({
      title: t("flightOrder.detail.cancel"),
      content: t("flightOrder.detail.cancelConfirm"),
      okText: t("flightOrder.detail.cancelOk"),
      cancelText: t("flightOrder.notNow"),
      okButtonProps: { danger: true },
      onOk: () => action.run(order.id, "cancel", t("flightOrder.detail.cancelled")),
    });

  const pending = order.status === FLIGHT_ORDER_STATUS.pendingPayment;
  const changeDue = order.status === FLIGHT_ORDER_STATUS.changeRequested && order.change?.status === "awaitingPayment" ? order.change : null;
  const canRefund = order.actions.includes("requestRefund") && switches.showRefund;
  const canChange = order.actions.includes("requestChange") && switches.showChange;
  const afterDialog = () => {
    setDialog(null);
    refresh();
  };
  const approving = order.status === FLIGHT_ORDER_STATUS.approving;
  // The booking's prices: one panel, or each flight's of a round trip or connection (its passengers' tickets on it).
  const panels = bookedPanels(order);
  const multi = order.segments.length > 1 && order.trip !== "oneway";
  const legNames = legNamesOf(order.trip, t);
  const nowrap = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
  const columns: TableColumnsType<FlightOrderPassenger> = [
    { ...nowrap, title: t("flightOrder.name"), dataIndex: "name", key: "name", fixed: "left", render: (v: string, p) => <Space>{v}<Tag>{codeLabel(PASSENGER_TYPES, p.psgType)}</Tag></Space> },
    ...(order.international
      ? [
          { ...nowrap, title: t("intlOrder.englishName"), dataIndex: "englishName", key: "englishName" },
          { ...nowrap, title: t("intlOrder.certExpiry"), dataIndex: "certExpiry", key: "certExpiry" },
        ]
      : []),
    { ...nowrap, title: t("flightOrder.certType"), dataIndex: "certType", key: "certType", render: (v: number) => codeLabel(CERT_TYPES, v) },
    { ...nowrap, title: t("flightOrder.certNo"), dataIndex: "certNo", key: "certNo" },
    // 政府采购: whom each passenger travels for, and their official card as the server shows it (last four digits).
    ...(order.gp
      ? [
          {
            ...nowrap, title: t("gpOrder.unitAndCard"), key: "gp",
            render: (_: unknown, p: FlightOrderPassenger) => (
              <div data-testid="gp-passenger">
                <div>{p.budgetUnit}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{p.officialCardMasked}</Typography.Text>
              </div>
            ),
          },
        ]
      : []),
    // A round trip's or connection's passenger holds a ticket per flight: which one this row is.
    ...(multi ? [{ ...nowrap, title: t("flightTrip.segment"), key: "segment", render: (_: unknown, p: FlightOrderPassenger) => <span data-testid="ticket-segment">{legNames[p.segment]} · {p.ticketFlight?.flightNo}</span> }] : []),
    // The ticket's fare now: after a change, the new flight's.
    { ...nowrap, title: t("flightOrder.ticket"), key: "tktPrice", render: (_: unknown, p) => <span data-testid="ticket-fare">{fen(p.current?.tktPrice ?? p.tktPrice)}</span> },
    { ...nowrap, title: t("flightOrder.insurance"), key: "insu", render: (_: unknown, p) => (p.insuType ? `${fen(p.insuPayPrice)} · ${codeLabel(INSURANCE_STATUS, p.insuStatus)}` : "—") },
    { ...nowrap, title: t("flightOrder.detail.ticketNo"), dataIndex: "ticketNo", key: "ticketNo", render: (v: string | null) => v ?? "—" },
    { ...nowrap, title: t("flightTrip.paid"), key: "paid", render: (_: unknown, p) => <span data-testid="ticket-paid">{fen(p.paid ?? 0)}</span> },
    { ...nowrap, title: t("flightTrip.refunded"), key: "refunded", render: (_: unknown, p) => <span data-testid="ticket-refunded">{p.refunded ? fen(p.refunded) : "—"}</span> },
    {
      // A set width lets the changed flight wrap under the tag instead of widening the table; kept
      // in view at the right (the name at the left) while the columns between scroll on a narrow
      // screen, where the whole row is wider than the card.
      title: t("flightOrder.detail.ticketStatus"), key: "ticketStatus", width: 170, fixed: "right", onHeaderCell: nowrap.onHeaderCell,
      render: (_: unknown, p) => (
        <div>
          {p.ticketStatus && <Tag color={TICKET_STATUS_COLORS[p.ticketStatus] ?? "default"} data-testid="ticket-status">{codeLabel(TICKET_STATUS_LABELS, p.ticketStatus)}</Tag>}
          {/* A passenger changed apart from the others flies on another flight: which one. */}
          {p.changedTo && (
            <div style={{ marginTop: 4, fontSize: 12 }} data-testid="ticket-changed-to">
              <Typography.Text type="secondary">{t("flightOrder.detail.changedTo", { flight: `${p.changedTo.flightNo} ${p.changedTo.depDate} ${p.changedTo.depTime} ${cabinText(p.changedTo)}` })}</Typography.Text>
            </div>
          )}
        </div>
      ),
    },
  ];
  const actionLabel = (action: string) =>
    action === "create" ? t("flightOrder.detail.created") : hasCode(PARTIAL_REFUND_LABELS, action) ? codeLabel(PARTIAL_REFUND_LABELS, action) : codeLabel(FLIGHT_ORDER_ACTIONS, action);

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <OrderDisruption order={order} product="air" onChanged={refresh} />
      <Card>
        <div className="tp-order__status">
          <Space size={[16, 8]} wrap>
            <Tag color={flightOrderColor(order.status)} className="tp-order__status-tag" data-testid="order-status">
              {codeLabel(FLIGHT_ORDER_LABELS, order.status)}
            </Tag>
            {(order.partial ?? []).map((tag) => (
              <Tag key={tag} color={tag === "partialRefund" ? "purple" : "cyan"} className="tp-order__status-tag" data-testid="order-partial">
                {codeLabel(PARTIAL_TAG_LABELS, tag)}
              </Tag>
            ))}
            {order.gp ? <Tag color="red" className="tp-order__status-tag" data-testid="order-gp">{t("gpOrder.tag")}</Tag> : null}
            <Typography.Text>{t("flightOrder.list.orderNo")}{t("common.colon")}{order.orderNo}</Typography.Text>
            <Typography.Text>{t("flightOrder.total")}{t("common.colon")}<Typography.Text strong type="danger" data-testid="order-total">{fen(order.payprice)}</Typography.Text></Typography.Text>
            {/* After changes and refunds the booking's total is not what was paid or spent: say both. */}
            {order.paidTotal > 0 && (order.paidTotal !== order.payprice || order.refundedTotal > 0) && (
              <Typography.Text data-testid="order-money">
                {t("flightTrip.paidTotal")}{t("common.colon")}{fen(order.paidTotal)} · {t("flightTrip.refundedTotal")}{t("common.colon")}{fen(order.refundedTotal)} · {t("flightTrip.netTotal")}{t("common.colon")}{fen(order.paidTotal - order.refundedTotal)}
              </Typography.Text>
            )}
            {pending && order.expiresAt && (
              <Typography.Text type="warning"><Countdown until={order.expiresAt} onEnd={refresh} /></Typography.Text>
            )}
            {changeDue?.expiresAt && (
              <Typography.Text type="warning"><Countdown until={changeDue.expiresAt} onEnd={refresh} textKey="flightOrder.change.payWithin" /></Typography.Text>
            )}
            {approving && order.expiresAt && (
              <Typography.Text type="warning"><Countdown until={order.expiresAt} onEnd={refresh} textKey="business.approveWithin" /></Typography.Text>
            )}
          </Space>
          <Space>
            {pending && (
              <LinkButton type="primary" to={pathFor("pay_order", { orderId: String(order.id) })}>
                {payWords.goPay}
              </LinkButton>
            )}
            {changeDue && (
              <LinkButton type="primary" to={pathFor("pay_order", { orderId: String(order.id) })}>
                {t("flightOrder.change.payChange")}
              </LinkButton>
            )}
            {canChange && <Button onClick={() => setDialog("change")}>{t("flightOrder.change.button")}</Button>}
            {canRefund && <Button danger onClick={() => setDialog("refund")}>{t("flightOrder.refund.button")}</Button>}
            {order.actions.includes("cancel") && (
              <Button danger onClick={cancel} loading={action.pending}>
                {t("flightOrder.detail.cancel")}
              </Button>
            )}
            <LinkButton to={pathFor("OrderLists", undefined, { type: order.gp ? "gp" : "airTicket" })}>{t("flightOrder.detail.backToList")}</LinkButton>
          </Space>
        </div>
      </Card>
      {approving && <ApprovalWaiting approval={order.approval} />}
      {order.travelType === "business" && <BusinessFacts order={order} />}
      <AfterSalesFacts order={order} />
      <Card title={multi ? `${t("flightOrder.flight")} · ${t(`flightTrip.trip.${order.trip}`)}` : t(order.international ? "intlOrder.itinerary" : "flightOrder.flight")}>
        {/* Every segment of an itinerary, with where and how long the connection between two is. */}
        {order.segments.map((s, i) => (
          <div key={s.flight.flightKey} data-testid="order-segment" style={i > 0 && multi ? { marginTop: 16 } : undefined}>
            {multi && <Typography.Title level={5}>{legNames[i]}</Typography.Title>}
            {i > 0 && order.trip !== "rt" && <ConnectionLine from={order.segments[i - 1].flight} to={s.flight} />}
            <FlightSummary flight={s.flight} seat={s.seat} />
          </div>
        ))}
      </Card>
      <Card title={t("flightOrder.passengers")}>
        <Table rowKey="id" columns={columns} dataSource={order.passengers} pagination={false} size="middle" scroll={{ x: "max-content" }} />
        <Descriptions column={3} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t("business.booker")}>{order.bookerName}</Descriptions.Item>
          {order.travellerName && <Descriptions.Item label={t("business.traveller")}><span data-testid="order-traveller">{order.travellerName}</span></Descriptions.Item>}
          <Descriptions.Item label={t("flightOrder.contactName")}>{order.contactName}</Descriptions.Item>
          <Descriptions.Item label={t("flightOrder.contactMobile")}>{order.contactMobile}</Descriptions.Item>
          <Descriptions.Item label={t("flightOrder.list.createTime")}>{when(order.createTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <div className="tp-order">
        <Card title={t("flightOrder.detail.timeline")}>
          <Timeline
            items={order.events.map((e) => ({
              color: timelineColor(flightOrderColor(e.toStatus)),
              children: (
                <div>
                  <Typography.Text strong>{actionLabel(e.action)}</Typography.Text>
                  <Typography.Text type="secondary"> · {codeLabel(FLIGHT_ORDER_LABELS, e.toStatus)} · {e.actorName} · {when(e.createTime)}</Typography.Text>
                  {e.note && <div>{e.note}</div>}
                </div>
              ),
            }))}
          />
        </Card>
        <Card title={t("flightOrder.pricePanel")} className="tp-order__side">
          {multi ? <TripPrices panels={panels} names={legNames} showServFee /> : <PriceSummary panel={panels[0]} international={Boolean(order.international)} />}
        </Card>
      </div>
      <LazyReimbursementSection orderId={order.id} />
      {dialog === "refund" && <RefundDialog orderId={order.id} onClose={() => setDialog(null)} onDone={afterDialog} />}
      {dialog === "change" && <ChangeDialog order={order} onClose={() => setDialog(null)} onDone={afterDialog} />}
    </Space>
  );
}
