// Inputs of the search APIs, shared by the server (which validates every request with them) and
// the search forms. Values arrive as form strings; lists may come as "A,B" or as repeated keys.
// Rules that need today's date (not in the past, inside the sales window) are travelDateProblem.
import { m, textOf, trLazy, type LazyText } from "../tr";
import { z } from "zod";
import { hasControlChars, zBool, zInt, zOptionalString } from "../zod";
import { daysBetween, minutesOf, normaliseDate } from "./dates";
import { CAR_TYPES } from "./car";
import { MAX_ROOMS, MAX_STAY_NIGHTS } from "./hotel";
import { TRAIN_TYPES } from "./train";
import { TIME_BAND_KEYS } from "./results";
import { IN_FEN } from "../money";

/** A date 'YYYY-MM-DD' (or 'YYYY-M-D'), decoded to the zero-padded form. */
export function zDate(label: string) {
  const error = `${label}格式应为 YYYY-MM-DD`;
  return z.codec(z.string({ error }).max(10, error).refine((v) => normaliseDate(v) !== null, error), z.string(), {
    decode: (v) => normaliseDate(v)!,
    encode: (v) => v,
  });
}

/** A three-letter city or airport code, decoded to upper case. */
export function zCode(label: string) {
  const error = `${label}代码应为 3 位字母`;
  return z.codec(z.string({ error }).max(8, error).trim().regex(/^[A-Za-z]{3}$/, error), z.string(), {
    decode: (v) => v.trim().toUpperCase(),
    encode: (v) => v,
  });
}

/** 'HH:mm', optional. */
export function zTime(label: string) {
  const error = `${label}格式应为 HH:mm`;
  return zOptionalString(z.string().refine((v) => minutesOf(v) !== null, error), error);
}

/** Longest item of a search filter list (airline codes, station and brand names). */
const LIST_ITEM_MAX = 40;

/** A list from "A,B", repeated keys or an array; each item must match `item`, at most `max`. */
export function zList(item: RegExp, message: LazyText, max = 20) {
  const error = () => textOf(message);
  return z
    .codec(z.union([z.string({ error }).max(max * LIST_ITEM_MAX, { error }), z.array(z.string({ error }).max(LIST_ITEM_MAX, { error }), { error }).max(max, { error })], { error }), z.array(z.string()), {
      decode: (v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean),
      encode: (v) => v,
    })
    .refine((list) => list.length <= max && list.every((s) => item.test(s)), { error })
    .optional();
}

/** Text a person types into a search box. */
export function zKeyword(label: string, max = 20) {
  return zOptionalString(z.string().trim().max(max, m("{label}最多 {max} 个字符", { label, max })), trLazy("{label}须为文本", { label }));
}

const orderType = z.enum(["asc", "desc"], { error: trLazy("排序方向只能是 asc 或 desc") }).optional().default("asc");

// ---- flights ----

const flightFilters = {
  airlines: zList(/^[A-Z0-9]{2}$/, "航空公司代码应为 2 位字母或数字"),
  depAirports: zList(/^[A-Z]{3}$/, "出发机场代码应为 3 位大写字母"),
  arrAirports: zList(/^[A-Z]{3}$/, "到达机场代码应为 3 位大写字母"),
  depTimeStart: zTime("起飞时间下限"),
  depTimeEnd: zTime("起飞时间上限"),
  arrTimeStart: zTime("到达时间下限"),
  arrTimeEnd: zTime("到达时间上限"),
  cabinClass: z.enum(["F", "C", "Y"], { error: trLazy("舱位等级只能是 F、C 或 Y") }).optional(),
  directOnly: zBool(trLazy("仅看直飞只能是 0 或 1")).optional(),
  orderBy: z.enum(["price", "depTime", "arrTime", "duration"], { error: trLazy("排序方式只能是 price、depTime、arrTime 或 duration") }).optional().default("depTime"),
  orderType,
};

const route = {
  depCity: zCode("出发城市"),
  arrCity: zCode("到达城市"),
};
const notSameCity = (v: { depCity: string; arrCity: string }) => v.depCity !== v.arrCity;
const SAME_CITY = { error: trLazy("出发城市和到达城市不能相同"), path: ["arrCity"] };

export const flightListInput = z
  .object({
    ...route,
    depDate: zDate("出发日期"),
    ...flightFilters,
    /** 1: add each flight's 政府采购 (公务机票) fare; signed-in members entitled to them only. */
    gp: zBool(trLazy("公务机票只能是 0 或 1")).optional(),
  })
  .strict()
  .refine(notSameCity, SAME_CITY);

