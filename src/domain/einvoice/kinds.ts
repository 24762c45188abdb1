// Electronic reimbursement documents (报销凭证): what kinds there are, the states a document
// moves through and the one table of moves between them. A domestic air ticket is reimbursed with
// 电子发票（航空运输电子客票行程单）, a rail ticket with 电子发票（铁路电子客票）; hotels, the portal's
// service fee and refund or change fees get ordinary fully digital VAT invoices (数电发票 普通发票).
import { trLabels } from "../tr";

export const EINVOICE_KINDS = ["air", "rail", "hotel", "service", "refundFee", "changeFee"] as const;
export type EinvoiceKind = (typeof EINVOICE_KINDS)[number];

/** The document's printed name, which is also what a finance clerk files it under. */
export const EINVOICE_KIND_LABELS = trLabels<EinvoiceKind>({
  air: "电子发票（航空运输电子客票行程单）",
  rail: "电子发票（铁路电子客票）",
  hotel: "电子发票（普通发票）",
  service: "电子发票（普通发票）",
  refundFee: "电子发票（普通发票）",
  changeFee: "电子发票（普通发票）",
});

/** What the document is for, as its line item names it. */
export const EINVOICE_ITEM_LABELS = trLabels<EinvoiceKind>({
  air: "运输服务*国内航空旅客运输服务",
  rail: "运输服务*铁路旅客运输服务",
  hotel: "住宿服务*住宿费",
  service: "经纪代理服务*代订服务费",
  refundFee: "经纪代理服务*退票费",
  changeFee: "经纪代理服务*改签费",
});

/** blue: the document itself; red: the red-letter (红字) one that reverses it, amounts below zero. */
export type EinvoiceDirection = "blue" | "red";

export const EINVOICE_STATES = ["pending", "issuing", "issued", "reversed"] as const;
export type EinvoiceState = (typeof EINVOICE_STATES)[number];

export const EINVOICE_STATE_LABELS = trLabels<EinvoiceState>({
  pending: "待开具",
  issuing: "开具中",
  issued: "已开具",
  reversed: "已红冲",
});

export type EinvoiceAction = "start" | "issue" | "retry" | "reverse";

export interface EinvoiceMove {
  from: EinvoiceState;
  action: EinvoiceAction;
  to: EinvoiceState;
}

/**
 * Every move a document makes. The issuer is asked only once a document is 开具中 (a failed
 * attempt puts it back to 待开具 for the next try), and only an issued document can be reversed,
 * by a red-letter document of its own that goes through the same states.
 */
export const EINVOICE_MOVES: readonly EinvoiceMove[] = [
  { from: "pending", action: "start", to: "issuing" },
  { from: "issuing", action: "issue", to: "issued" },
  { from: "issuing", action: "retry", to: "pending" },
  { from: "issued", action: "reverse", to: "reversed" },
];

export function einvoiceMove(from: string, action: EinvoiceAction): EinvoiceMove | null {
  return EINVOICE_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/** Buyer of the document: the company on a business trip; on a private one a saved title, a title typed in, or 个人. */
export const EINVOICE_TITLE_CHOICES = ["company", "saved", "custom", "personal"] as const;
export type EinvoiceTitleChoice = (typeof EINVOICE_TITLE_CHOICES)[number];
