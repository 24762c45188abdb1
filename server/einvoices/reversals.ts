// What a refund or a change does to a ticket's documents, written in the transaction of the
// order's own move: a red-letter document for what went back, with its issue job. A ticket
// nobody asked a document for has nothing to reverse; a document asked later for a refunded
// ticket is refused (the ticket no longer stands).
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import { airRefundAmounts, airTicketAmounts, einvoiceAmounts, type EinvoiceAmounts } from "../../src/domain/einvoice/tax";
import type { EinvoiceKind } from "../../src/domain/einvoice/kinds";
import { currentTrip } from "../orders/flight/after-sales";
import { airDetail, subjectKeyOf, type EinvoiceRow } from "./documents";
import { enqueueIssue } from "./jobs-queue";

/** The ticket's live air document: blue, not yet reversed. */
function liveAirDocument(trx: Kysely<Database>, orderId: number, passengerId: number): Promise<EinvoiceRow | undefined> {
  return liveDocument(trx, orderId, passengerId, "air");
}

/** The ticket's live document of a kind: blue, not yet reversed. */
async function liveDocument(trx: Kysely<Database>, orderId: number, passengerId: number, kind: EinvoiceKind): Promise<EinvoiceRow | undefined> {
  return trx
    .selectFrom("einvoices").selectAll()
    .where("orderId", "=", orderId).where("passengerId", "=", passengerId).where("kind", "=", kind).where("direction", "=", "blue").where("status", "!=", "reversed")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function writeRed(trx: Kysely<Database>, blue: EinvoiceRow, a: EinvoiceAmounts): Promise<void> {
  const time = isoAt();
  const { id: _id, number: _n, issuedAt: _i, xml: _x, issuer: _is, sandbox: _s, sellerName: _sn, sellerTaxNo: _st, ...rest } = blue;
  // The unique (subjectKey, kind, direction) makes a second reversal of the same ticket impossible.
  const exists = await trx.selectFrom("einvoices").select("id").where("subjectKey", "=", blue.subjectKey).where("kind", "=", blue.kind).where("direction", "=", "red").executeTakeFirst();
  if (exists) return;
  const red = await trx
    .insertInto("einvoices")
    .values({ ...rest, direction: "red", originalId: blue.id, status: "pending", totalFen: a.total, taxableFen: a.taxable, exemptFen: a.exempt, taxFen: a.tax, rateBp: a.rateBp, createTime: time, updateTime: time })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueueIssue(trx, red.id);
}

/** A refund's money went back: each refunded ticket's document is reversed by the amount refunded on it (its insurance is not on the document). */
export async function reverseRefundedTickets(trx: Kysely<Database>, orderId: number, lines: readonly { passengerId: number; refund: number; insurance: number }[]): Promise<void> {
  for (const line of lines) {
    const blue = await liveAirDocument(trx, orderId, line.passengerId);
    if (!blue) continue;
    await writeRed(trx, blue, airRefundAmounts({ exempt: blue.exemptFen, total: blue.totalFen }, line.refund - line.insurance));
  }
}

/**
 * A train order's tickets went back to the railway: each ticket's rail document is reversed by
 * what was refunded on it (its fare less the railway's fee). The service fee is the portal's and
 * stays, so its document stands.
 */
export async function reverseRefundedRailTickets(trx: Kysely<Database>, orderId: number, lines: readonly { passengerId: number; refund: number }[]): Promise<void> {
  for (const line of lines) {
    const blue = await liveDocument(trx, orderId, line.passengerId, "rail");
    if (!blue) continue;
    await writeRed(trx, blue, einvoiceAmounts("rail", { taxable: 0 - Math.min(line.refund, blue.totalFen) }));
  }
}

/**
 * A train order moved to another train under new ticket numbers: each rail document of an old
 * ticket is reversed whole; the new ticket is a subject of its own, asked for again.
 */
export async function reverseChangedRailTickets(trx: Kysely<Database>, orderId: number, newTicketNo: string): Promise<void> {
  const live = await trx.selectFrom("einvoices").selectAll()
    .where("orderId", "=", orderId).where("kind", "=", "rail").where("direction", "=", "blue").where("status", "!=", "reversed").where("ticketNo", "!=", newTicketNo)
    .orderBy("id").execute();
  for (const blue of live) await writeRed(trx, blue, einvoiceAmounts("rail", { taxable: 0 - blue.taxableFen }));
}

/**
 * A confirmed change re-issued these passengers' tickets: a document of the old ticket is
 * reversed whole, the new ticket gets its own document for the same buyer, and a change fee
 * gets a document of its own. Tickets nobody asked a document for are left as they are.
 */
export async function reissueChangedTickets(trx: Kysely<Database>, orderId: number, changed: readonly { passengerId: number; oldTicketNo: string | null; changeFee: number }[]): Promise<void> {
  const time = isoAt();
  for (const c of changed) {
    const blue = await liveAirDocument(trx, orderId, c.passengerId);
    if (!blue || blue.ticketNo !== c.oldTicketNo) continue;
    await writeRed(trx, blue, einvoiceAmounts("air", { taxable: 0 - blue.taxableFen, exempt: 0 - blue.exemptFen }));
    const p = await trx.selectFrom("order_passengers").select(["ticketNo"]).where("id", "=", c.passengerId).executeTakeFirstOrThrow();
    if (!p.ticketNo) continue;
    const ticket = (await currentTrip(trx, orderId)).passengers.find((x) => x.id === c.passengerId)!;
    const { id: _id, number: _n, issuedAt: _i, xml: _x, issuer: _is, sandbox: _s, sellerName: _sn, sellerTaxNo: _st, ...rest } = blue;
    const subjectKey = subjectKeyOf(c.passengerId, p.ticketNo);
    const fresh: { kind: EinvoiceKind; a: EinvoiceAmounts }[] = [{ kind: "air", a: airTicketAmounts({ fare: ticket.ticket, fuelSurcharge: ticket.fuelTax, developmentFund: ticket.consTax }) }];
    if (c.changeFee > 0) fresh.push({ kind: "changeFee", a: einvoiceAmounts("changeFee", { taxable: c.changeFee }) });
    for (const { kind, a } of fresh) {
      const row = await trx
        .insertInto("einvoices")
        .values({
          ...rest, ticketNo: p.ticketNo, subjectKey, kind, direction: "blue", originalId: null, status: "pending", detail: JSON.stringify(airDetail(ticket, p.ticketNo, kind)),
          totalFen: a.total, taxableFen: a.taxable, exemptFen: a.exempt, taxFen: a.tax, rateBp: a.rateBp, createTime: time, updateTime: time,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueIssue(trx, row.id);
    }
  }
}
