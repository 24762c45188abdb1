// A trip application: why, when, where, who travels, how, and the budget. The same schema checks
// the form and the server; `today` (China time) keeps trips from starting in the past.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { compareYMD, formatYMD, parseYMD } from "../format";
import { isMobile } from "../validators";
import { TRAVEL_MODES, TRIP_SCOPES } from "./codes";
import { zBool, zCodeList, zIdList, zInt, zOptionalString, zPlaceName, zText } from "./fields";
import { POLICY_MAX_FEN } from "./amount-limit";

export const MAX_TRIP_DAYS = 90;
export const MAX_DESTINATIONS = 10;
export const MAX_TRAVELLERS = 20;

const date = (empty: string) =>
  z
    .string({ error: empty })
    .max(20, m("请输入正确的日期"))
    .trim()
    .min(1, empty)
    .refine((v) => parseYMD(v) !== null, m("请输入正确的日期"))
    .transform((v) => formatYMD(v));

const city = zPlaceName(trLazy("请填写城市（最多 30 个字）"));

const external = z
  .object({
    name: zText(30, "请填写外部出行人姓名", "外部出行人姓名最多 30 个字"),
    mobilePhone: zOptionalString(z.string().trim().refine(isMobile, m("请输入正确的手机号码")), trLazy("请输入正确的手机号码")),
  })
  .strict();

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

function applicationShape(today: string) {
  const todayYmd = parseYMD(today);
  if (!todayYmd) throw new RangeError(`today must be YYYY-M-D, got ${today}`);
  return {
    purpose: zText(200, "请填写出差事由", "出差事由为 2 到 200 个字", 2),
    scope: z.enum(TRIP_SCOPES.keys, { error: trLazy("请选择国内或国际出差") }),
    startDate: date("请选择出发日期").refine((v) => compareYMD(parseYMD(v)!, todayYmd) >= 0, m("出发日期不能早于今天")),
    endDate: date("请选择返回日期"),
    fromCity: city,
    toCities: z
      .array(city, { error: trLazy("请填写目的地城市") })
      .min(1, m("请填写目的地城市"))
      .max(MAX_DESTINATIONS, m("目的地最多 {MAX_DESTINATIONS} 个", { MAX_DESTINATIONS })),
    travellerEmployeeIds: zIdList(trLazy("出行员工不正确"), MAX_TRAVELLERS),
    externalTravellers: z.array(external, { error: trLazy("外部出行人不正确") }).max(MAX_TRAVELLERS, m("外部出行人最多 {MAX_TRAVELLERS} 位", { MAX_TRAVELLERS })).optional().default([]),
    modes: zCodeList(TRAVEL_MODES.keys, "出行方式不正确", "请至少选择一种出行方式"),
    budgetFen: zInt({ min: 1, max: POLICY_MAX_FEN, error: trLazy("预算须为 0.01 到 1000 万元之间的金额") }),
    remark: zOptionalString(z.string().trim().max(200, m("备注最多 200 个字")), trLazy("备注须为文本")),
  };
}

type ShapeOutput = z.output<z.ZodObject<ReturnType<typeof applicationShape>>>;

function applicationChecks(a: ShapeOutput, ctx: z.RefinementCtx): void {
  const days = daysBetween(a.startDate, a.endDate);
  if (days < 0) ctx.addIssue({ code: "custom", path: ["endDate"], message: tr("返回日期不能早于出发日期") });
  else if (days >= MAX_TRIP_DAYS) ctx.addIssue({ code: "custom", path: ["endDate"], message: tr("单次出差最长 {MAX_TRIP_DAYS} 天", { MAX_TRIP_DAYS }) });
  const travellers = a.travellerEmployeeIds.length + a.externalTravellers.length;
  if (travellers === 0) ctx.addIssue({ code: "custom", path: ["travellerEmployeeIds"], message: tr("请至少选择一位出行人") });
  if (travellers > MAX_TRAVELLERS) ctx.addIssue({ code: "custom", path: ["externalTravellers"], message: tr("出行人最多 {MAX_TRAVELLERS} 位", { MAX_TRAVELLERS }) });
}

/** The application form; `today` is the calendar date in China ('YYYY-M-D'). */
export function createApplicationSchema(today: string) {
  return z.object(applicationShape(today)).strict().superRefine(applicationChecks);
}

/** What the save call takes: the form, the id of a draft being edited, and whether to submit it now. */
export function applicationSaveSchema(today: string) {
  return z
    .object({
      id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("出差申请编号不正确") }).optional(),
      ...applicationShape(today),
      submit: zBool(trLazy("提交方式不正确")).optional().default(false),
    })
    .strict()
    .superRefine(applicationChecks);
}

export type ApplicationForm = z.output<ReturnType<typeof createApplicationSchema>>;

/** The calendar date in China (UTC+8, no daylight saving) of an instant, 'YYYY-MM-DD'. */
export { chinaDate } from "../travel/dates";

/** The approver's decision form: approving may carry a comment, rejecting must say why. */
export const decisionFormSchema = z
  .object({
    approvalId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("审批单编号不正确") }),
    action: z.enum(["approve", "reject"], { error: trLazy("请选择同意或驳回") }),
    /** The level the approver saw; a decision for a level that has moved on is refused. */
    level: zInt({ min: 1, max: 99, error: trLazy("审批级别不正确") }).optional(),
    comment: zOptionalString(z.string().trim().max(200, m("审批意见最多 200 个字")), trLazy("审批意见须为文本")),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.action === "reject" && !d.comment) ctx.addIssue({ code: "custom", path: ["comment"], message: tr("驳回时请填写审批意见") });
  });
export type DecisionForm = z.output<typeof decisionFormSchema>;
