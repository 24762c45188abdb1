// Where a paid recharge lands (/recharge/finish?orderNo=…): the recharge read back from the
// server by its number: 充值成功 with the amount and the balance, or, while the payment is still
// being confirmed, a note that it is being processed (looked at again every few seconds).
import { Alert, Button, Card, Descriptions, Result, Skeleton } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { useLocation } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { RECHARGE_PATHS, RECHARGE_STATUS, type RechargeDetail } from "../../domain/orders/recharge";
import { PAY_POLL_INTERVAL_MS, formatChinaTime } from "../../domain/format";
import { formatFen, moneyText } from "../../domain/money";

const RECHARGE_NO = /^R\d{18}$/;

export default function RechargeFinishPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { orderNo } = queryOf(useLocation().search);
  return (
    <WorkbenchFrame routeName={routeName}>
      {orderNo && RECHARGE_NO.test(orderNo) ? <Finish orderNo={orderNo} /> : <Card><Result status="404" title={t("recharge.notFound")} /></Card>}
    </WorkbenchFrame>
  );
}

function Finish({ orderNo }: { orderNo: string }) {
  const t = useTranslate();
  const { query, result } = useCustom<RechargeDetail>({
    url: RECHARGE_PATHS.detail,
    method: "post",
    config: { payload: { orderNo } },
    errorNotification: false,
    queryOptions: {
      retry: false,
      refetchOnWindowFocus: false,
      // Still waiting for the payment's confirmation: look again until it is credited or closed.
      refetchInterval: (q) => (q.state.data?.data?.status === RECHARGE_STATUS.pendingPayment ? PAY_POLL_INTERVAL_MS : false),
    },
  });
  const r = result.data as RechargeDetail | undefined;
  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 4 }} /></Card>;
  if (query.error || !r) {
    return <Alert type="error" showIcon message={t("recharge.loadError")} description={query.error?.message} action={<Button onClick={() => query.refetch()}>{t("flightOrder.retry")}</Button>} />;
  }
  const links = [
    <LinkButton key="wallet" type="primary" to={pathFor("my_wallet")}>{t("recharge.toWallet")}</LinkButton>,
    <LinkButton key="again" to={pathFor("recharge_index")}>{t("recharge.again")}</LinkButton>,
  ];
  const facts = (
    <Descriptions column={1} size="small" bordered style={{ maxWidth: 480, margin: "0 auto" }}>
      <Descriptions.Item label={t("recharge.orderNo")}>{r.orderNo}</Descriptions.Item>
      <Descriptions.Item label={t("recharge.amount")}><span data-testid="recharge-amount">{moneyText(r.amount)}</span></Descriptions.Item>
      {r.status === RECHARGE_STATUS.credited && (
        <>
          <Descriptions.Item label={t("recharge.balanceNow")}><span data-testid="recharge-new-balance">{moneyText(r.balance)}</span></Descriptions.Item>
          {r.creditedTime && <Descriptions.Item label={t("recharge.creditedTime")}>{formatChinaTime(r.creditedTime)}</Descriptions.Item>}
        </>
      )}
    </Descriptions>
  );
  if (r.status === RECHARGE_STATUS.credited) {
    return <Card><Result status="success" title={t("recharge.success")} subTitle={t("recharge.successNote", { amount: formatFen(r.amount) })} extra={links}>{facts}</Result></Card>;
  }
  if (r.status === RECHARGE_STATUS.closed) {
    return <Card><Result status="warning" title={t("recharge.closed")} subTitle={t("recharge.closedNote")} extra={links}>{facts}</Result></Card>;
  }
  return <Card><Result status="info" title={t("recharge.processing")} subTitle={t("recharge.processingNote")} extra={links}>{facts}</Result></Card>;
}
