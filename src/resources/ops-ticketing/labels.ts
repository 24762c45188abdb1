// How the ticketing queue names an order's status (in its own product's table) and how long it
// has waited.
import { useCodes } from "../../components/use-codes";
import { FLIGHT_ORDER_LABELS } from "../../domain/orders/flight";
import { TRAIN_ORDER_LABELS } from "../../domain/orders/train";
import type { TicketingRow } from "../../domain/ops/ticketing";

export function useStatusLabel(): (row: Pick<TicketingRow, "product" | "status">) => string {
  const { codeLabel } = useCodes();
  return (row) => codeLabel(row.product === "train" ? TRAIN_ORDER_LABELS : FLIGHT_ORDER_LABELS, row.status);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 3 分钟 / 2 小时 5 分钟: whole minutes since `since`, read when the page renders. */
export function waitedText(t: Translate, since: string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(since)) / 60_000));
  if (minutes < 60) return t("ops.ticketing.waitedMinutes", { minutes });
  return t("ops.ticketing.waitedHours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
