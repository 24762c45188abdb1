// Train search (public): stations by Chinese, pinyin or initials; the train list between two
// stations or cities with seats per class; transfer suggestions through a third city.
import { stationSearchInput, trainListInput, trainTransferInput } from "../../src/domain/travel/schemas";
import type { TrainType } from "../../src/domain/travel/train";
import { defineRoute } from "../services/http/route";
import { supplierContext, suppliersFor } from "../suppliers";
import { withReadDb } from "../services/read-db";

const tags = ["trains"];

export function trainRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/train/station_search",
      summary: "火车站查询（中文、全拼、首字母、电报码；关键字为空时返回热门车站）",
      tags,
      access: "public",
      input: stationSearchInput,
      handler: ({ input, ctx }) => withReadDb(ctx, (db) => suppliersFor(db, seed).train.stations(input.keyword)),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/train/train_list",
      summary: "火车票查询：出发站/到达站（或城市）、日期，各席别余票与票价；车次类型、时间段、车站筛选与排序",
      tags,
      access: "public",
      input: trainListInput,
      handler: async ({ input, member, ctx }) => {
        const c = await supplierContext(ctx.db, member);
        return withReadDb(ctx, (db) => suppliersFor(db, seed).train.search({ ...input, trainTypes: input.trainTypes as TrainType[] | undefined }, c));
      },
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/train/train_transfer",
      summary: "火车中转换乘方案（同站换乘至少 15 分钟，同城换站至少 60 分钟，最长等待 6 小时）",
      tags,
      access: "public",
      input: trainTransferInput,
      handler: async ({ input, member, ctx }) => {
        const c = await supplierContext(ctx.db, member);
        return withReadDb(ctx, (db) => suppliersFor(db, seed).train.transfers(input, c));
      },
    }),
  ];
}
