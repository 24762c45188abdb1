// HotelOrderDetails (/hotel/OrderDetails/:orderNo): one hotel order — status with its colour, the
// time left to pay (or, waiting for approval, to be approved), a business order's standard, reason
// and approval, the hotel and room, the stay, guests and contact, the price of every night,
// the cancellation policy and the timeline of every status change. The buttons are the actions
// the shared state machine allows a member in this status.
import { usePayWords } from "../../components/orders/usePayWords";
import { useState } from "react";
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag, Timeline, Typography, type TableColumnsType } from "antd";
import { useInvalidate, useOne, useTranslate } from "@refinedev/core";
import { useParams } from "react-router";
import { HOTEL_ORDER_ACTIONS, HOTEL_ORDER_STATUS, hotelOrderColor, HOTEL_ORDER_LABELS } from "../../domain/orders/hotel";
import { type HotelOrderDetail, type HotelOrderNight } from "../../domain/orders/hotel-types";
import { formatChinaTime } from "../../domain/format";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { LazyReimbursementSection } from "../../components/einvoice/LazyReimbursementSection";
import { Countdown } from "../../components/orders/Countdown";
import { ApprovalWaiting, BusinessFacts } from "../BusinessFacts";
import { timelineColor } from "../timeline-color";
import { hotelPayPath } from "./index";
import { ModifyDialog } from "./modify";
import { HotelCancelButton } from "./CancelDialog";
import { useRecordAction } from "../useRecordAction";
import "../../components/orders/order.css";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);
const when = formatChinaTime;

export default function HotelOrderShowPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { orderNo } = useParams();
  return (
    <WorkbenchFrame routeName={routeName} title={t("hotelOrder.detailTitle")} query={{ type: "hotel" }}>
      {orderNo && /^H\d{18}$/.test(orderNo) ? <OrderDetail orderNo={orderNo} /> : <Card><Result status="404" title={t("hotelOrder.notFound")} /></Card>}
    </WorkbenchFrame>
  );
}

