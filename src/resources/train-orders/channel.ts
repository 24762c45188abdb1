// 购票方式 of a train order as the order list and detail show it: into the member's own 12306
// account (with its name), or through the agency (免账号购票; orders of the ordinary page too).
import type { TrainOrderRow } from "../../domain/orders/train-types";

export function channelText(o: Pick<TrainOrderRow, "channel" | "account12306">, t: (key: string, options?: Record<string, unknown>) => string): string {
  return o.channel === "ab" ? t("trainChannel.abWith", { account: o.account12306 ?? "" }) : t("trainChannel.nab");
}