export const flightRoundTripInput = z
  .object({ ...route, depDate: zDate("出发日期"), retDate: zDate("返程日期"), ...flightFilters })
  .strict()
  .refine(notSameCity, SAME_CITY)
  .refine((v) => daysBetween(v.depDate, v.retDate) >= 0, { error: trLazy("返程日期不能早于出发日期"), path: ["retDate"] });

export const flightTransitInput = z
  .object({
    ...route,
    depDate: zDate("出发日期"),
    transitCity: zCode("中转城市").optional(),
    orderBy: z.enum(["price", "depTime", "duration"], { error: trLazy("排序方式只能是 price、depTime 或 duration") }).optional().default("price"),
    orderType,
  })
  .strict()
  .refine(notSameCity, SAME_CITY);

/** Itineraries an international search answers per page unless asked for another size. */
export const INTL_PAGE_SIZE = 10;

export const interFlightListInput = z
  .object({
    ...route,
    depDate: zDate("出发日期"),
    cabinClass: flightFilters.cabinClass,
    directOnly: flightFilters.directOnly,
    airlines: flightFilters.airlines,
    /** Departure time bands of the first flight (dawn, morning, afternoon, evening). */
    depBands: zList(new RegExp(`^(${TIME_BAND_KEYS.join("|")})$`), `出发时段只能是 ${TIME_BAND_KEYS.join("、")}`, TIME_BAND_KEYS.length),
    orderBy: z.enum(["price", "depTime", "duration"], { error: trLazy("排序方式只能是 price、depTime 或 duration") }).optional().default("price"),
    orderType,
    pageNum: zInt({ min: 1, max: 100, error: trLazy("页码须为 1 到 100 之间的整数") }).optional().default(1),
    pageSize: zInt({ min: 1, max: 50, error: trLazy("每页条数须为 1 到 50 之间的整数") }).optional().default(INTL_PAGE_SIZE),
  })
  .strict()
  .refine(notSameCity, SAME_CITY);

export const flightCalendarInput = z.object({ ...route, depDate: zDate("出发日期") }).strict().refine(notSameCity, SAME_CITY);

export const fareVerifyInput = z.object({ fareKey: z.string({ error: trLazy("请提供舱位编号") }).max(60, m("舱位编号不正确")).regex(/^[A-Z0-9:|-]{10,60}$/, m("舱位编号不正确")) }).strict();

/** A listed fare whose fee breakdown and rules a cabin's popover asks for. */
export const fareDetailInput = fareVerifyInput;

export const airCitySearchInput = z.object({ keyword: zKeyword("关键字"), international: zBool(trLazy("国际只能是 0 或 1")).optional() }).strict();

// ---- trains ----

const stationName = (label: string) =>
  z
    .string({ error: trLazy("请选择{label}", { label }) })
    .max(40, m("{label}最多 12 个字符", { label }))
    .trim()
    .min(1, m("请选择{label}", { label }))
    .max(12, m("{label}最多 12 个字符", { label }))
    .refine((v) => !hasControlChars(v), m("{label}名称不正确", { label }));

export const stationSearchInput = z.object({ keyword: zKeyword("关键字") }).strict();

const trainRoute = { fromStation: stationName("出发站"), toStation: stationName("到达站"), depDate: zDate("出发日期") };
const notSameStation = (v: { fromStation: string; toStation: string }) => v.fromStation !== v.toStation;
const SAME_STATION = { error: trLazy("出发站和到达站不能相同"), path: ["toStation"] };

export const trainListInput = z
  .object({
    ...trainRoute,
    trainTypes: zList(new RegExp(`^[${TRAIN_TYPES.join("")}]$`), "车次类型只能是 G、D、C、Z、T、K"),
    fromStations: zList(/^[\u4e00-\u9fa5]{2,8}$/, "出发车站名称不正确"),
    toStations: zList(/^[\u4e00-\u9fa5]{2,8}$/, "到达车站名称不正确"),
    depTimeStart: zTime("出发时间下限"),
    depTimeEnd: zTime("出发时间上限"),
    arrTimeStart: zTime("到达时间下限"),
    arrTimeEnd: zTime("到达时间上限"),
    onlyAvailable: zBool(trLazy("仅看有票只能是 0 或 1")).optional(),
    orderBy: z.enum(["depTime", "arrTime", "duration", "price"], { error: trLazy("排序方式只能是 depTime、arrTime、duration 或 price") }).optional().default("depTime"),
    orderType,
  })
  .strict()
  .refine(notSameStation, SAME_STATION);

