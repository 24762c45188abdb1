import type { Generated } from "kysely";

/** Migration 123: one reimbursement document (报销凭证), blue or red-letter. */
export interface EinvoicesTable {
  id: Generated<number>;
  /** The member who asked for it (the order's member, booker or traveller). */
  memberId: number;
  /** The order's company on a business trip; the company's finance sees it. */
  companyId: number | null;
  orderId: number;
  passengerId: number;
  ticketNo: string;
  subjectKey: string;
  kind: string;
  direction: string;
  /** A red-letter document's original. */
  originalId: number | null;
  status: string;
  /** company | saved | custom | personal */
  titleType: string;
  buyerName: string;
  buyerTaxNo: string | null;
  email: string | null;
  passengerName: string;
  certNo: string;
  /** JSON of EinvoiceDetail. */
  detail: string;
  totalFen: number;
  taxableFen: number;
  exemptFen: number;
  taxFen: number;
  rateBp: number;
  /** The 20-digit 数电票号码, once issued. */
  number: string | null;
  issuedAt: string | null;
  /** The signed structured document the issuer answered. */
  xml: string | null;
  issuer: string | null;
  /** 销售方 as the issuer printed it. */
  sellerName: string | null;
  sellerTaxNo: string | null;
  sandbox: Generated<number>;
  createTime: string;
  updateTime: string;
}
