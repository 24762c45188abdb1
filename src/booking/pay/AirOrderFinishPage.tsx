// The air order finish page (/view/airTicket/orderfinish.shtml): where a paid flight order
// lands (or a confirmed one, where the brand confirms orders instead of paying), with its number and the way to its detail and to its tab of the order centre (公务机票
// for a 政府采购 order).
import { Card, Result } from "antd";
import { useOne } from "@refinedev/core";
import type { FlightOrderDetail } from "../../domain/orders/flight-types";
import { useLocation } from "react-router";
import { queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { orderDetailPath } from "../../access/order-paths";
import { pathFor } from "../../access/routes";
import { useTranslate } from "@refinedev/core";
import { usePayWords } from "../../components/orders/usePayWords";

export default function AirOrderFinishPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const words = usePayWords();
  const q = queryOf(useLocation().search);
  const orderId = /^\d+$/.test(q.orderId ?? "") ? q.orderId! : null;
  const { result } = useOne<FlightOrderDetail>({ resource: "flight-orders", id: orderId ?? "", errorNotification: false, queryOptions: { enabled: orderId !== null } });
  const tab = (result as FlightOrderDetail | undefined)?.gp ? "gp" : "airTicket";
  return (
    <WorkbenchFrame routeName={routeName} title={words.finishTitle}>
      <Card>
        <Result
          status="success"
          title={words.success}
          subTitle={q.orderNo ? t("pay.finishOrderNo", { orderNo: q.orderNo }) : undefined}
          extra={[
            orderId && <LinkButton key="detail" type="primary" to={orderDetailPath(orderId)}>{t("pay.viewOrder")}</LinkButton>,
            <LinkButton key="list" to={pathFor("OrderLists", undefined, { type: tab })}>{t("flightOrder.detail.backToList")}</LinkButton>,
          ]}
        />
      </Card>
    </WorkbenchFrame>
  );
}