function OrderDetail({ orderNo }: { orderNo: string }) {
  const t = useTranslate();
  const payWords = usePayWords();
  const { codeLabel } = useCodes();
  const invalidate = useInvalidate();
  const { query, result } = useOne<HotelOrderDetail>({ resource: "hotel-orders", id: orderNo, errorNotification: false });
  const action = useRecordAction("hotel-orders");
  const [modifying, setModifying] = useState(false);
  const order = result as HotelOrderDetail | undefined;

  if (query.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !order) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("hotelOrder.loadError")}
        description={query.error?.message}
        action={<Button onClick={() => query.refetch()}>{t("hotelOrder.retry")}</Button>}
      />
    );
  }

  const refresh = () => invalidate({ resource: "hotel-orders", invalidates: ["list", "detail"], id: orderNo });
  const cancel = () => action.run(orderNo, "cancel", t("hotelOrder.cancelled"));
  // The quote is read again when the dialog opens: the fee depends on the time left.
  const requote = async () => {
    const fresh = await query.refetch();
    if (fresh.error) throw fresh.error;
    return (fresh.data?.data as HotelOrderDetail | undefined)?.cancelQuote ?? null;
  };

  const pending = order.status === HOTEL_ORDER_STATUS.pendingPayment;
  const approving = order.status === HOTEL_ORDER_STATUS.approving;
  const nowrap = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
  const columns: TableColumnsType<HotelOrderNight> = [
    { ...nowrap, title: t("hotelOrder.night"), dataIndex: "night", key: "night" },
    { ...nowrap, title: t("hotelOrder.price"), dataIndex: "price", key: "price", render: fen },
    { ...nowrap, title: t("hotelOrder.rooms"), dataIndex: "rooms", key: "rooms" },
    { ...nowrap, title: t("hotelOrder.subtotal"), key: "subtotal", align: "right", render: (_: unknown, n) => fen(n.price * n.rooms) },
  ];
  const actionLabel = (action: string) => (action === "create" ? t("hotelOrder.created") : codeLabel(HOTEL_ORDER_ACTIONS, action));
  const roomTotal = order.nightly.reduce((s, n) => s + n.price * n.rooms, 0);

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <div className="tp-order__status">
          <Space size={[16, 8]} wrap>
            <Tag color={hotelOrderColor(order.status)} className="tp-order__status-tag" data-testid="order-status">
              {codeLabel(HOTEL_ORDER_LABELS, order.status)}
            </Tag>
            <Typography.Text>{t("hotelOrder.orderNo")}{t("common.colon")}{order.orderNo}</Typography.Text>
            <Typography.Text>{t("hotelOrder.total")}{t("common.colon")}<Typography.Text strong type="danger">{fen(order.payprice)}</Typography.Text></Typography.Text>
            {order.confirmNo && <Typography.Text>{t("hotelOrder.confirmNo")}{t("common.colon")}{order.confirmNo}</Typography.Text>}
            {pending && order.expiresAt && (
              <Typography.Text type="warning"><Countdown until={order.expiresAt} onEnd={refresh} /></Typography.Text>
            )}
            {approving && order.expiresAt && (
              <Typography.Text type="warning"><Countdown until={order.expiresAt} onEnd={refresh} textKey="business.approveWithin" /></Typography.Text>
            )}
          </Space>
          <Space>
            {pending && (
              <LinkButton type="primary" to={hotelPayPath(order.orderNo)}>
                {payWords.goPay}
              </LinkButton>
            )}
            {order.actions.includes("modify") && <Button onClick={() => setModifying(true)}>{t("hotelOrder.modify")}</Button>}
            {order.actions.includes("cancel") && (
              <HotelCancelButton requote={requote} onConfirm={cancel} busy={action.pending} />
            )}
            <LinkButton to={pathFor("OrderLists", undefined, { type: "hotel" })}>{t("hotelOrder.backToList")}</LinkButton>
          </Space>
        </div>
      </Card>
      {approving && <ApprovalWaiting approval={order.approval} />}
      {order.travelType === "business" && <BusinessFacts order={order} />}
      <Card title={t("hotelOrder.stay")}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t("hotelOrder.hotel")}>{order.hotelName}{t("common.parenthesized", { text: order.cityName })}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.room")}>{order.roomName} · {order.bedType} · {order.breakfastLabel}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.checkIn")}>{order.checkIn}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.checkOut")}>{order.checkOut}{t("common.parenthesized", { text: t("hotelOrder.nights", { n: order.nights }) })}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.roomCount")}>{t("hotelOrder.roomUnit", { n: order.roomCount })}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.arrivalTime")}>{t("hotelOrder.arrivalHint", { time: order.arrivalTime })}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.address")}>{order.address}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.phone")}>{order.phone}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.cancelPolicy")} span={2}>{order.cancelText}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("hotelOrder.guests")}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          {order.guests.map((g) => (
            <Descriptions.Item key={g.roomNo} label={t("hotelOrder.guestOfRoom", { n: g.roomNo })}>{g.name}</Descriptions.Item>
          ))}
          <Descriptions.Item label={t("business.booker")}>{order.bookerName}</Descriptions.Item>
          {order.travellerName && <Descriptions.Item label={t("business.traveller")}><span data-testid="order-traveller">{order.travellerName}</span></Descriptions.Item>}
          <Descriptions.Item label={t("hotelOrder.contactName")}>{order.contactName}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.contactMobile")}>{order.contactMobile}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.createTime")}>{when(order.createTime)}</Descriptions.Item>
          {order.remark && <Descriptions.Item label={t("hotelOrder.remark")} span={3}>{order.remark}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <div className="tp-order">
        <Card title={t("hotelOrder.timeline")}>
          <Timeline
            items={order.events.map((e) => ({
              color: timelineColor(hotelOrderColor(e.toStatus)),
              children: (
                <div>
                  <Typography.Text strong>{actionLabel(e.action)}</Typography.Text>
                  <Typography.Text type="secondary"> · {codeLabel(HOTEL_ORDER_LABELS, e.toStatus)} · {e.actorName} · {when(e.createTime)}</Typography.Text>
                  {e.note && <div>{e.note}</div>}
                </div>
              ),
            }))}
          />
        </Card>
        <Card title={t("hotelOrder.pricePanel")} className="tp-order__side">
          <Table rowKey="night" columns={columns} dataSource={order.nightly} pagination={false} size="small" />
          <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
            <Descriptions.Item label={t("hotelOrder.roomTotal")}>{fen(roomTotal)}</Descriptions.Item>
            {order.serviceFee > 0 && <Descriptions.Item label={t("hotelOrder.serviceFee")}>{fen(order.serviceFee)}</Descriptions.Item>}
            <Descriptions.Item label={t("hotelOrder.total")}><Typography.Text strong type="danger" data-testid="order-total">{fen(order.payprice)}</Typography.Text></Descriptions.Item>
            {order.status === HOTEL_ORDER_STATUS.refunded && <Descriptions.Item label={t("hotelOrder.penalty")}>{fen(order.penalty)}</Descriptions.Item>}
            {order.status === HOTEL_ORDER_STATUS.refunded && <Descriptions.Item label={t("hotelOrder.refundAmount")}>{fen(order.refundAmount)}</Descriptions.Item>}
          </Descriptions>
        </Card>
      </div>
      <LazyReimbursementSection orderId={order.id} />
      {modifying && <ModifyDialog order={order} open={modifying} onClose={() => setModifying(false)} onSaved={refresh} />}
    </Space>
  );
}
