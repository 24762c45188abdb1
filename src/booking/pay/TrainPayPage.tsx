// The train cashier (/train/train_order_pay/:id/:orderNo): the order's id is in the address, so it
// is the same cashier as every other order's; after payment (trainPay) the train order list opens.
import { usePayWords } from "../../components/orders/usePayWords";
import { Card, Result } from "antd";
import { useParams } from "react-router";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { Cashier } from "./PayOrderPage";
import { useTranslate } from "@refinedev/core";
import "./pay.css";

export default function TrainPayPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const words = usePayWords();
  const { id } = useParams();
  return (
    <WorkbenchFrame routeName={routeName} title={words.title}>
      {id && /^\d{1,10}$/.test(id) ? <Cashier orderId={Number(id)} /> : <Card><Result status="404" title={t("trainOrder.notFound")} /></Card>}
    </WorkbenchFrame>
  );
}
