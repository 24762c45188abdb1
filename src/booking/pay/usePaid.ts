// What the portal does once a trade is paid: the redirect of its business type.
import { App } from "antd";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { payRedirect, type PaymentResult } from "../../domain/payments";

export function usePaid(): (r: PaymentResult) => void {
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (r) => {
    const to = payRedirect(r.businessType);
    if (to.kind !== "route") return;
    if (to.toast) message.success(to.toast);
    navigate(pathFor(to.route, to.params?.(r.orderId, r.orderNo), to.query?.(r.orderId, r.orderNo)), { replace: true });
  };
}
