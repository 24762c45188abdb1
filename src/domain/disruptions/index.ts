// 航变: an airline's or railway's change of a flight's or train's schedule (new times) or its
// cancellation, recorded by the operator (or raised by the supplier), and each affected order's
// traveller's free choice about it. Shared by the server (recording, the choice's moves) and the
// portal (the banner and its buttons, the travel manager's list). Money is integer fen.
import { z } from "zod";
import { m, trLazy } from "../tr";
import { zInt, zText } from "../zod";
import type { Fen } from "../money";

export const DISRUPTION_KINDS = ["flightSchedule", "flightCancelled", "trainTimetable", "trainStopCancelled"] as const;
export type DisruptionKind = (typeof DISRUPTION_KINDS)[number];

/** Which product a kind concerns: a flight's kinds touch air orders, a train's train orders. */
export const DISRUPTION_PRODUCT: Readonly<Record<DisruptionKind, "air" | "train">> = {
  flightSchedule: "air", flightCancelled: "air", trainTimetable: "train", trainStopCancelled: "train",
};

/** A cancellation leaves nothing to accept: the traveller must change or refund. */
export const isCancellation = (k: DisruptionKind): boolean => k === "flightCancelled" || k === "trainStopCancelled";

/**
 * The traveller's choice about one disruption of one order: pending until they choose; each
 * choice is final (the order's own after-sales take over from there). Applied with a conditional
 * update on `pending`, so two clicks (or two travellers of one order) cannot both choose.
 */
export const DISRUPTION_CHOICES = ["pending", "accepted", "changed", "refunded"] as const;
export type DisruptionChoice = (typeof DISRUPTION_CHOICES)[number];
export type DisruptionAction = "accept" | "change" | "refund";
const CHOICE_MOVES: Readonly<Record<DisruptionAction, DisruptionChoice>> = { accept: "accepted", change: "changed", refund: "refunded" };

/** Where a choice goes from a status, or null when it is no longer open (or a cancelled trip cannot be kept). */
export function disruptionMove(from: string, action: DisruptionAction, kind: DisruptionKind): DisruptionChoice | null {
  if (from !== "pending") return null;
  if (action === "accept" && isCancellation(kind)) return null;
  return CHOICE_MOVES[action];
}

/** What the traveller may choose now (the banner's buttons): a flight's and a train's alike. */
export function disruptionActions(status: string, kind: DisruptionKind): DisruptionAction[] {
  const actions: DisruptionAction[] = ["accept", "change", "refund"];
  return actions.filter((a) => disruptionMove(status, a, kind) !== null);
}

/**
 * A free change goes to another flight (or train) of the same route departing from the day before
 * the disrupted one to three days after it: near enough to be the same trip, wide enough to find seats.
 */
export const CHANGE_WINDOW_DAYS = { before: 1, after: 3 } as const;

/** A ticket as paid: what an involuntary change or refund starts from. */
export interface PaidTicket {
  psgType: string;
  ticket: Fen;
  consTax: Fen;
  fuelTax: Fen;
}

/**
 * The involuntary change's fee rule (the airline moved the flight, not the traveller): no change
 * fee, no service fee and no fare or fuel-tax difference within the same cabin, however dear the
 * new fare. A cheaper new fare gives no difference back now, but the ticket keeps the value that
 * was paid for it (ticket and taxes carried over), so a later refund of it returns all that was
 * paid: the traveller never ends up with less than they paid for. Another cabin is not free.
 */
export function involuntaryChangeLine(t: PaidTicket): { ticket: Fen; consTax: Fen; fuelTax: Fen; changeFee: 0; changeSpread: 0; changeFuelTaxSpread: 0; changeServiceFee: 0; total: 0 } {
  return { ticket: t.ticket, consTax: t.consTax, fuelTax: t.fuelTax, changeFee: 0, changeSpread: 0, changeFuelTaxSpread: 0, changeServiceFee: 0, total: 0 };
}

/** A train ticket as paid: its passenger and fare (the service fee is the order's). */
export interface PaidTrainTicket<P extends string = string> {
  passengerId: number;
  name: string;
  passengerType: P;
  fare: Fen;
}

/**
 * The train's involuntary change (the railway moved or stopped the train): to another train of the
 * same route in the same seat class, no fee and no fare difference either way. A dearer ticket
 * costs nothing more; a cheaper one gives nothing back now, but each ticket keeps the fare that was
 * paid for it, so a later refund starts from all that was paid (as a flight's ticket does).
 */
export function involuntaryTrainChangeLines<P extends string>(tickets: readonly PaidTrainTicket<P>[]) {
  const lines = tickets.map((t) => ({ passengerId: t.passengerId, name: t.name, passengerType: t.passengerType, oldFare: t.fare, newFare: t.fare, pay: 0, fee: 0, refund: 0 }));
  return { lines, pay: 0 as Fen, fee: 0 as Fen, refund: 0 as Fen };
}

/**
 * The involuntary refund's rule: no refund fee; the ticket, its taxes, an unused policy's premium
 * and the service fee paid for it all go back (the trip was broken by the carrier, not the traveller).
 */
export function involuntaryRefund(t: PaidTicket & { insurance?: Fen; serviceFee?: Fen }): Fen {
  return t.ticket + t.consTax + t.fuelTax + (t.insurance ?? 0) + (t.serviceFee ?? 0);
}

export { DISRUPTION_PATHS } from "./paths";

