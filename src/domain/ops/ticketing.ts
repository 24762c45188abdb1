// The ticketing queue of the operator console (出票队列): paid flight and train orders waiting for
// their tickets. Its inputs are shared by the console's forms and the server; its replies are the
// rows the console shows.
import { z } from "zod";
import { m, trLazy } from "../tr";
import { zInt, zOptionalString, zText } from "../zod";
import { OPS_PAGE_SIZE_MAX } from "./schemas";

/** What the queue lists: domestic flights, international flights, trains. */
export const TICKETING_PRODUCTS = ["air", "intlAir", "train"] as const;
export type TicketingProduct = (typeof TICKETING_PRODUCTS)[number];

/** Whose hold an order is under: the caller's, any operator's, nobody's. */
export const TICKETING_TAKEN = ["me", "anyone", "nobody"] as const;
export type TicketingTaken = (typeof TICKETING_TAKEN)[number];

export const TICKETING_REASON_MAX = 200;
export const TICKETING_ORDER_NO_MAX = 32;
/** A week: longer waits are all "long". */
export const TICKETING_WAIT_MAX_MINUTES = 10_080;
/** More tickets than any order holds (9 passengers, two segments), so a bigger list is refused unread. */
export const TICKETING_TICKETS_MAX = 40;

/**
 * An airline ticket number: the airline's 3-digit code and a 10-digit serial, written with or
 * without the dash (999-1234567890 or 9991234567890); stored with it.
 */
export const FLIGHT_TICKET_NO = /^(\d{3})-?(\d{10})$/;
/** The railway's e-ticket number: E and 9 digits (E123456789). */
export const TRAIN_ETICKET_NO = /^E\d{9}$/;

export function normalFlightTicketNo(value: string): string {
  const found = FLIGHT_TICKET_NO.exec(value.trim());
  return found ? `${found[1]}-${found[2]}` : value.trim();
}

const zId = zInt({ min: 1, max: 2_147_483_647, error: trLazy("编号不正确") });

export const ticketingListSchema = z
  .object({
    pageNum: zInt({ min: 1, max: 100_000, error: trLazy("页码不正确") }).default(1),
    pageSize: zInt({ min: 1, max: OPS_PAGE_SIZE_MAX, error: trLazy("每页条数不正确") }).default(20),
    product: z.enum(TICKETING_PRODUCTS, { error: trLazy("产品类型不正确") }).optional(),
    orderNo: zOptionalString(zText({ max: TICKETING_ORDER_NO_MAX, trim: true, label: trLazy("订单号") })),
    /** Orders waiting at least this many minutes. */
    minWaitMinutes: zInt({ min: 0, max: TICKETING_WAIT_MAX_MINUTES, error: trLazy("等待时长不正确") }).optional(),
    taken: z.enum(TICKETING_TAKEN, { error: trLazy("受理人不正确") }).optional(),
  })
  .strict();
export type TicketingFilters = z.output<typeof ticketingListSchema>;

export const ticketingIdSchema = z.object({ id: zId }).strict();

const ticketLine = z
  .object({
    passengerId: zId,
    ticketNo: zText({ max: 20, trim: true, label: trLazy("票号"), typeError: trLazy("请填写票号") })
      .min(1, m("请填写票号"))
      .regex(FLIGHT_TICKET_NO, m("票号格式不正确，应为 3 位航司代码加 10 位数字，如 999-1234567890")),
  })
  .strict();

/**
 * Entering (or correcting) the tickets of an order the caller holds: a flight order names every
 * passenger's ticket number, a train order the railway's e-ticket number.
 */
export const ticketingTicketSchema = z
  .object({
    id: zId,
    tickets: z.array(ticketLine, { error: trLazy("请填写票号") }).max(TICKETING_TICKETS_MAX, m("票号过多")).default([]),
    eTicketNo: zOptionalString(
      zText({ max: 10, trim: true, label: trLazy("电子客票号") }).regex(TRAIN_ETICKET_NO, m("电子客票号格式不正确，应为 E 加 9 位数字")),
      trLazy("电子客票号格式不正确，应为 E 加 9 位数字"),
    ),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.tickets.forEach((t, i) => {
      const no = normalFlightTicketNo(t.ticketNo);
      if (seen.has(no)) ctx.addIssue({ code: "custom", path: ["tickets", i, "ticketNo"], message: trLazy("票号不能重复")() });
      seen.add(no);
    });
  });
export type TicketingTicketInput = z.output<typeof ticketingTicketSchema>;
export type TicketingTicketForm = z.input<typeof ticketingTicketSchema>;

export const ticketingFailSchema = z
  .object({
    id: zId,
    reason: zText({ max: TICKETING_REASON_MAX, min: 1, trim: true, label: trLazy("失败原因"), typeError: trLazy("请填写失败原因") }),
  })
  .strict();
export type TicketingFailForm = z.input<typeof ticketingFailSchema>;

// ---- replies ----

export interface TicketingRow {
  id: number;
  orderNo: string;
  product: TicketingProduct;
  /** The order's status in its own product's table (flight: 1 已支付, 7 出票中; train: 1 出票中). */
  status: number;
  memberName: string;
  memberMobile: string;
  companyName: string | null;
  /** The route as the order names it, and the departure date. */
  title: string;
  depDate: string;
  passengerNames: string[];
  amountFen: number;
  /** When the order began to wait: its last move (the payment, or its submission for ticketing right after). */
  waitingSince: string;
  takenBy: { id: number; name: string } | null;
  takenAt: string | null;
  /** The caller holds it. */
  mine: boolean;
}

export interface TicketingPassenger {
  id: number;
  name: string;
  psgType: string;
  /** Flights: the segment this ticket flies (0 for a one-way order) and its flight. */
  segment: number;
  flightNo: string | null;
  ticketNo: string | null;
  seatNo: string | null;
}

export interface TicketingEvent {
  action: string;
  toStatus: number;
  actorName: string;
  note: string | null;
  createTime: string;
}

export interface TicketingDetail extends TicketingRow {
  passengers: TicketingPassenger[];
  /** Trains: the railway's e-ticket number, once issued. */
  eTicketNo: string | null;
  events: TicketingEvent[];
}

export interface TicketingCount {
  count: number;
}
