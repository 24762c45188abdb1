// Notifications a member receives: each kind, the parameters it carries (checked before the
// outbox row is written, so a bad one is dropped there and never fails the change that caused
// it), the group a member's channel choices apply to, and its text in either language. The
// server renders SMS from here; the portal renders the message centre from here, in the reader's
// language, so a message reads in the language of whoever opens it rather than the sender's.
import { z } from "zod";
import { m } from "./tr";
import zh from "../locales/notices.zh-CN.json" with { type: "json" };
import en from "../locales/notices.en-US.json" with { type: "json" };
import type { Lang } from "./messages";
import { formatFen } from "./money";
import { formatChinaTime } from "./format";

const text = (max: number) => z.string().min(1).max(max);
const fen = z.number().int().min(0).max(999_999_999_999);
const iso = z.string().refine((s) => Number.isFinite(Date.parse(s)), "not a time");
const order = { orderNo: text(40), title: text(200), product: z.enum(["air", "hotel", "train"]) };
/** A ticket as the ticketed message lists it: whose, its number (flights) or seat (trains). */
const ticket = z.object({ name: text(60), ticketNo: z.string().max(40).nullable(), seat: z.string().max(40).nullable() });

export const PAID_BACK_TO = ["wallet", "credit", "alipay", "wechat", "split"] as const;
export const DECISIONS = ["approved", "rejected", "expired", "withdrawn"] as const;

export const NOTICE_PARAMS = {
  orderAwaitingPayment: z.object({ ...order, amountFen: fen, deadline: iso }),
  orderPaid: z.object({ ...order, amountFen: fen }),
  orderTicketed: z.object({ ...order, tickets: z.array(ticket).max(20).optional(), terminal: z.string().max(40).nullable().optional() }),
  hotelConfirmed: z.object(order),
  orderReleased: z.object(order),
  refundAccepted: z.object({ orderNo: text(40), product: order.product, amountFen: fen }),
  refundPaid: z.object({ orderNo: text(40), product: order.product, amountFen: fen, to: z.enum(PAID_BACK_TO) }),
  changeConfirmed: z.object(order),
  /** The after-sales desk declined a refund or change request, with the operator's reason. */
  refundDeclined: z.object({ orderNo: text(40), product: order.product, reason: text(200) }),
  changeDeclined: z.object({ orderNo: text(40), product: order.product, reason: text(200) }),
  approvalWaiting: z.object({ title: text(200), applicantName: text(60), level: z.number().int().min(1).max(20), deadline: iso.nullable(), subject: z.enum(["trip", "order"]) }),
  approvalDecided: z.object({ title: text(200), decision: z.enum(DECISIONS), subject: z.enum(["trip", "order"]) }),
  /** An airline's or railway's change of schedule, written when a 航变 is recorded for the traveller's flight or train. */
  scheduleChanged: z.object({ ...order, departAt: iso, change: text(200) }),
  withdrawalPaid: z.object({ withdrawNo: text(40), amountFen: fen, cardTail: z.string().max(8) }),
  withdrawalRejected: z.object({ withdrawNo: text(40), amountFen: fen, reason: text(200) }),
  statementReady: z.object({ periodStart: text(10), periodEnd: text(10), amountFen: z.number().int().min(-999_999_999_999).max(999_999_999_999) }),
  disputeAnswered: z.object({ periodStart: text(10), periodEnd: text(10), decision: z.enum(["accept", "reject"]), note: z.string().max(200) }),
  payPasswordChanged: z.object({ at: iso }),
  newDeviceSignIn: z.object({ at: iso, device: text(120) }),
} as const;

export type NoticeKind = keyof typeof NOTICE_PARAMS;
export type NoticeParams<K extends NoticeKind = NoticeKind> = z.infer<(typeof NOTICE_PARAMS)[K]>;
export const NOTICE_KINDS = Object.keys(NOTICE_PARAMS) as NoticeKind[];

export const isNoticeKind = (k: string): k is NoticeKind => k in NOTICE_PARAMS;

/** The groups a member chooses channels for. */
export const NOTICE_GROUPS = ["order", "disruption", "approval", "account", "settlement"] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];
export const NOTICE_GROUP: Record<NoticeKind, NoticeGroup> = {
  orderAwaitingPayment: "order", orderPaid: "order", orderTicketed: "order", hotelConfirmed: "order", orderReleased: "order",
  refundAccepted: "order", refundPaid: "order", changeConfirmed: "order", refundDeclined: "order", changeDeclined: "order", scheduleChanged: "disruption",
  approvalWaiting: "approval", approvalDecided: "approval",
  withdrawalPaid: "account", withdrawalRejected: "account", payPasswordChanged: "account", newDeviceSignIn: "account",
  statementReady: "settlement", disputeAnswered: "settlement",
};
/** Groups a company's group robot may post: what a team acts on together. */
export const ROBOT_GROUPS = ["approval", "disruption"] as const satisfies readonly NoticeGroup[];

