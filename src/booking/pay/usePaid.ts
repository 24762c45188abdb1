// What the portal does once a trade is paid: the redirect of its business type. A type whose
// redirect is the page's own callback (a recharge) goes where the page that opened the cashier says.
import { createContext, useContext } from "react";
import { App } from "antd";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { payRedirect, type PaymentResult } from "../../domain/payments";
import { usePayWords } from "../../components/orders/usePayWords";

/** The "callback success" of the redirect table, supplied by the page around the cashier. */
export const PayCallback = createContext<((r: PaymentResult) => void) | null>(null);

export function usePaid(): (r: PaymentResult) => void {
  const navigate = useNavigate();
  const callback = useContext(PayCallback);
  const { message } = App.useApp();
  const words = usePayWords();
  return (r) => {
    const to = payRedirect(r.businessType);
    if (to.kind === "callback") return callback?.(r);
    if (to.kind !== "route") return;
    if (to.toast) message.success(words.orderDone);
    navigate(pathFor(to.route, to.params?.(r.orderId, r.orderNo), to.query?.(r.orderId, r.orderNo)), { replace: true });
  };
}
