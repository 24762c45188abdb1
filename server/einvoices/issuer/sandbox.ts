// The sandbox issuer: documents numbered and signed here, marked sandbox on their face and in
// their XML, so that every path (request, issue, reverse, render, verify) runs without a tax
// platform. Numbers are 20 digits as 数电票号码 are: the year's last two digits, a region code,
// a 9 that no live region uses in this position, and our document id; a retried call for the
// same document answers the same number. The XML is signed with an HMAC-SHA256 key of its own.
import crypto from "node:crypto";
import { fenToYuan } from "../../../src/domain/money";
import { amountInWords } from "../../../src/domain/einvoice/words";
import { EINVOICE_ITEM_LABELS, EINVOICE_KIND_LABELS } from "../../../src/domain/einvoice/kinds";
import { rateText } from "../../../src/domain/einvoice/tax";
import type { EinvoiceParty, InvoiceIssuer, IssueRequest, IssuedDocument, IssuedState } from "./types";

/** Outside production, when EINVOICE_SANDBOX_KEY is not set. */
export const DEMO_EINVOICE_SANDBOX_KEY = "einvoice-sandbox-demo-key-not-for-production";

export const SANDBOX_SELLER: EinvoiceParty = { name: "商旅门户演示服务有限公司（沙箱）", taxNo: "91310000SANDBOX00X" };

const REGION = "31";

export function sandboxNumber(id: number, issuedAt: string): string {
  const year = new Date(issuedAt).getUTCFullYear() % 100;
  return `${String(year).padStart(2, "0")}${REGION}9${String(id).padStart(15, "0")}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const el = (name: string, value: string | number | null | undefined) => (value === undefined || value === null ? "" : `<${name}>${esc(String(value))}</${name}>`);
const yuan = (fen: number | undefined) => (fen === undefined ? undefined : fenToYuan(fen));

/** The document without its signature: the bytes the signature covers. */
export function unsignedXml(r: IssueRequest, number: string): string {
  const a = r.amounts;
  const d = r.detail;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<EInvoice sandbox="true">`,
    `<Header>${el("InvoiceNumber", number)}${el("IssueTime", r.issuedAt)}${el("InvoiceType", EINVOICE_KIND_LABELS[r.kind])}${el("Kind", r.kind)}${el("Direction", r.direction)}${el("OriginalNumber", r.original?.number)}</Header>`,
    `<Seller>${el("Name", r.seller.name)}${el("TaxNo", r.seller.taxNo)}</Seller>`,
    `<Buyer>${el("Name", r.buyer.name)}${el("TaxNo", r.buyer.taxNo)}</Buyer>`,
    `<Passenger>${el("Name", r.passenger.name)}${el("IdNo", r.passenger.certNo)}</Passenger>`,
    `<Item>${el("Name", EINVOICE_ITEM_LABELS[r.kind])}${el("TicketNo", d.ticketNo)}${el("Carrier", d.carrier)}${el("FlightNo", d.flightNo)}${el("From", d.from)}${el("To", d.to)}${el("Date", d.depDate)}${el("Time", d.depTime)}${el("Class", d.cabin)}${el("TrainNo", d.trainNo)}${el("Seat", d.seat)}${el("Hotel", d.hotel)}${el("Room", d.room)}${el("CheckIn", d.checkIn)}${el("CheckOut", d.checkOut)}${el("Nights", d.nights)}${el("Rooms", d.rooms)}</Item>`,
    `<Amounts>${el("Fare", yuan(d.fare))}${el("FuelSurcharge", yuan(d.fuelSurcharge))}${el("DevelopmentFund", yuan(d.developmentFund))}${el("Taxable", yuan(a.taxable))}${el("Exempt", yuan(a.exempt))}${el("Net", yuan(a.net))}${el("TaxRate", rateText(a.rateBp))}${el("Tax", yuan(a.tax))}${el("Total", yuan(a.total))}${el("TotalInWords", amountInWords(a.total))}</Amounts>`,
    `</EInvoice>`,
  ].join("\n");
}

const SIGNATURE = /\n<Signature algorithm="HMAC-SHA256">([0-9a-f]{64})<\/Signature>(?=\n<\/EInvoice>$)/;

function hmac(key: string, text: string): string {
  return crypto.createHmac("sha256", key).update(text, "utf8").digest("hex");
}

export function signXml(key: string, unsigned: string): string {
  const at = unsigned.lastIndexOf("\n</EInvoice>");
  return `${unsigned.slice(0, at)}\n<Signature algorithm="HMAC-SHA256">${hmac(key, unsigned)}</Signature>${unsigned.slice(at)}`;
}

/** Whether a document's XML carries the sandbox key's signature over exactly its other bytes. */
export function verifySandboxXml(key: string, xml: string): boolean {
  const m = SIGNATURE.exec(xml);
  if (!m) return false;
  const want = Buffer.from(hmac(key, xml.replace(SIGNATURE, "")), "hex");
  const got = Buffer.from(m[1]!, "hex");
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

export function createSandboxIssuer(key: string, seller: EinvoiceParty = SANDBOX_SELLER): InvoiceIssuer {
  const make = (r: IssueRequest): IssuedDocument => {
    const number = sandboxNumber(r.id, r.issuedAt);
    return { number, issuedAt: r.issuedAt, xml: signXml(key, unsignedXml({ ...r, seller }, number)), issuer: "sandbox", sandbox: true, seller };
  };
  return {
    name: "sandbox",
    sandbox: true,
    seller,
    issue: async (r) => make(r),
    reverse: async (r) => make(r),
    // The sandbox keeps nothing of its own: our rows are the record, so it vouches for none.
    query: async (): Promise<IssuedState> => "unknown",
  };
}
