// A travel standard: what one trip level may book. Flights: cabins, a maximum discount or price,
// and a window around the chosen departure whose lowest fare is the limit; hotels: a nightly cap
// per city tier; trains: seat classes. Plus what happens when a booking is over the standard.
// The same schema validates the form in the browser and the save on the server.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { CABIN_CLASSES, LISTED_TIERS, OVER_ACTIONS, SEAT_CLASSES, type CabinClass, type CityTier, type ListedTier, type OverAction, type SeatClass } from "./codes";
import { zCodeList, zInt, zNullableInt, zPlaceName } from "./fields";
import { POLICY_MAX_FEN } from "./amount-limit";

/** The lowest-fare window is at most this many hours either side of the chosen departure. */
export const MAX_FARE_WINDOW_HOURS = 12;

export interface FlightStandard {
  cabins: CabinClass[];
  /** Highest discount allowed, as a percentage of the full economy fare (75 = 7.5折); null: any. */
  maxDiscount: number | null;
  /** Highest ticket price in fen; null: no cap. */
  maxPriceFen: number | null;
  /** Hours either side of the chosen departure whose lowest fare is the limit; null: not compared. */
  lowestFareHours: number | null;
}

export type HotelCaps = Record<CityTier, number | null>;

export interface HotelStandard {
  /** Nightly price cap in fen per city tier; null: no cap. */
  capsFen: HotelCaps;
}

export interface TrainStandard {
  seats: SeatClass[];
}

export interface TravelStandard {
  flight: FlightStandard;
  hotel: HotelStandard;
  train: TrainStandard;
}

const capField = (tier: string) =>
  zNullableInt({ min: 1, max: POLICY_MAX_FEN, error: trLazy("{tier}每晚限额须为 0.01 到 1000 万元之间的金额", { tier }) });

export const flightStandardSchema = z
  .object({
    cabins: zCodeList(CABIN_CLASSES.keys, "舱位不正确", "请至少选择一种可乘坐的舱位"),
    maxDiscount: zNullableInt({ min: 1, max: 100, error: trLazy("最高折扣须为 1 到 100 之间的整数（百分比）") }),
    maxPriceFen: zNullableInt({ min: 1, max: POLICY_MAX_FEN, error: trLazy("最高票价须为 0.01 到 1000 万元之间的金额") }),
    lowestFareHours: zNullableInt({ min: 1, max: MAX_FARE_WINDOW_HOURS, error: trLazy("比价时间范围须为 1 到 {MAX_FARE_WINDOW_HOURS} 小时", { MAX_FARE_WINDOW_HOURS }) }),
  })
  .strict();

export const hotelStandardSchema = z
  .object({
    capsFen: z
      .object({ tier1: capField("一线城市"), tier2: capField("二线城市"), tier3: capField("三线城市"), other: capField("其他城市") })
      .strict(),
  })
  .strict();

export const trainStandardSchema = z
  .object({ seats: zCodeList(SEAT_CLASSES.keys, "席别不正确", "请至少选择一种可乘坐的席别") })
  .strict();

/** The standard form: the trip level it is for, what over-standard bookings do, and the rules. */
export const standardFormSchema = z
  .object({
    tripLevelId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("请选择差旅等级") }),
    overAction: z.enum(OVER_ACTIONS.keys, { error: trLazy("请选择超标后的处理方式") }),
    flight: flightStandardSchema,
    hotel: hotelStandardSchema,
    train: trainStandardSchema,
  })
  .strict();
export type StandardForm = z.output<typeof standardFormSchema>;

/** What a new trip level starts from: economy, second-class seats, modest hotel caps. */
export const DEFAULT_STANDARD: TravelStandard = {
  flight: { cabins: ["Y"], maxDiscount: null, maxPriceFen: null, lowestFareHours: 2 },
  hotel: { capsFen: { tier1: 60000, tier2: 45000, tier3: 35000, other: 30000 } },
  train: { seats: ["second", "hardSleeper", "hardSeat", "noSeat"] },
};

// ---- the over-standard action and the trip level's flags ----

/**
 * The trip level carries the action as two flags: overproof (booking over the standard is
 * allowed) and overApprove (and then needs approval). Not allowed is overproof 0.
 */
export function overActionOf(flags: { overproof?: number | null; overApprove?: number | null }): OverAction {
  if (!Number(flags.overproof)) return "forbid";
  return Number(flags.overApprove) ? "approve" : "reason";
}

export function overFlagsOf(action: OverAction): { overproof: 0 | 1; overApprove: 0 | 1 } {
  if (action === "forbid") return { overproof: 0, overApprove: 0 };
  return { overproof: 1, overApprove: action === "approve" ? 1 : 0 };
}

// ---- hotel city tiers ----

export interface TierCity {
  code: string;
  name: string;
}
export type CityTiers = Record<ListedTier, TierCity[]>;

/** City names compare without the administrative suffix: 北京 and 北京市 are one city. */
export function cityKey(name: string): string {
  return name.trim().replace(/(市|地区|盟|自治州)$/, "");
}

/** The tier a city falls in; every city not listed is "other". */
export function tierOfCity(tiers: CityTiers, city: { code?: string | null; name?: string | null }): CityTier {
  const name = city.name ? cityKey(city.name) : null;
  for (const tier of LISTED_TIERS) {
    if (tiers[tier].some((c) => (city.code && c.code === city.code) || (name && cityKey(c.name) === name))) return tier;
  }
  return "other";
}

const tierCity = z
  .object({
    code: z.string({ error: trLazy("城市编码不正确") }).regex(/^\d{4}$/, m("城市编码不正确")),
    name: zPlaceName(trLazy("城市名称不正确")),
  })
  .strict();
const tierList = (label: string) => z.array(tierCity, { error: trLazy("{label}名单不正确", { label }) }).max(400, m("{label}最多 400 个城市", { label })).optional().default([]);

/** The tier lists form; a city may stand in one tier only. */
export const cityTiersSchema = z
  .object({ tier1: tierList("一线城市"), tier2: tierList("二线城市"), tier3: tierList("三线城市") })
  .strict()
  .superRefine((tiers, ctx) => {
    const seen = new Map<string, string>();
    for (const tier of LISTED_TIERS) {
      for (const [i, c] of tiers[tier].entries()) {
        const other = seen.get(c.code);
        if (other !== undefined) {
          ctx.addIssue({ code: "custom", path: [tier, i, "code"], message: tr("{name}只能属于一个城市等级", { name: c.name }) });
          return;
        }
        seen.set(c.code, tier);
      }
    }
  });

/** The usual tiers; the company edits them. Codes are the administrative division codes. */
export const DEFAULT_CITY_TIERS: CityTiers = {
  tier1: [
    { code: "1101", name: "北京市" }, { code: "3101", name: "上海市" }, { code: "4401", name: "广州市" }, { code: "4403", name: "深圳市" },
  ],
  tier2: [
    { code: "5101", name: "成都市" }, { code: "3301", name: "杭州市" }, { code: "5001", name: "重庆市" }, { code: "4201", name: "武汉市" },
    { code: "6101", name: "西安市" }, { code: "3205", name: "苏州市" }, { code: "1201", name: "天津市" }, { code: "3201", name: "南京市" },
    { code: "4301", name: "长沙市" }, { code: "4101", name: "郑州市" }, { code: "4419", name: "东莞市" }, { code: "3702", name: "青岛市" },
    { code: "2101", name: "沈阳市" }, { code: "3302", name: "宁波市" }, { code: "5301", name: "昆明市" },
  ],
  tier3: [],
};
