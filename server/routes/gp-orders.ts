// 政府采购 (公务机票) orders: book a GP fare (passengers with their budget unit and official card;
// the seats held with the order in one transaction). The order is then a flight order flagged gp:
// the flight order list (gpFlag 1), detail, cashier, refund and change serve it.
import { GP_ORDER_PATHS, gpOrderInput } from "../../src/domain/orders/gp-booking";
import { defineRoute } from "../services/http/route";
import { bookGpFlight, GP_ACCESS } from "../orders/flight/gp-book";

const tags = ["orders"];

export function gpOrderRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: GP_ORDER_PATHS.book,
      summary:
        "公务机票（政府采购机票）下单：验价（价格变化时返回原价与现价，acceptPrice=1 按新价继续）、校验每位乘客为成人并填写预算单位与本人公务卡号（16–19 位，Luhn 校验）、占用经济舱座位并创建待支付订单（同一事务；同一 clientKey 只生成一张订单）",
      tags,
      access: GP_ACCESS,
      input: gpOrderInput,
      handler: ({ input, member, ctx }) => bookGpFlight(ctx.db, member!, input, seed),
    }),
  ];
}
