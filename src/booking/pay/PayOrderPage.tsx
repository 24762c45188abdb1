// The cashier (/pay/order/:orderId): the order's summary, its amount and the time left to pay,
// and the methods the member may use: the wallet, Alipay and WeChat (sandbox QR), and the
// company's credit line for members of a company that has one.
import { usePayWords } from "../../components/orders/usePayWords";
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Typography } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { useParams } from "react-router";
import { BUSINESS_TYPE, BUSINESS_TYPE_LABELS, PAY_PATHS, type CashierInfo, type PayMethod } from "../../domain/payments";
import { PAYABLE_PRODUCTS, payableOfBusinessType, type PayableKind } from "../../domain/orders/products";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { Countdown } from "../../components/orders/Countdown";
import { hotelOrderDetailPath, orderDetailPath, trainOrderDetailPath } from "../../access/order-paths";
import { pathFor } from "../../access/routes";
import { CreditPay, WalletPay } from "./AccountPay";
import { QrPay } from "./QrPay";
import { useCodes } from "../../components/use-codes";
import "./pay.css";
import { formatFen, moneyText } from "../../domain/money";

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

/** Each kind of payment's order page (its statuses come from the product registry). */
const DETAIL: Readonly<Record<PayableKind, { detail: (i: CashierInfo) => string; detailKey?: string }>> = {
  air: { detail: (i) => orderDetailPath(i.orderId) },
  airChange: { detail: (i) => orderDetailPath(i.orderId) },
  hotel: { detail: (i) => hotelOrderDetailPath(i.orderNo) },
  train: { detail: (i) => trainOrderDetailPath(i.orderId) },
  trainChange: { detail: (i) => trainOrderDetailPath(i.orderId) },
  recharge: { detail: () => pathFor("RechargeRecord"), detailKey: "recharge.records" },
};

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
  const product = payableOfBusinessType(info.businessType) ?? PAYABLE_PRODUCTS.air;
  const view = DETAIL[product.kind];
  const detail = <LinkButton to={view.detail(info)}>{t(view.detailKey ?? "pay.viewOrder")}</LinkButton>;
  if (info.status !== product.pendingPayment) {
    return (
      <Card>
        <Result status={info.status === product.paid ? "success" : "warning"} title={t("pay.notPayable", { status: codeLabel(product.statuses, info.status) })} extra={detail} />
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
            <div className="tp-pay__amount" data-testid="pay-amount">{moneyText(info.amount)}</div>
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
