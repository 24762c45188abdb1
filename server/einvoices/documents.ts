// A member's reimbursement documents: asking for one on a ticket (checked, priced and written
// with its issue job in one transaction), and reading them back. One document per ticket and
// kind: the unique (subjectKey, kind, direction) decides between concurrent requests, and the
// losers are answered with the winner's document.
import type { Kysely, Selectable } from "kysely";
import type { Database, Member } from "../db/schema";
import type { EinvoicesTable } from "../db/tables/einvoices";
import { say } from "../services/i18n/catalogue";
import { DomainError } from "../services/domain-error";
import { isUniqueViolation } from "../db/unique";
import { isoAt } from "../services/clock";
import { subjectOf, subjectsOf } from "./subjects";
import { isUscc } from "../../src/domain/people/invoice-title";
import { maskCertNo } from "../../src/domain/people/certificates";
import { EINVOICE_KIND_LABELS, EINVOICE_STATE_LABELS, type EinvoiceKind, type EinvoiceState } from "../../src/domain/einvoice/kinds";
import type { EinvoiceOrderView, EinvoiceRequest, EinvoiceView } from "../../src/domain/einvoice/schemas";
import type { EinvoiceParty } from "./issuer/types";
import { enqueueIssue } from "./jobs-queue";

export type EinvoiceRow = Selectable<EinvoicesTable>;

export { airDetail } from "./detail";
export { flightSubjectKey as subjectKeyOf } from "./subjects";

export function viewOf(r: EinvoiceRow): EinvoiceView {
  return {
    id: r.id, orderId: r.orderId, passengerId: r.passengerId, passengerName: r.passengerName, certNoMasked: maskCertNo(r.certNo), ticketNo: r.ticketNo,
    kind: r.kind, kindLabel: EINVOICE_KIND_LABELS[r.kind as EinvoiceKind] ?? r.kind, direction: r.direction as "blue" | "red", originalId: r.originalId,
    status: r.status, statusLabel: EINVOICE_STATE_LABELS[r.status as EinvoiceState] ?? r.status, buyerName: r.buyerName, buyerTaxNo: r.buyerTaxNo, email: r.email,
    number: r.number, issuedAt: r.issuedAt, sandbox: r.sandbox === 1, totalFen: r.totalFen, taxFen: r.taxFen, exemptFen: r.exemptFen, rateBp: r.rateBp, createTime: r.createTime,
  };
}

interface Buyer extends EinvoiceParty {
  titleType: string;
}

async function buyerOf(db: Kysely<Database>, member: Member, order: { travelType: string | null; companyId: number | null }, input: EinvoiceRequest, passengerName: string): Promise<Buyer> {
  const business = order.travelType === "business" && order.companyId !== null;
  if (business) {
    if (input.title !== "company") throw new DomainError("badInput", say("einvoice.businessTitle"), { errors: { title: say("einvoice.businessTitle") } });
    const company = await db.selectFrom("companies").select(["name", "creditCode"]).where("id", "=", order.companyId!).executeTakeFirstOrThrow();
    if (!company.creditCode || !isUscc(company.creditCode)) throw new DomainError("conflict", say("einvoice.noCreditCode"));
    return { titleType: "company", name: company.name, taxNo: company.creditCode };
  }
  if (input.title === "company") throw new DomainError("badInput", say("einvoice.privateNoCompany"), { errors: { title: say("einvoice.privateNoCompany") } });
  if (input.title === "personal") return { titleType: "personal", name: passengerName, taxNo: null };
  if (input.title === "custom") return { titleType: "custom", name: input.buyerName!, taxNo: input.buyerTaxNo! };
  const title = await db.selectFrom("invoice_titles").select(["memberId", "titleType", "title", "taxNo"]).where("id", "=", input.titleId!).executeTakeFirst();
  if (!title || title.memberId !== member.id) throw new DomainError("notFound", say("einvoice.titleNotFound"), { errors: { titleId: say("einvoice.titleNotFound") } });
  // A company title saved before the check character was verified must not reach a tax document.
  if (title.titleType === 2 && !isUscc(title.taxNo)) throw new DomainError("badInput", say("einvoice.titleBadTaxNo"), { errors: { titleId: say("einvoice.titleBadTaxNo") } });
  return { titleType: "saved", name: title.title, taxNo: title.titleType === 2 ? title.taxNo : null };
}

async function existing(db: Kysely<Database>, subjectKey: string, kind: EinvoiceKind): Promise<EinvoiceRow | undefined> {
  return db.selectFrom("einvoices").selectAll().where("subjectKey", "=", subjectKey).where("kind", "=", kind).where("direction", "=", "blue").executeTakeFirst();
}