/**
 * Which kinds also go out by SMS when the member has chosen nothing: what a traveller must not
 * miss away from the portal (a ticket, a lost booking, money back, a decision that holds a trip
 * up). Payment steps they have just taken themselves stay in the portal.
 */
export const SMS_BY_DEFAULT: ReadonlySet<NoticeKind> = new Set<NoticeKind>([
  "orderTicketed", "hotelConfirmed", "orderReleased", "refundPaid", "changeConfirmed", "refundDeclined", "changeDeclined", "scheduleChanged", "approvalWaiting", "approvalDecided",
  "withdrawalPaid", "withdrawalRejected", "payPasswordChanged", "newDeviceSignIn",
]);

/** What a notification links to. */
export type NoticeSubject = "order" | "approval" | "withdrawal" | "statement";

const TEXTS = { zh, en } as const;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The title and text of a notification in one language; unreadable params give the title alone. */
export function renderNotice(kind: string, rawParams: unknown, lang: Lang = "zh"): { title: string; body: string } {
  const t = TEXTS[lang];
  if (!isNoticeKind(kind)) return { title: kind, body: "" };
  const parsed = NOTICE_PARAMS[kind].safeParse(rawParams);
  const key = kind === "approvalWaiting" && parsed.success && (parsed.data as NoticeParams<"approvalWaiting">).deadline ? "approvalWaitingDeadline" : kind;
  const entry = t[key];
  if (!parsed.success) return { title: entry.title, body: "" };
  const p = parsed.data as Record<string, unknown>;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p)) if (typeof v === "string" || typeof v === "number") values[k] = v;
  if (typeof p.amountFen === "number") values.amount = formatFen(p.amountFen);
  if (typeof p.deadline === "string") values.deadline = formatChinaTime(p.deadline);
  if (typeof p.to === "string") values.to = t.paidBackTo[p.to as (typeof PAID_BACK_TO)[number]];
  if (typeof p.decision === "string") values.decision = kind === "disputeAnswered" ? t.disputeDecision[p.decision as "accept" | "reject"] : t.decision[p.decision as (typeof DECISIONS)[number]];
  if (typeof p.at === "string") values.at = formatChinaTime(p.at);
  if (typeof p.departAt === "string") values.departAt = formatChinaTime(p.departAt);
  if (Array.isArray(p.tickets) && p.tickets.length) {
    const list = (p.tickets as { name: string; ticketNo: string | null; seat: string | null }[]).map((x) => [x.name, x.ticketNo, x.seat].filter(Boolean).join(" ")).join(lang === "zh" ? "；" : "; ");
    values.tickets = fill(t.ticketsLine, { list, terminal: typeof p.terminal === "string" && p.terminal ? fill(t.terminalLine, { terminal: p.terminal }) : "" });
  } else values.tickets = "";
  return { title: entry.title, body: fill(entry.body, values) };
}

/** The one-line SMS of a notification (Chinese: members have no language of their own on file yet). */
export function noticeSms(kind: NoticeKind, params: unknown): string {
  const { title, body } = renderNotice(kind, params, "zh");
  return `【商旅门户】${body || title}`;
}

export { NOTICE_PATHS } from "./notice-paths";

/** The message centre's filters: one kind, and read (1) or unread (0). */
export const noticeFilterShape = {
  kind: z.union([z.enum(NOTICE_KINDS as [NoticeKind, ...NoticeKind[]]), z.literal("")], m("消息类型不正确")).optional().transform((v) => v || undefined),
  isRead: z.union([z.literal(["0", "1", ""]), z.literal([0, 1])], m("已读状态只能是 0（未读）或 1（已读）")).optional().transform((v) => (v === "" || v === undefined ? undefined : Number(v))),
};

/** A message as the centre lists it; the portal renders its text from kind and params. */
export interface NoticeRow {
  id: number;
  kind: NoticeKind;
  params: Record<string, unknown>;
  subjectType: NoticeSubject | null;
  subjectId: number | null;
  isRead: 0 | 1;
  readAt: string | null;
  createTime: string;
}
