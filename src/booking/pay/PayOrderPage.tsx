// The cashier (/pay/order/:orderId): the order's summary, its amount and the time left to pay,
// and the methods the member may use: the wallet, Alipay and WeChat (sandbox QR), and the
// company's credit line for members of a company that has one.
import { usePayWords } from "../shared/usePayWords";
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Typography } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { useParams } from "react-router";
import { BUSINESS_TYPE, BUSINESS_TYPE_LABELS, PAY_PATHS, type CashierInfo, type PayMethod } from "../../domain/payments";
import { FLIGHT_ORDER_STATUS, FLIGHT_ORDER_LABELS } from "../../domain/orders/flight";
import { HOTEL_ORDER_STATUS, HOTEL_ORDER_LABELS } from "../../domain/orders/hotel";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { LinkButton } from "../../pages/index/LinkButton";
import { Countdown } from "../../resources/flight-orders/Countdown";
import { orderDetailPath } from "../../resources/flight-orders";
import { hotelOrderDetailPath } from "../../resources/hotel-orders";
import { TRAIN_ORDER_STATUS, TRAIN_ORDER_LABELS } from "../../domain/orders/train";
import { trainOrderDetailPath } from "../../resources/train-orders";
import { RECHARGE_STATUS, RECHARGE_LABELS } from "../../domain/orders/recharge";
import { pathFor } from "../../access/routes";
import { CreditPay, WalletPay } from "./AccountPay";
import { QrPay } from "./QrPay";
import { useCodes } from "../../components/use-codes";
import "./pay.css";
import { formatFen } from "../../domain/money";

export default function PayOrderPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const words = usePayWords();
  const { orderId } = useParams();
  return (
    <WorkbenchFrame routeName={routeName} title={words.title}>
      {orderId && /^\d+$/.test(orderId) ? <Cashier orderId={Number(orderId)} /> : <Result status="404" title={t("flightOrder.detail.notFound")} />}
    </WorkbenchFrame>
  );
}

/**
 * Each product's unpaid and just-paid statuses, labels and detail page; a flight's change owes its
 * own amount in 改签申请中, a train's dearer change its difference in 改签待支付.
 */
const PRODUCT_VIEW = {
  air: { pending: FLIGHT_ORDER_STATUS.pendingPayment, paid: FLIGHT_ORDER_STATUS.paid, statuses: FLIGHT_ORDER_LABELS, detail: (i: CashierInfo) => orderDetailPath(i.orderId) },
  airChange: { pending: FLIGHT_ORDER_STATUS.changeRequested, paid: FLIGHT_ORDER_STATUS.changed, statuses: FLIGHT_ORDER_LABELS, detail: (i: CashierInfo) => orderDetailPath(i.orderId) },
  hotel: { pending: HOTEL_ORDER_STATUS.pendingPayment, paid: HOTEL_ORDER_STATUS.pendingConfirm, statuses: HOTEL_ORDER_LABELS, detail: (i: CashierInfo) => hotelOrderDetailPath(i.orderNo) },
  train: { pending: TRAIN_ORDER_STATUS.pendingPayment, paid: TRAIN_ORDER_STATUS.ticketing, statuses: TRAIN_ORDER_LABELS, detail: (i: CashierInfo) => trainOrderDetailPath(i.orderId) },
  trainChange: { pending: TRAIN_ORDER_STATUS.changePending, paid: TRAIN_ORDER_STATUS.changed, statuses: TRAIN_ORDER_LABELS, detail: (i: CashierInfo) => trainOrderDetailPath(i.orderId) },
  recharge: { pending: RECHARGE_STATUS.pendingPayment, paid: RECHARGE_STATUS.credited, statuses: RECHARGE_LABELS, detail: () => pathFor("RechargeRecord"), detailKey: "recharge.records" },
} as const;

type ProductView = (typeof PRODUCT_VIEW)[keyof typeof PRODUCT_VIEW] & { detailKey?: string };

export function Cashier({ orderId }: { orderId: number }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const words = usePayWords();
  const { query, result } = useCustom<CashierInfo>({
    url: PAY_PATHS.cashier,
    method: "post",
    config: { payload: { orderId } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false },
  });
  const info = result.data as CashierInfo | undefined;
  if (query.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (query.error || !info) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("pay.loadError")}
        description={query.error?.message}
        action={<Button onClick={() => query.refetch()}>{t("flightOrder.retry")}</Button>}
      />
    );
  }
  const view: ProductView = info.businessType === BUSINESS_TYPE.trainChangeTicket ? PRODUCT_VIEW.trainChange
    : info.product === "hotel" || info.product === "train" || info.product === "recharge" ? PRODUCT_VIEW[info.product]
    : info.businessType === BUSINESS_TYPE.changeTicket ? PRODUCT_VIEW.airChange : PRODUCT_VIEW.air;
  const detail = <LinkButton to={view.detail(info)}>{t(view.detailKey ?? "pay.viewOrder")}</LinkButton>;
  if (info.status !== view.pending) {
    return (
      <Card>
        <Result status={info.status === view.paid ? "success" : "warning"} title={t("pay.notPayable", { status: codeLabel(view.statuses, info.status) })} extra={detail} />
      </Card>
    );
  }

  const labels: Record<PayMethod, string> = { wallet: t("pay.wallet"), alipay: t("pay.alipay"), wechat: t("pay.wechat"), credit: t("pay.credit") };
  // Confirming settles on the company's credit first.
  const methods = words.confirm ? [...info.methods].sort((a, b) => Number(b === "credit") - Number(a === "credit")) : info.methods;
  const panes = methods.map((m) => ({
    key: m,
    label: labels[m],
    children: m === "wallet" ? <WalletPay info={info} /> : m === "credit" ? <CreditPay info={info} /> : <QrPay info={info} method={m} />,
  }));

  return (
    <div className="tp-pay">
      <Card title={t("pay.methods")}>
        {panes.length ? <Tabs items={panes} className="tp-pay__methods" destroyOnHidden /> : <Alert type="warning" showIcon message={t("pay.noMethod")} />}
      </Card>
      <Card title={t("pay.summary")}>
        <Space direction="vertical" size={12} style={{ width: "100%" }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("flightOrder.list.orderNo")}>{info.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t("pay.product")}>{info.title}</Descriptions.Item>
            {(info.businessType === BUSINESS_TYPE.changeTicket || info.businessType === BUSINESS_TYPE.trainChangeTicket) && (
              <Descriptions.Item label={t("pay.businessType")}>{BUSINESS_TYPE_LABELS[info.businessType]}</Descriptions.Item>
            )}
          </Descriptions>
          <div>
            <Typography.Text type="secondary">{t(info.companyPart ? "pay.selfPart" : "pay.amount")}</Typography.Text>
            <div className="tp-pay__amount" data-testid="pay-amount">¥{formatFen(info.amount)}</div>
          </div>
          {info.companyPart ? (
            <Typography.Text type="secondary" data-testid="pay-company-part">{t("pay.companyPart", { amount: formatFen(info.companyPart) })}</Typography.Text>
          ) : null}
          {info.expiresAt && (
            <Typography.Text type="warning"><Countdown until={info.expiresAt} onEnd={() => query.refetch()} /></Typography.Text>
          )}
          {detail}
        </Space>
      </Card>
    </div>
  );
}
