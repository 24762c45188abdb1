// The hotel cashier (/pay/hotel/:orderNo): the order is addressed by its number, so its id is
// read from the order's detail first; then it is the same cashier as every other order's.
import { usePayWords } from "../../components/orders/usePayWords";
import { Alert, Button, Card, Result, Skeleton } from "antd";
import { useOne, useTranslate } from "@refinedev/core";
import { useParams } from "react-router";
import type { HotelOrderDetail } from "../../domain/orders/hotel-types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { Cashier } from "./PayOrderPage";
import "./pay.css";

export default function HotelPayPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const words = usePayWords();
  const { orderNo } = useParams();
  return (
    <WorkbenchFrame routeName={routeName} title={words.title}>
      {orderNo && /^H\d{18}$/.test(orderNo) ? <ByOrderNo orderNo={orderNo} /> : <Card><Result status="404" title={t("hotelOrder.notFound")} /></Card>}
    </WorkbenchFrame>
  );
}

function ByOrderNo({ orderNo }: { orderNo: string }) {
  const t = useTranslate();
  const { query, result } = useOne<HotelOrderDetail>({ resource: "hotel-orders", id: orderNo, errorNotification: false, queryOptions: { retry: false } });
  const order = result as HotelOrderDetail | undefined;
  if (query.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (query.error || !order) {
    return <Alert type="error" showIcon message={t("pay.loadError")} description={query.error?.message} action={<Button onClick={() => query.refetch()}>{t("hotelOrder.retry")}</Button>} />;
  }
  return <Cashier orderId={order.id} />;
}
