// The recharge's cashier (/recharge/pay?orderId=…): the same cashier as every order's, which for
// a recharge offers the QR methods only; once paid, the redirect table's "callback success" is
// this page's: the finish page of this recharge.
import { Card, Result } from "antd";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import type { PaymentResult } from "../../domain/payments";
import { Cashier } from "../pay/PayOrderPage";
import { PayCallback } from "../pay/usePaid";
import { useTranslate } from "@refinedev/core";
import "../pay/pay.css";

export default function RechargePayPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { orderId } = queryOf(useLocation().search);
  const finish = (r: PaymentResult) => navigate(pathFor("recharge_finish", undefined, { orderNo: r.orderNo }), { replace: true });
  return (
    <WorkbenchFrame routeName={routeName}>
      {orderId && /^\d{1,10}$/.test(orderId) ? (
        <PayCallback.Provider value={finish}>
          <Cashier orderId={Number(orderId)} />
        </PayCallback.Provider>
      ) : (
        <Card>
          <Result status="404" title={t("recharge.notFound")} extra={<LinkButton type="primary" to={pathFor("recharge_index")}>{t("recharge.again")}</LinkButton>} />
        </Card>
      )}
    </WorkbenchFrame>
  );
}
