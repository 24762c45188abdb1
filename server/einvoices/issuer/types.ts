// The one interface every invoice issuer sits behind, as the payment gateways do: the sandbox
// here, a tax-platform provider later. Our code speaks integer fen and our own document; each
// issuer numbers, signs and answers the structured document (XML) it keeps on record.
import type { EinvoiceDirection, EinvoiceKind } from "../../../src/domain/einvoice/kinds";
import type { EinvoiceAmounts } from "../../../src/domain/einvoice/tax";

export interface EinvoiceParty {
  name: string;
  taxNo: string | null;
}

/** What a document prints besides its parties and amounts. */
export interface EinvoiceDetail {
  /** The line item (运输服务*国内航空旅客运输服务 …). */
  item: string;
  ticketNo: string;
  flightNo?: string;
  carrier?: string;
  from?: string;
  to?: string;
  /** Date and time of departure, China time. */
  depDate?: string;
  depTime?: string;
  cabin?: string;
  /** A rail ticket's train and seat (its from/to are stations). */
  trainNo?: string;
  seat?: string;
  /** A hotel stay: the hotel, the room and its dates (China dates). */
  hotel?: string;
  room?: string;
  checkIn?: string;
  checkOut?: string;
  nights?: number;
  rooms?: number;
  /** The printed lines of an air ticket: fare, fuel surcharge, development fund (fen). */
  fare?: number;
  fuelSurcharge?: number;
  developmentFund?: number;
}

/** One document to issue (blue) or to reverse an issued one with (red). */
export interface IssueRequest {
  /** Our document's id: an issuer answers the same document for the same id, so a retried call issues nothing twice. */
  id: number;
  kind: EinvoiceKind;
  direction: EinvoiceDirection;
  /** A red-letter document's original: its number and when it was issued. */
  original?: { number: string; issuedAt: string };
  seller: EinvoiceParty;
  buyer: EinvoiceParty;
  passenger: { name: string; certNo: string };
  detail: EinvoiceDetail;
  amounts: EinvoiceAmounts;
  /** When it is issued (ISO instant). */
  issuedAt: string;
}

export interface IssuedDocument {
  /** 20-digit 数电票号码. */
  number: string;
  issuedAt: string;
  /** The signed structured document. */
  xml: string;
  issuer: string;
  sandbox: boolean;
  /** 销售方 as printed. */
  seller: EinvoiceParty;
}

export type IssuedState = "issued" | "reversed" | "unknown";

export interface InvoiceIssuer {
  readonly name: string;
  readonly sandbox: boolean;
  /** Who sells: the name and tax number printed as 销售方. */
  readonly seller: EinvoiceParty;
  issue(request: IssueRequest): Promise<IssuedDocument>;
  /** A red-letter document reversing `request.original`. */
  reverse(request: IssueRequest & { original: { number: string; issuedAt: string } }): Promise<IssuedDocument>;
  query(number: string): Promise<IssuedState>;
}

/**
 * An issuer's failure, told apart by whether asking again can help: a timeout, an unreachable or
 * overloaded platform is retried later with the same request (which issues nothing twice); a
 * refusal of the document itself (a bad tax number, a closed seller account) is final.
 */
export class IssuerError extends Error {
  override name = "IssuerError";
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