const day = z.string().max(10, m("日期格式应为 YYYY-MM-DD")).regex(/^\d{4}-\d{2}-\d{2}$/, m("日期格式应为 YYYY-MM-DD")).refine((s) => Number.isFinite(Date.parse(s)), m("日期格式应为 YYYY-MM-DD"));
const clock = z.string().max(5, m("时间格式应为 HH:mm")).regex(/^([01]\d|2[0-3]):[0-5]\d$/, m("时间格式应为 HH:mm"));

/** What the operator (or the supplier) records. New times are required for a schedule change, absent for a cancellation. */
export const recordDisruptionInput = z
  .object({
    kind: z.enum(DISRUPTION_KINDS, m("请选择航变类型")),
    no: zText({ min: 2, max: 8, trim: true, error: trLazy("航班号或车次不正确") }).transform((s) => s.toUpperCase()),
    date: day,
    newDepTime: clock.optional(),
    newArrTime: clock.optional(),
    reason: zText({ min: 1, max: 100, trim: true, error: trLazy("请填写航变原因（100 字以内）") }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!isCancellation(v.kind) && !v.newDepTime) ctx.addIssue({ code: "custom", path: ["newDepTime"], message: trLazy("请填写新的出发时间")() });
    if (isCancellation(v.kind) && (v.newDepTime || v.newArrTime)) ctx.addIssue({ code: "custom", path: ["newDepTime"], message: trLazy("取消的行程没有新时间")() });
  });
export type RecordDisruptionInput = z.infer<typeof recordDisruptionInput>;

const id = (what: string) => zInt({ min: 1, max: 2_147_483_647, error: trLazy(what) });
export const orderDisruptionsInput = z.object({ id: id("订单编号不正确") }).strict();
export const disruptionChoiceInput = z.object({ id: id("订单编号不正确"), disruptionId: id("航变编号不正确") }).strict();
export const disruptionChangeInput = z
  .object({ id: id("订单编号不正确"), disruptionId: id("航变编号不正确"), fareKey: zText({ min: 1, max: 64, trim: true, error: trLazy("请选择新的航班舱位") }) })
  .strict();
export type DisruptionChangeInput = z.infer<typeof disruptionChangeInput>;
export const disruptionTrainChangeInput = z
  .object({ id: id("订单编号不正确"), disruptionId: id("航变编号不正确"), trainKey: zText({ min: 1, max: 120, trim: true, error: trLazy("请选择新的车次") }) })
  .strict();
export type DisruptionTrainChangeInput = z.infer<typeof disruptionTrainChangeInput>;

/** Whether the traveller has chosen yet (the travel manager's filter). */
export const DISRUPTION_CHOSEN = ["pending", "chosen"] as const;
const optionalDay = day.optional();

/**
 * The travel manager's filters of 航变行程: the trip's date range, product, the traveller's name,
 * the choice (or only whether one was made) and the kind.
 */
export const companyDisruptionFilters = {
  kind: z.enum(DISRUPTION_KINDS, m("请选择航变类型")).optional(),
  status: z.enum(DISRUPTION_CHOICES, m("处理状态不正确")).optional(),
  chosen: z.enum(DISRUPTION_CHOSEN, m("处理状态不正确")).optional(),
  product: z.enum(["air", "train"], m("产品类型不正确")).optional(),
  from: optionalDay,
  to: optionalDay,
  traveller: zText({ max: 30, trim: true, error: trLazy("出行人姓名最多 30 个字符") }).optional(),
};

/** The operator console's list of recorded disruptions: the trip's date range, product and number. */
export const opsDisruptionListInput = z
  .object({
    pageNum: zInt({ min: 1, max: 100_000, error: trLazy("页码不正确") }).default(1),
    pageSize: zInt({ min: 1, max: 100, error: trLazy("每页条数不正确") }).default(20),
    product: z.enum(["air", "train"], m("产品类型不正确")).optional(),
    no: zText({ max: 8, trim: true, error: trLazy("航班号或车次不正确") }).optional(),
    from: optionalDay,
    to: optionalDay,
  })
  .strict();
export type OpsDisruptionListInput = z.output<typeof opsDisruptionListInput>;

/** One recorded disruption in the console: how many orders it flagged and what their travellers chose. */
export interface OpsDisruptionRow {
  id: number;
  kind: DisruptionKind;
  product: "air" | "train";
  no: string;
  date: string;
  oldDepTime: string | null;
  newDepTime: string | null;
  newArrTime: string | null;
  reason: string;
  createdBy: string;
  createTime: string;
  orders: number;
  pending: number;
  accepted: number;
  changed: number;
  refunded: number;
}

export interface DisruptionView {
  id: number;
  kind: DisruptionKind;
  no: string;
  date: string;
  oldDepTime: string | null;
  oldArrTime: string | null;
  newDepTime: string | null;
  newArrTime: string | null;
  reason: string;
  createTime: string;
  /** The traveller's choice for this order. */
  status: DisruptionChoice;
  chosenAt: string | null;
  actions: DisruptionAction[];
}

/** One row of the travel manager's 航变行程 list. */
export interface CompanyDisruptionRow {
  id: number;
  orderId: number;
  orderNo: string;
  product: "air" | "train";
  title: string;
  travellerName: string;
  kind: DisruptionKind;
  no: string;
  date: string;
  newDepTime: string | null;
  status: DisruptionChoice;
  createTime: string;
}
