// The pay authorization code (支付授权码): an 18-digit code, like a wallet's 付款码, that lets a
// counter charge the member's wallet once within 2 minutes. The member's page shows it with its
// QR and a countdown; a counter (a partner) charges it with a request signed by its app secret.

export const PAY_CODE_LENGTH = 18;
export const PAY_CODE_TTL_MS = 2 * 60_000;
/** How often the member's page asks whether the code was charged. */
export const PAY_CODE_POLL_MS = 2_000;
/** A counter charge is a purchase at the counter: the published business type 7 (buyTicket, 购票). */
export const PAY_CODE_BUSINESS_TYPE = 7;
/** Largest single counter charge: 50 000 yuan. */
export const PAY_CODE_MAX_FEN = 5_000_000;

export const PAY_CODE_PATHS = {
  generate: "/pay/authcode/generate",
  status: "/pay/authcode/status",
  charge: "/pay/authcode/charge",
} as const;

export type PayCodeStatus = "active" | "used" | "expired" | "revoked";

export interface PayCodeView {
  code: string;
  status: PayCodeStatus;
  expiresAt: string;
  /** Charged amount (fen) once used. */
  amount: number | null;
  paidTime: string | null;
}

export interface PayCodeCharge {
  outTradeNo: string;
  counterTradeNo: string;
  amountFen: number;
  paidTime: string;
}

export const isPayCode = (v: string) => /^\d{18}$/.test(v);

/** 18 digits in groups of 4 from the left, as wallets show a pay code: "2812 3456 7890 1234 56". */
export function groupPayCode(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The text a counter signs (hex HMAC-SHA256 with its app secret): the same appId + timestamp as a
 * partner's entry sign, followed by what the charge is about, so none of it can be altered.
 */
export function payCodeSignText(p: { appId: string; signTimestamp: string; authCode: string; amountFen: number; counterTradeNo: string }): string {
  return `${p.appId}${p.signTimestamp}${p.authCode}${p.amountFen}${p.counterTradeNo}`;
}
