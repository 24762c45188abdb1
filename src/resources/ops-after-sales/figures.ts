// How the queue shows money and states: yuan with two decimals, and one colour per state.
import { moneyText } from "../../domain/money";
import type { AfterSalesState } from "../../domain/ops/after-sales-paths";

export const fen = (v: number) => moneyText(v);

export const STATE_COLORS: Readonly<Record<AfterSalesState, string>> = {
  requested: "orange", confirming: "orange", processing: "blue", ticketRefunded: "blue", refunded: "green", confirmed: "green", rejected: "red", declined: "default",
};