function alreadyAsked(row: EinvoiceRow): DomainError {
  return new DomainError("conflict", say("einvoice.exists"), { data: viewOf(row) });
}

/** Asks for a ticket's (or stay's) document, or its service fee's: 待开具, with its issue job due now. */
export async function requestEinvoice(db: Kysely<Database>, member: Member, input: EinvoiceRequest): Promise<EinvoiceView> {
  const order = await db.selectFrom("orders").select(["id", "orderNo", "product", "status", "serviceFeeFen", "memberId", "bookerMemberId", "travellerMemberId", "companyId", "travelType"]).where("id", "=", input.orderId).executeTakeFirst();
  if (!order) throw new DomainError("notFound", say("flight.orderFound"));
  if (![order.memberId, order.bookerMemberId, order.travellerMemberId].includes(member.id)) throw new DomainError("forbidden", say("einvoice.notYours"));
  const subject = await subjectOf(db, order, input.passengerId);
  const priced = input.kind === "service" ? subject.service : subject.ticket;
  if (!priced) throw new DomainError("conflict", say("einvoice.noServiceFee"));
  const kind = priced.kind;
  const before = await existing(db, subject.subjectKey, kind);
  if (before) throw alreadyAsked(before);
  const amounts = priced.amounts;
  const buyer = await buyerOf(db, member, order, input, subject.passengerName);

  const time = isoAt();
  try {
    const row = await db.transaction().execute(async (trx) => {
      const written = await trx
        .insertInto("einvoices")
        .values({
          memberId: member.id, companyId: order.travelType === "business" ? order.companyId : null, orderId: order.id, passengerId: subject.passengerId, ticketNo: subject.ticketNo,
          subjectKey: subject.subjectKey, kind, direction: "blue", originalId: null, status: "pending", titleType: buyer.titleType, buyerName: buyer.name, buyerTaxNo: buyer.taxNo, email: input.email ?? null,
          passengerName: subject.passengerName, certNo: subject.certNo, detail: JSON.stringify(priced.detail),
          totalFen: amounts.total, taxableFen: amounts.taxable, exemptFen: amounts.exempt, taxFen: amounts.tax, rateBp: amounts.rateBp, createTime: time, updateTime: time,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueueIssue(trx, written.id);
      return written;
    });
    return viewOf(row);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const winner = await existing(db, subject.subjectKey, kind);
    if (!winner) throw e;
    throw alreadyAsked(winner);
  }
}

/** Whether the member may see the order's documents: its member, booker or traveller. */
async function ownOrder(db: Kysely<Database>, member: Member, orderId: number): Promise<boolean> {
  const o = await db.selectFrom("orders").select(["memberId", "bookerMemberId", "travellerMemberId"]).where("id", "=", orderId).executeTakeFirst();
  return Boolean(o && [o.memberId, o.bookerMemberId, o.travellerMemberId].includes(member.id));
}

/** The order's documents (red ones after their originals' ids), what may still be asked for, and the title a business trip takes. */
export async function einvoicesOfOrder(db: Kysely<Database>, member: Member, orderId: number): Promise<EinvoiceOrderView> {
  if (!(await ownOrder(db, member, orderId))) throw new DomainError("notFound", say("flight.orderFound"));
  const order = await db.selectFrom("orders").select(["id", "orderNo", "product", "status", "serviceFeeFen", "travelType", "companyId"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom("einvoices").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
  const subjects = await subjectsOf(db, order);
  const business = order.travelType === "business" && order.companyId !== null;
  const company = business ? await db.selectFrom("companies").select("name").where("id", "=", order.companyId!).executeTakeFirst() : undefined;
  return {
    list: rows.map(viewOf),
    subjects: subjects.map((s) => ({ passengerId: s.passengerId, passengerName: s.passengerName, ticketNo: s.ticketNo, kinds: s.service ? ["ticket", "service"] : ["ticket"] })),
    business,
    companyName: company?.name ?? null,
  };
}

/** A document of the member's own orders, or notFound (another's is not told apart from none). */
export async function einvoiceRowFor(db: Kysely<Database>, member: Member, id: number): Promise<EinvoiceRow> {
  const row = await db.selectFrom("einvoices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !(await ownOrder(db, member, row.orderId))) throw new DomainError("notFound", say("einvoice.notFound"));
  return row;
}

export async function einvoiceDetail(db: Kysely<Database>, member: Member, id: number): Promise<EinvoiceView> {
  return viewOf(await einvoiceRowFor(db, member, id));
}