export const trainTransferInput = z
  .object({
    ...trainRoute,
    transferCity: zKeyword("换乘城市", 8),
    orderBy: z.enum(["duration", "depTime", "price"], { error: trLazy("排序方式只能是 duration、depTime 或 price") }).optional().default("duration"),
    orderType,
  })
  .strict()
  .refine(notSameStation, SAME_STATION);

// ---- hotels ----

const cityCode = z.string({ error: trLazy("请选择城市") }).max(8, m("城市代码应为 4 位数字")).trim().regex(/^\d{4}$/, m("城市代码应为 4 位数字"));
const hotelId = zInt({ min: 1, max: 2_147_483_647, error: trLazy("酒店编号不正确") });
const stay = { checkIn: zDate("入住日期"), checkOut: zDate("离店日期") };
const stayRules = <T extends { checkIn: string; checkOut: string }>(s: z.ZodType<T>) =>
  s
    .refine((v) => daysBetween(v.checkIn, v.checkOut) >= 1, { error: trLazy("离店日期须晚于入住日期"), path: ["checkOut"] })
    .refine((v) => daysBetween(v.checkIn, v.checkOut) <= MAX_STAY_NIGHTS, { error: trLazy("单次最多预订 {MAX_STAY_NIGHTS} 晚", { MAX_STAY_NIGHTS }), path: ["checkOut"] });

export const hotelCityInput = z.object({ keyword: zKeyword("关键字") }).strict();
export const hotelAreaInput = z.object({ cityCode }).strict();
export const hotelChoiceInput = z.object({ cityCode }).strict();

export const hotelListInput = stayRules(
  z
    .object({
      cityCode,
      ...stay,
      keyword: zKeyword("关键字", 30),
      priceMin: zInt({ min: 0, max: 100_000_000, error: trLazy("最低价须为非负整数（分）") }).meta(IN_FEN).optional(),
      priceMax: zInt({ min: 0, max: 100_000_000, error: trLazy("最高价须为非负整数（分）") }).meta(IN_FEN).optional(),
      stars: zList(/^[2-5]$/, "星级只能是 2 到 5"),
      brands: zList(/^[\u4e00-\u9fa5A-Za-z0-9·&' ]{1,20}$/, "品牌名称不正确"),
      districts: zList(/^[\u4e00-\u9fa5]{2,10}$/, "行政区名称不正确"),
      pageNum: zInt({ min: 1, max: 1000, error: trLazy("页码须为 1 到 1000 之间的整数") }).optional().default(1),
      pageSize: zInt({ min: 1, max: 50, error: trLazy("每页条数须为 1 到 50 之间的整数") }).optional().default(10),
      orderBy: z.enum(["recommend", "price", "score", "star"], { error: trLazy("排序方式只能是 recommend、price、score 或 star") }).optional().default("recommend"),
      orderType,
    })
    .strict(),
).refine((v) => v.priceMin === undefined || v.priceMax === undefined || v.priceMin <= v.priceMax, { error: trLazy("最低价不能高于最高价"), path: ["priceMax"] });

export const hotelBaseInfoInput = z.object({ hotelId }).strict();
export const hotelPriceInfoInput = stayRules(z.object({ hotelId, ...stay }).strict());
export const hotelCanBookInput = stayRules(
  z
    .object({
      hotelId,
      roomTypeId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("房型编号不正确") }),
      ...stay,
      roomCount: zInt({ min: 1, max: MAX_ROOMS, error: trLazy("房间数须为 1 到 {MAX_ROOMS} 之间的整数", { MAX_ROOMS }) }).optional().default(1),
    })
    .strict(),
);

// ---- car ----

function zCoord(label: string, min: number, max: number) {
  const error = `${label}须为 ${min} 到 ${max} 之间的数字`;
  return z.codec(z.union([z.number({ error }), z.string({ error }).max(14, error).regex(/^-?\d{1,3}(\.\d{1,8})?$/, error)], { error }), z.number().min(min, error).max(max, error), {
    decode: (v) => Number(v),
    encode: (v) => v,
  });
}

export const carQuoteInput = z
  .object({
    cityCode,
    fromLat: zCoord("出发地纬度", -90, 90),
    fromLng: zCoord("出发地经度", -180, 180),
    toLat: zCoord("目的地纬度", -90, 90),
    toLng: zCoord("目的地经度", -180, 180),
    carType: z.enum(CAR_TYPES as unknown as [string, ...string[]], { error: trLazy("车型只能是 economy、comfort 或 business") }).optional(),
    departTime: zTime("用车时间"),
  })
  .strict();
