// Where the brand or the partner site settles with its companies monthly, a booking is confirmed
// rather than paid: the cashier's title, its button and the order's action read 确认订单, and the
// company's credit line (月结) is offered first, and once confirmed the portal says the order was
// confirmed, never that it was paid. The methods themselves stay what the server offers.
import { useTranslate } from "@refinedev/core";
import { useSwitches } from "./useSwitches";

export function usePayWords() {
  const t = useTranslate();
  const confirm = !useSwitches().pay;
  return {
    confirm,
    title: confirm ? t("common.confirmOrder") : t("pay.title"),
    submit: confirm ? t("common.confirmOrder") : t("pay.payNow"),
    goPay: confirm ? t("common.confirmOrder") : t("pay.goPay"),
    finishTitle: confirm ? t("pay.confirmedTitle") : t("pay.finishTitle"),
    success: confirm ? t("pay.confirmed") : t("pay.success"),
    /** The note once an order is settled, where the cashier hands back to the order. */
    orderDone: confirm ? t("common.orderConfirmed") : t("common.orderPaid"),
  };
}
