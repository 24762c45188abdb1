// TrainOrderDetails (/train/OrderDetails/:orderId): one train order — status with its colour, the
// time left to pay (or, waiting for approval, to be approved), a business order's standard, reason
// and approval, the train, passengers with their seats, the price by ticket type, money refunded
// and the timeline. The buttons are the actions the shared state machine allows a member
// in this status: cancel (confirmed first), 退票 (the railway's fee per passenger shown before it
// is confirmed) and 改签; a change to a dearer train waiting for its difference (改签待支付) shows
// the new train, the difference and the time left, with 支付差价 and 取消改签.
import { usePayWords } from "../../components/orders/usePayWords";
import { useState } from "react";
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag, Timeline, Typography, type TableColumnsType } from "antd";
import { useInvalidate, useOne, useTranslate } from "@refinedev/core";
import { OrderDisruption } from "../../components/disruption";
import { useParams } from "react-router";
import { TRAIN_ORDER_ACTIONS, TRAIN_ORDER_STATUS, trainOrderColor, TRAIN_ORDER_LABELS } from "../../domain/orders/train";
import { SeatChoiceText } from "../../components/orders/seat-choice";
import { TRAIN_PASSENGER_TYPE_LABELS, type TrainOrderDetail, type TrainOrderPassenger } from "../../domain/orders/train-types";
import { CERT_TYPES } from "../../domain/codes";
import { formatChinaTime } from "../../domain/format";
import { durationText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { LazyReimbursementSection } from "../../components/einvoice/LazyReimbursementSection";
import { Countdown } from "../../components/orders/Countdown";
import { ApprovalWaiting, BusinessFacts } from "../BusinessFacts";
import { timelineColor } from "../timeline-color";
import { trainPayPath } from "./index";
import { channelText } from "./channel";
import { RefundDialog } from "./RefundDialog";
import { ChangeDialog } from "./ChangeDialog";
import { useRecordAction } from "../useRecordAction";
import "../../components/orders/order.css";
import { useCodes } from "../../components/use-codes";
import { formatFen, moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);

export default function TrainOrderShowPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { orderId } = useParams();
  return (
    <WorkbenchFrame routeName={routeName} title={t("trainOrder.detailTitle")} query={{ type: "train" }}>
      {orderId && /^\d{1,10}$/.test(orderId) ? <OrderDetail orderId={Number(orderId)} /> : <Card><Result status="404" title={t("trainOrder.notFound")} /></Card>}
    </WorkbenchFrame>
  );
}

