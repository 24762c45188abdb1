// Car-use standards: for the trip levels they name, which car types may be ordered, in which
// cities, in which time windows, and up to what amount per ride and per month.
import { m, tr, trLazy } from "../tr";
import { label } from "../codes";
import { z } from "zod";
import { CAR_TYPES, type CarType } from "./codes";
import { zBool, zCodeList, zIdList, zInt, zNullableInt, zText, zPlaceName } from "./fields";
import { POLICY_MAX_FEN } from "./amount-limit";

/** 'HH:mm', 00:00 to 23:59. */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface TimeWindow {
  start: string;
  /** Before start means the window runs past midnight (22:00-06:00). */
  end: string;
}

const windowSchema = z
  .object({
    start: z.string({ error: trLazy("请填写开始时间") }).regex(HHMM, m("时间格式为 HH:mm")),
    end: z.string({ error: trLazy("请填写结束时间") }).regex(HHMM, m("时间格式为 HH:mm")),
  })
  .strict()
  .refine((w) => w.start !== w.end, { error: trLazy("开始时间与结束时间不能相同"), path: ["end"] });

const citySchema = z
  .object({
    code: z.string({ error: trLazy("城市编码不正确") }).regex(/^\d{4}$/, m("城市编码不正确")),
    name: zPlaceName(trLazy("城市名称不正确")),
  })
  .strict();

export const carStandardFormSchema = z
  .object({
    /** Present when editing a saved standard. */
    id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("用车标准编号不正确") }).optional(),
    name: zText(30, "请输入用车标准名称", "用车标准名称最多 30 个字"),
    tripLevelIds: zIdList(trLazy("适用差旅等级不正确")).refine((ids) => ids.length > 0, m("请选择适用的差旅等级")),
    carTypes: zCodeList(CAR_TYPES.keys, "车型不正确", "请至少选择一种车型"),
    /** 1: every city; 0: only the cities listed. */
    allCities: zBool(trLazy("用车城市设置不正确")),
    cities: z.array(citySchema, { error: trLazy("用车城市不正确") }).max(400, m("用车城市最多 400 个")).optional().default([]),
    /** No window: any time of day. */
    timeWindows: z.array(windowSchema, { error: trLazy("用车时段不正确") }).max(6, m("用车时段最多 6 个")).optional().default([]),
    perRideCapFen: zNullableInt({ min: 1, max: POLICY_MAX_FEN, error: trLazy("单次用车限额须为 0.01 到 1000 万元之间的金额") }),
    monthlyCapFen: zNullableInt({ min: 1, max: POLICY_MAX_FEN, error: trLazy("每月用车限额须为 0.01 到 1000 万元之间的金额") }),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (!s.allCities && !s.cities.length) ctx.addIssue({ code: "custom", path: ["cities"], message: tr("请选择用车城市") });
    if (s.perRideCapFen !== null && s.monthlyCapFen !== null && s.perRideCapFen > s.monthlyCapFen) {
      ctx.addIssue({ code: "custom", path: ["monthlyCapFen"], message: tr("每月限额不能低于单次限额") });
    }
  });
export type CarStandardForm = z.output<typeof carStandardFormSchema>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Whether a ride at 'HH:mm' falls in a window; windows past midnight wrap. No windows: any time. */
export function inTimeWindows(windows: readonly TimeWindow[], at: string): boolean {
  if (!windows.length) return true;
  const t = minutes(at);
  return windows.some((w) => {
    const s = minutes(w.start);
    const e = minutes(w.end);
    return s < e ? t >= s && t < e : t >= s || t < e;
  });
}

export interface CarRide {
  carType: CarType;
  cityCode: string;
  /** Local time of the pick-up, 'HH:mm'. */
  at: string;
  amountFen: number;
  /** What the traveller already spent on rides this month. */
  monthSpentFen: number;
}

/** Why a ride breaks the standard (empty: it does not). */
export function carRideProblems(std: Omit<CarStandardForm, "id" | "name" | "tripLevelIds">, ride: CarRide): string[] {
  const out: string[] = [];
  if (!std.carTypes.includes(ride.carType)) out.push(`车型超标：可选${std.carTypes.map((c) => label(CAR_TYPES, c)).join("、")}`);
  if (!std.allCities && !std.cities.some((c) => c.code === ride.cityCode)) out.push("该城市不在用车范围内");
  if (!inTimeWindows(std.timeWindows, ride.at)) out.push("不在允许的用车时段内");
  if (std.perRideCapFen !== null && ride.amountFen > std.perRideCapFen) out.push("超出单次用车限额");
  if (std.monthlyCapFen !== null && ride.monthSpentFen + ride.amountFen > std.monthlyCapFen) out.push("超出每月用车限额");
  return out;
}
