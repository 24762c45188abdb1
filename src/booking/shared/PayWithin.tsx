// "提交后请在 N 分钟内完成支付" under an order form's submit button, with the server's own payment
// window (operators set it), never a number compiled into the page. Nothing shows until the server
// answered, and nothing at all if it could not: an order's own deadline is on its detail page.
import { Typography } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { PAYMENT_WINDOW_PATH, type PaymentWindowReply } from "../../domain/orders/payment-window";

/** `instead`: a sentence that replaces it (an order that waits for its approval is paid once approved). */
export function PayWithin({ textKey, instead }: { textKey: string; instead?: string }) {
  const t = useTranslate();
  const { result } = useCustom<PaymentWindowReply>({
    url: PAYMENT_WINDOW_PATH,
    method: "get",
    errorNotification: false,
    // Read once when the server starts: one answer serves the whole visit.
    queryOptions: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
  });
  const minutes = (result.data as PaymentWindowReply | undefined)?.minutes;
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12, minHeight: 20 }} data-testid="pay-within">
      {instead ?? (minutes ? t(textKey, { minutes }) : null)}
    </Typography.Paragraph>
  );
}
