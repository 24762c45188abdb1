// Flight search (public: guests search too): domestic one-way, round trip, one-connection
// transit, international itineraries, the low-price calendar, fare verification and the city
// chooser. Inputs are the shared schemas of src/domain/travel; replies its types; money in fen.
import { say } from "../services/i18n/catalogue";
import {
  airCitySearchInput, fareDetailInput, fareVerifyInput, flightCalendarInput, flightListInput, flightRoundTripInput, flightTransitInput, interFlightListInput,
} from "../../src/domain/travel/schemas";
import type { RoundTripReply } from "../../src/domain/travel/types";
import { defineRoute } from "../services/http/route";
import { supplierContext, suppliersFor } from "../suppliers";
import { withReadDb } from "../services/read-db";
import { checkDate } from "../suppliers/flight/embedded";
import { gpCaller } from "../orders/flight/gp-book";
import { isGpFareKey } from "../../src/domain/travel/gp-fares";
import type { TimeBand } from "../../src/domain/travel/results";

const BASE = "/api/v1/trip_manager";
const tags = ["flights"];

export function flightRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: `${BASE}/air_city_search`,
      summary: "机票城市/机场查询（中文、全拼、首字母、三字码；关键字为空时返回热门城市）",
      tags,
      access: "public",
      input: airCitySearchInput,
      handler: ({ input, ctx }) => withReadDb(ctx, (db) => suppliersFor(db, seed).flight.cities(input.keyword, input.international)),
    }),
    defineRoute({
      method: "POST",
      url: `${BASE}/air_ticket_domestic_flight/list`,
      summary: "国内机票单程查询（航司、起降时间段、机场、舱位、仅直飞筛选；按价格、时间、时长排序；每个舱位含价格、税费、服务费与余座，费用明细与退改签规则见 fare_detail）；gp=1 另列每个航班的政府采购（公务机票）票价，仅限可预订公务机票的登录会员",
      tags,
      access: "public",
      input: flightListInput,
      handler: async ({ input, member, ctx }) => {
        // 政府采购 fares are shown to the members who may book them; asking as anyone else is refused.
        if (input.gp) await gpCaller(ctx, member);
        const c = await supplierContext(ctx.db, member);
        return withReadDb(ctx, (db) => suppliersFor(db, seed).flight.search(input, c));
      },
    }),
    defineRoute({
      method: "POST",
      url: `${BASE}/air_ticket_domestic_flight/list_rt`,
      summary: "国内机票往返查询（去程与返程两组航班，筛选对两程同时生效）",
      tags,
      access: "public",
      input: flightRoundTripInput,
      handler: async ({ input, member, ctx }): Promise<RoundTripReply> => {
        const c = await supplierContext(ctx.db, member);
        checkDate(input.retDate, c.today, "retDate", say("routes.returnDate"));
        return withReadDb(ctx, async (db) => {
          const flight = suppliersFor(db, seed).flight;
          const outbound = await flight.search(input, c);
          const inbound = await flight.search({ ...input, depCity: input.arrCity, arrCity: input.depCity, depDate: input.retDate, depAirports: input.arrAirports, arrAirports: input.depAirports }, c);
          return { outbound, inbound };
        });
      },
    }),
    defineRoute({
      method: "POST",
      url: `${BASE}/air_ticket_domestic_flight/list_transit`,
      summary: "国内机票中转查询（一次中转，满足最短衔接时间：同机场 60 分钟，换机场 240 分钟；最长等待 8 小时）",
      tags,
      access: "public",
      input: flightTransitInput,
      handler: async ({ input, member, ctx }) => {
        const c = await supplierContext(ctx.db, member);
        return withReadDb(ctx, (db) => suppliersFor(db, seed).flight.searchTransit({ ...input, via: input.transitCity }, c));
      },
    }),
    defineRoute({
      method: "POST",
      url: `${BASE}/air_ticket_domestic_flight/calendar`,
      summary: "低价日历：所选日期前后 15 天（销售期内）每天的最低价",
      tags,
      access: "public",
      input: flightCalendarInput,
      handler: async ({ input, member, ctx }) => {
        const c = await supplierContext(ctx.db, member);
        return withReadDb(ctx, (db) => suppliersFor(db, seed).flight.calendar(input, c));
      },
    }),
    defineRoute({
      method: "POST",
      url: `${BASE}/air_ticket_domestic_flight/verify`,
      summary: "验舱验价：按舱位编号返回当前是否可订、最新价格与费用明细（政府采购票价仅限可预订公务机票的登录会员）",
      tags,
      access: "public",
      input: fareVerifyInput,
      // Verification answers whether the fare can be booked now: read on the primary, like the booking after it.
      handler: async ({ input, member, ctx }) => {
        if (isGpFareKey(input.fareKey)) await gpCaller(ctx, member);
        return suppliersFor(ctx.db, seed).flight.verify(input.fareKey, await supplierContext(ctx.db, member));
      },
    }),
    defineRoute({
      method: "POST",
      url: `${BASE}/air_ticket_domestic_flight/fare_detail`,
      summary: "舱位详情：按舱位编号返回成人、儿童、婴儿的票价与税费明细、可选保险、退改签规则与行李额（结果列表打开税费或退改签时获取；政府采购票价仅限可预订公务机票的登录会员）",
      tags,
      access: "public",
      input: fareDetailInput,
      handler: async ({ input, member, ctx }) => {
        if (isGpFareKey(input.fareKey)) await gpCaller(ctx, member);
        return suppliersFor(ctx.db, seed).flight.fareDetail(input.fareKey, await supplierContext(ctx.db, member));
      },
    }),
    defineRoute({
      method: "POST",
      url: `${BASE}/air_ticket_inter_flight/list`,
      summary: "国际及港澳台机票查询（直飞与一次中转的多航段行程，含各舱位合计价与税费；按页返回，默认每页 10 个，total 为筛选后的总数）",
      tags,
      access: "public",
      input: interFlightListInput,
      handler: async ({ input, member, ctx }) => {
        const c = await supplierContext(ctx.db, member);
        return withReadDb(ctx, (db) => suppliersFor(db, seed).flight.searchInternational({ ...input, depBands: input.depBands as TimeBand[] | undefined }, c));
      },
    }),
  ];
}
