// Hotel search (public): cities, areas, filter choices, the list for a stay, details, room
// types with nightly prices, and the can-book check before an order.
import {
  hotelAreaInput, hotelBaseInfoInput, hotelCanBookInput, hotelChoiceInput, hotelCityInput, hotelListInput, hotelPriceInfoInput,
} from "../../src/domain/travel/schemas";
import { defineRoute } from "../services/http/route";
import { supplierContext, suppliersFor } from "../suppliers";
import { withReadDb } from "../services/read-db";
import type { AppContext } from "../services/context";

const tags = ["hotels"];

export function hotelRoutes(seed?: string) {
  const hotel = (ctx: { db: Parameters<typeof suppliersFor>[0] }) => suppliersFor(ctx.db, seed).hotel;
  // Searching and browsing tolerate a second of lag; price and can-book answer right before an order: primary.
  const browse = <T>(ctx: AppContext, read: (h: ReturnType<typeof hotel>) => Promise<T>) => withReadDb(ctx, (db) => read(hotel({ db })));
  return [
    defineRoute({
      method: "POST", url: "/hotel/queryCity", summary: "酒店城市查询（中文、全拼、首字母；关键字为空时返回全部城市）", tags, access: "public",
      input: hotelCityInput, handler: ({ input, ctx }) => browse(ctx, (h) => h.cities(input.keyword)),
    }),
    defineRoute({
      method: "POST", url: "/hotel/areaInfo", summary: "城市的行政区（含酒店数）与地标", tags, access: "public",
      input: hotelAreaInput, handler: ({ input, ctx }) => browse(ctx, (h) => h.areaInfo(input.cityCode)),
    }),
    defineRoute({
      method: "POST", url: "/hotel/search/choice", summary: "酒店筛选项：价格区间、星级、品牌、行政区（含酒店数）", tags, access: "public",
      input: hotelChoiceInput, handler: ({ input, ctx }) => browse(ctx, (h) => h.choice(input.cityCode)),
    }),
    defineRoute({
      method: "POST", url: "/hotel/search/list_credit", summary: "酒店列表（入住/离店日期内可订的最低均价；价格、星级、品牌、行政区、关键字筛选；分页）", tags, access: "public",
      input: hotelListInput,
      handler: async ({ input, member, ctx }) => {
        const c = await supplierContext(ctx.db, member);
        return browse(ctx, (h) => h.list({ ...input, stars: input.stars?.map(Number) }, c));
      },
    }),
    defineRoute({
      method: "POST", url: "/hotel/search/baseinfo", summary: "酒店详情：地址、电话、星级、设施、政策与房型", tags, access: "public",
      input: hotelBaseInfoInput, handler: ({ input, ctx }) => browse(ctx, (h) => h.baseInfo(input.hotelId)),
    }),
    defineRoute({
      method: "POST", url: "/hotel/search/priceinfo_credit", summary: "房型与每晚房价（含早餐、取消政策、可订房量）", tags, access: "public",
      input: hotelPriceInfoInput, handler: async ({ input, member, ctx }) => hotel(ctx).priceInfo(input, await supplierContext(ctx.db, member)),
    }),
    defineRoute({
      method: "POST", url: "/hotel/order/canBook", summary: "可订检查：所选房型在入住期间每晚是否有足够房量，及应付总额", tags, access: "public",
      input: hotelCanBookInput, handler: async ({ input, member, ctx }) => hotel(ctx).canBook(input, await supplierContext(ctx.db, member)),
    }),
  ];
}
