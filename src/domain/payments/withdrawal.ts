// Withdrawals from the wallet to a bound bank card: the state machine (every status with its
// label and colour, every allowed move as (from, action) → to with who takes it), the amount rule
// and the inputs of the withdrawal calls, shared by the server and the portal. The server applies
// a move with a conditional update on `from`; the portal asks the same table which buttons to show.
import { z } from "zod";
import { codeTable, GREY, label, type CodeTable, type StatusColor } from "../codes";
import { msg, type Lang, type MessageKey } from "../messages";
import { zInt, zText } from "../zod";
import { zCardId } from "./bank-cards";
import { IN_YUAN, parseYuan } from "../money";

export { WITHDRAWAL_PATHS } from "./types";

export const WITHDRAWAL_STATUSES = ["requested", "approved", "paid", "rejected", "cancelled"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_LABELS: CodeTable<WithdrawalStatus> = codeTable("withdrawalStatus", WITHDRAWAL_STATUSES);

const COLORS: Readonly<Record<WithdrawalStatus, StatusColor>> = {
  requested: "orange",
  approved: "blue",
  paid: "green",
  rejected: "red",
  cancelled: GREY,
};

export const withdrawalColor = (status: string): StatusColor => (COLORS as Record<string, StatusColor>)[status] ?? GREY;
export const withdrawalLabel = (status: string, lang: Lang = "zh"): string => label(WITHDRAWAL_LABELS, status, lang);

export type WithdrawalAction = "approve" | "reject" | "pay" | "cancel";

/**
 * member: the one who applied; system: the review and payout jobs, or a finance operator who
 * makes the same moves by hand (the jobs are the default policy for requests no operator took).
 */
export interface WithdrawalMove {
  from: WithdrawalStatus;
  action: WithdrawalAction;
  to: WithdrawalStatus;
  by: "member" | "system";
  /** The money goes back to the wallet with this move. */
  returnsMoney: boolean;
}

const move = (from: WithdrawalStatus, action: WithdrawalAction, to: WithdrawalStatus, by: WithdrawalMove["by"], returnsMoney = false): WithdrawalMove =>
  ({ from, action, to, by, returnsMoney });

/**
 * Every allowed move; anything else is refused. The review approves or rejects a request; an
 * approved one is paid out, or rejected when the payout cannot go to the card. The member may
 * cancel only while the request waits for review.
 */
export const WITHDRAWAL_MOVES: readonly WithdrawalMove[] = [
  move("requested", "approve", "approved", "system"),
  move("requested", "reject", "rejected", "system", true),
  move("requested", "cancel", "cancelled", "member", true),
  move("approved", "pay", "paid", "system"),
  move("approved", "reject", "rejected", "system", true),
];

export function withdrawalMove(from: string, action: WithdrawalAction): WithdrawalMove | null {
  return WITHDRAWAL_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/** What the member may do with a withdrawal in this status (the list's buttons). */
export const withdrawalMemberActions = (status: string): WithdrawalAction[] =>
  WITHDRAWAL_MOVES.filter((m) => m.from === status && m.by === "member").map((m) => m.action);

/** What a finance operator may do by hand in this status: the review's and the payout's moves. */
export const withdrawalOperatorActions = (status: string): WithdrawalAction[] =>
  WITHDRAWAL_MOVES.filter((m) => m.from === status && m.by === "system").map((m) => m.action);

/** Not finished yet: the money is on its way, so the card it goes to must stay bound. */
export const IN_PROGRESS_WITHDRAWALS: readonly WithdrawalStatus[] = WITHDRAWAL_STATUSES.filter((s) => WITHDRAWAL_MOVES.some((m) => m.from === s));
export const isWithdrawalFinal = (status: string) => !WITHDRAWAL_MOVES.some((m) => m.from === status);

// ---- amounts ----

/** The smallest withdrawal: 1.00 yuan. */
export const MIN_WITHDRAWAL_FEN = 100;
/** What one member may withdraw per China day; the review rejects what goes over it. */
export const DAILY_WITHDRAWAL_LIMIT_FEN = 5_000_000;

// Their texts: messages.<key> in the locale files (their placeholders filled in here).
const TEXTS = {
  amountRequired: "withdrawalAmountRequired",
  amountFormat: "withdrawalAmountFormat",
  amountMin: "withdrawalAmountMin",
  payPassword: "withdrawalPayPassword",
  payPasswordFormat: "withdrawalPayPasswordFormat",
  id: "withdrawalId",
  status: "withdrawalStatus",
} as const satisfies Record<string, MessageKey>;
/** A message of this file in one language. */
const textOf = (key: keyof typeof TEXTS, lang: Lang = "zh"): string => msg(TEXTS[key], lang);

/** Yuan text to fen for a withdrawal amount; null unless positive with at most 2 decimals. */
export function withdrawalAmountFen(text: unknown): number | null {
  return parseYuan(text, { min: 1 });
}

export function createWithdrawalSchemas(lang: Lang = "zh") {
  const t = (key: keyof typeof TEXTS) => textOf(key, lang);
  /** Yuan as exact decimal text ('50', '50.5', '50.50'), read into integer fen. */
  const amount = z
    .string({ error: t("amountRequired") })
    .max(16, t("amountFormat"))
    .superRefine((v, ctx) => {
      const fen = withdrawalAmountFen(v);
      const message = v.trim() === "" ? t("amountRequired") : fen === null ? t("amountFormat") : fen < MIN_WITHDRAWAL_FEN ? t("amountMin") : null;
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .meta(IN_YUAN)
    .transform((v) => withdrawalAmountFen(v)!);
  const id = zInt({ min: 1, max: 2_147_483_647, error: t("id") });
  return {
    amount,
    /** The 提现 form: the 6 digits are checked here, as the server only ever sees their MD5. */
    applyForm: z
      .object({
        cardId: zCardId(lang),
        amount,
        payPassword: z.string({ error: t("payPassword") }).min(1, t("payPassword")).regex(/^\d{6}$/, t("payPasswordFormat")),
      })
      .strict(),
    /**
     * POST /withdrawal/apply. The pay password travels as its MD5 digest; it may be absent so
     * that a member without one hears 请先设置支付密码 rather than a format message.
     */
    applyInput: z
      .object({
        cardId: zCardId(lang),
        amount,
        payPassword: zText({ max: 32, error: t("payPasswordFormat") }).regex(/^[0-9a-f]{32}$/, t("payPasswordFormat")).optional(),
      })
      .strict(),
    idInput: z.object({ id }).strict(),
    status: z.enum(WITHDRAWAL_STATUSES, { error: t("status") }),
  };
}

export const WITHDRAWAL_SCHEMAS: Readonly<Record<Lang, ReturnType<typeof createWithdrawalSchemas>>> = {
  zh: createWithdrawalSchemas("zh"),
  en: createWithdrawalSchemas("en"),
};

/** A withdrawal as the list, the detail and every reply show it (the card masked). */
export interface WithdrawalView {
  id: number;
  withdrawNo: string;
  cardId: number;
  bankName: string;
  cardNoMasked: string;
  /** fen */
  amount: number;
  status: WithdrawalStatus;
  statusName: string;
  /** Why it was rejected or cancelled. */
  reason: string | null;
  createTime: string;
  reviewTime: string | null;
  paidTime: string | null;
  /** What the member may do now (cancel while requested). */
  actions: WithdrawalAction[];
}
