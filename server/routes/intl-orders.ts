// International flight orders: verify an itinerary (every segment's fare now and the totals per
// passenger type) and book it (all segments' seats held with the order in one transaction). The
// order is then a flight order: the order centre, the cashier and the flight order moves serve it.
import { intlOrderInput, intlVerifyInput, INTL_ORDER_PATHS } from "../../src/domain/orders/intl-booking";
import { defineRoute } from "../services/http/route";
import { bookIntlFlight } from "../orders/flight/intl-book";
import { supplierContext, suppliersFor } from "../suppliers";

const tags = ["orders"];

export function intlOrderRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: INTL_ORDER_PATHS.verify,
      summary: "国际机票验价：按行程编号与舱位等级返回是否可订、每个航段的舱位编号与票价、按乘客类型的票价与税费合计",
      tags,
      access: "public",
      input: intlVerifyInput,
      handler: async ({ input, member, ctx }) => suppliersFor(ctx.db, seed).flight.verifyItinerary(input.itineraryKey, input.cabinClass, await supplierContext(ctx.db, member)),
    }),
    defineRoute({
      method: "POST",
      url: INTL_ORDER_PATHS.book,
      summary: "国际机票下单：逐段验价（价格变化时返回原价与现价，acceptPrice=1 按新价继续）、校验证件（护照或港澳台通行证，有效期不少于出发后 6 个月）、所有航段同一事务占座并创建待支付订单（同一 clientKey 只生成一张订单）",
      tags,
      access: "bookings",
      input: intlOrderInput,
      handler: ({ input, member, ctx }) => bookIntlFlight(ctx.db, member!, input, seed),
    }),
  ];
}
