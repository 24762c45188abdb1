// The train pages come in three variants: the ordinary pages, 12306账号购票 ("ab": the ticket is
// bought into the member's own 12306 account) and 免账号购票 ("nab": the agency buys it). Each
// variant's query page books on its own order page, and the ab and nab pages offer each other.
import { Alert } from "antd";
import { Link } from "react-router";
import { useTranslate } from "@refinedev/core";
import { pathFor } from "../../access/routes";
import type { TrainChannel } from "../../domain/orders/train-account";

export type TrainVariant = TrainChannel | undefined;

export const trainQueryRoute = (v: TrainVariant) => (v ? `train_${v}_query_list` : "train_query_list");
export const trainOrderRoute = (v: TrainVariant) => (v ? `train_${v}_order_info` : "train_order_info");

/** What the variant means, and the way to the other one's same page with the same search (and train). */
export function ChannelBanner({ variant, query, page }: { variant: TrainChannel; query: Record<string, string | undefined>; page: "query" | "order" }) {
  const t = useTranslate();
  const other: TrainChannel = variant === "ab" ? "nab" : "ab";
  return (
    <Alert
      className="tp-bk-channel"
      type="info"
      showIcon
      data-testid="train-channel"
      message={t(`trainChannel.${variant}`)}
      description={t(`trainChannel.${variant}Hint`)}
      action={<Link to={pathFor(page === "query" ? trainQueryRoute(other) : trainOrderRoute(other), undefined, query)}>{t(variant === "ab" ? "trainChannel.toNab" : "trainChannel.toAb")}</Link>}
    />
  );
}