function OrderDetail({ orderId }: { orderId: number }) {
  const t = useTranslate();
  const payWords = usePayWords();
  const { codeLabel } = useCodes();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<"refund" | "change" | null>(null);
  const { query, result } = useOne<TrainOrderDetail>({ resource: "train-orders", id: orderId, errorNotification: false });
  const action = useRecordAction("train-orders");
  const order = result as TrainOrderDetail | undefined;

  if (query.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !order) {
    return <Alert type="error" showIcon message={t("trainOrder.loadError")} description={query.error?.message} action={<Button onClick={() => query.refetch()}>{t("trainOrder.retry")}</Button>} />;
  }

  const refresh = () => invalidate({ resource: "train-orders", invalidates: ["list", "detail"], id: orderId });
  const cancel = () =>
    modal.confirm({
      title: t("trainOrder.cancel"),
      content: t("trainOrder.cancelConfirm"),
      okText: t("trainOrder.cancelOk"),
      cancelText: t("trainOrder.notNow"),
      okButtonProps: { danger: true },
      onOk: () => action.run(orderId, "cancel", t("trainOrder.cancelled")),
    });

  const cancelChange = () =>
    modal.confirm({
      title: t("trainOrder.changeCancel"),
      content: t("trainOrder.changeCancelConfirm"),
      okText: t("trainOrder.changeCancelOk"),
      cancelText: t("trainOrder.notNow"),
      onOk: () => action.run(orderId, "changeCancel", t("trainOrder.changeCancelled")),
    });

  const pending = order.status === TRAIN_ORDER_STATUS.pendingPayment;
  const approving = order.status === TRAIN_ORDER_STATUS.approving;
  // A server from before dearer changes answers neither field.
  const changeDue = order.status === TRAIN_ORDER_STATUS.changePending ? order.pendingChange ?? null : null;
  const changePaid = order.changePaid ?? 0;
  // Unpaid: what is to pay. Paid: what was paid (with a dearer change's difference); fees kept and
  // money returned follow it.
  const unpaid = pending || approving || order.status === TRAIN_ORDER_STATUS.cancelled;
  const totalLabel = unpaid ? t("trainOrder.total") : t("trainOrder.paid");
  const total = unpaid ? order.payprice : order.payprice + changePaid;
  const typeLabel = (p: TrainOrderPassenger) => codeLabel(TRAIN_PASSENGER_TYPE_LABELS, p.passengerType);
  const anyFee = order.passengers.some((p) => p.refundFee > 0);
  const nowrap = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
  const columns: TableColumnsType<TrainOrderPassenger> = [
    { ...nowrap, title: t("trainOrder.name"), dataIndex: "name", key: "name" },
    { ...nowrap, title: t("trainOrder.passengerType"), key: "type", render: (_: unknown, p) => typeLabel(p) },
    { ...nowrap, title: t("trainOrder.certNo"), key: "cert", render: (_: unknown, p) => `${codeLabel(CERT_TYPES, p.certType)} ${p.certNo}` },
    { ...nowrap, title: t("trainOrder.seatNo"), dataIndex: "seatNo", key: "seatNo", render: (v: string | null) => v ?? "—" },
    ...(order.passengers.some((p) => p.seatChoice) ? [{ title: t("trainOrder.seatChoice"), key: "seatChoice", render: (_: unknown, p: TrainOrderPassenger) => <SeatChoiceText choice={p.seatChoice} held={p.seatChoiceHeld} /> }] : []),
    { ...nowrap, title: t("trainOrder.fare"), dataIndex: "fare", key: "fare", align: "right", render: fen },
    ...(anyFee ? [{ ...nowrap, title: t("trainOrder.refundFee"), dataIndex: "refundFee", key: "refundFee", align: "right" as const, render: fen }] : []),
  ];
  const byType = (["adult", "child"] as const)
    .map((type) => ({ type, people: order.passengers.filter((p) => p.passengerType === type) }))
    .filter((x) => x.people.length > 0);
  const actionLabel = (action: string) => (action === "create" ? t("trainOrder.created") : codeLabel(TRAIN_ORDER_ACTIONS, action));

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <OrderDisruption order={order} product="train" onChanged={refresh} />
      <Card>
        <div className="tp-order__status">
          <Space size={[16, 8]} wrap>
            <Tag color={trainOrderColor(order.status)} className="tp-order__status-tag" data-testid="order-status">{codeLabel(TRAIN_ORDER_LABELS, order.status)}</Tag>
            <Typography.Text>{t("trainOrder.orderNo")}{t("common.colon")}{order.orderNo}</Typography.Text>
            <Typography.Text>{totalLabel}{t("common.colon")}<Typography.Text strong type="danger">{fen(total)}</Typography.Text></Typography.Text>
            {order.ticketNo && <Typography.Text>{t("trainOrder.ticketNo")}{t("common.colon")}{order.ticketNo}</Typography.Text>}
            {pending && order.expiresAt && <Typography.Text type="warning"><Countdown until={order.expiresAt} onEnd={refresh} /></Typography.Text>}
            {approving && order.expiresAt && <Typography.Text type="warning"><Countdown until={order.expiresAt} onEnd={refresh} textKey="business.approveWithin" /></Typography.Text>}
            {changeDue && <Typography.Text type="warning"><Countdown until={changeDue.expiresAt} onEnd={refresh} textKey="trainOrder.changePayWithin" /></Typography.Text>}
          </Space>
          <Space wrap>
            {pending && <LinkButton type="primary" to={trainPayPath(order.id, order.orderNo)}>{payWords.goPay}</LinkButton>}
            {changeDue && <LinkButton type="primary" to={trainPayPath(order.id, order.orderNo)}>{t("trainOrder.changePayGo")}</LinkButton>}
            {order.actions.includes("cancelChange") && <Button onClick={cancelChange} loading={action.pending}>{t("trainOrder.changeCancel")}</Button>}
            {order.actions.includes("cancel") && <Button danger onClick={cancel} loading={action.pending}>{t("trainOrder.cancel")}</Button>}
            {order.actions.includes("change") && <Button onClick={() => setDialog("change")}>{t("trainOrder.change")}</Button>}
            {order.actions.includes("refund") && <Button danger onClick={() => setDialog("refund")}>{t("trainOrder.refund")}</Button>}
            <LinkButton to={pathFor("OrderLists", undefined, { type: "train" })}>{t("trainOrder.backToList")}</LinkButton>
          </Space>
        </div>
      </Card>
      {approving && <ApprovalWaiting approval={order.approval} />}
      {changeDue && (
        <Card title={t("trainOrder.changePending")} data-testid="change-pending">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t("trainOrder.changeNewTrain")}>{`${changeDue.trainNo}　${changeDue.fromStation} ${changeDue.depTime} → ${changeDue.toStation} ${changeDue.arrTime}`}</Descriptions.Item>
            <Descriptions.Item label={t("trainOrder.depDate")}>{changeDue.depDate}</Descriptions.Item>
            <Descriptions.Item label={t("trainOrder.seat")}>{changeDue.seatName}</Descriptions.Item>
            <Descriptions.Item label={t("trainOrder.changePayLine")}><Typography.Text strong type="danger">{fen(changeDue.pay)}</Typography.Text></Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t("trainOrder.changePayNote")}</Typography.Paragraph>
        </Card>
      )}
      {order.travelType === "business" && <BusinessFacts order={order} />}
      <Card title={t("trainOrder.trip")}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {order.trainNo}　{order.fromStation} {order.depTime} → {order.toStation} {order.arrTime}
        </Typography.Title>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t("search.train.trainType")}>{order.trainTypeName}</Descriptions.Item>
          <Descriptions.Item label={t("trainOrder.depDate")}>{order.depDate}{t("common.parenthesized", { text: t("trainOrder.duration", { text: durationText(order.durationMin, domainLang()) }) })}</Descriptions.Item>
          <Descriptions.Item label={t("trainOrder.seat")}>{order.seatName}</Descriptions.Item>
          <Descriptions.Item label={t("trainChannel.label")}><span data-testid="order-channel">{channelText(order, t)}</span></Descriptions.Item>
          {order.changedFrom && <Descriptions.Item label={t("trainOrder.changedFrom")}>{order.changedFrom}</Descriptions.Item>}
          <Descriptions.Item label={t("business.booker")}>{order.bookerName}</Descriptions.Item>
          {order.travellerName && <Descriptions.Item label={t("business.traveller")}><span data-testid="order-traveller">{order.travellerName}</span></Descriptions.Item>}
          <Descriptions.Item label={t("trainOrder.contactName")}>{order.contactName}</Descriptions.Item>
          <Descriptions.Item label={t("trainOrder.contactMobile")}>{order.contactMobile}</Descriptions.Item>
          <Descriptions.Item label={t("trainOrder.createTime")}>{formatChinaTime(order.createTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("trainOrder.passengers")}>
        <Table rowKey="id" columns={columns} dataSource={order.passengers} pagination={false} size="small" scroll={{ x: 640 }} data-testid="order-passengers" />
      </Card>
      <div className="tp-order">
        <Card title={t("trainOrder.timeline")}>
          <Timeline
            items={order.events.map((e) => ({
              color: timelineColor(trainOrderColor(e.toStatus)),
              children: (
                <div>
                  <Typography.Text strong>{actionLabel(e.action)}</Typography.Text>
                  <Typography.Text type="secondary"> · {codeLabel(TRAIN_ORDER_LABELS, e.toStatus)} · {e.actorName} · {formatChinaTime(e.createTime)}</Typography.Text>
                  {e.note && <div>{e.note}</div>}
                </div>
              ),
            }))}
          />
        </Card>
        <Card title={t("trainOrder.pricePanel")} className="tp-order__side">
          <Descriptions column={1} size="small">
            {byType.map((x) => (
              <Descriptions.Item key={x.type} label={t("trainOrder.ticketLine", { type: codeLabel(TRAIN_PASSENGER_TYPE_LABELS, x.type), price: formatFen(x.people[0].fare), n: x.people.length })}>
                {fen(x.people.reduce((s, p) => s + p.fare, 0))}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t("trainOrder.ticketTotal")}>{fen(order.ticketTotal)}</Descriptions.Item>
            {order.serviceFee > 0 && <Descriptions.Item label={t("trainOrder.serviceFee")}>{fen(order.serviceFee)}</Descriptions.Item>}
            <Descriptions.Item label={totalLabel}><Typography.Text strong type="danger" data-testid="order-total">{fen(total)}</Typography.Text></Descriptions.Item>
            {changePaid > 0 && <Descriptions.Item label={t("trainOrder.changePaid")}><span data-testid="order-change-paid">{fen(changePaid)}</span></Descriptions.Item>}
            {order.refundFee > 0 && <Descriptions.Item label={t("trainOrder.refundFee")}>{fen(order.refundFee)}</Descriptions.Item>}
            {order.refundAmount > 0 && <Descriptions.Item label={t("trainOrder.refundAmount")}><span data-testid="order-refunded">{fen(order.refundAmount)}</span></Descriptions.Item>}
          </Descriptions>
        </Card>
      </div>
      <LazyReimbursementSection orderId={order.id} />
      {dialog === "refund" && <RefundDialog orderId={orderId} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog === "change" && <ChangeDialog order={order} onClose={() => setDialog(null)} onDone={refresh} />}
    </Space>
  );
}
