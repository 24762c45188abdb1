// Issuing a document, blue or red, as a durable job. The issuer is asked before the job's
// transaction opens (prepare), once the document has moved 待开具 → 开具中; the answer is written
// by one conditional move 开具中 → 已开具, and a red-letter document moves its original to 已红冲
// in the same transaction. A failed call moves the document back to 待开具 and the job retries
// (unless the issuer refused the document itself); the issuer answers the same number for the
// same document, so a retry never issues twice.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { FinalJobError, defineJobKind } from "../jobs/kinds";
import { isoAt } from "../services/clock";
import { einvoiceMove, type EinvoiceAction, type EinvoiceKind } from "../../src/domain/einvoice/kinds";
import { IssuerError, type InvoiceIssuer, type IssueRequest, type IssuedDocument } from "./issuer/types";
import type { EinvoiceRow } from "./documents";
import { EINVOICE_ISSUE_JOB } from "./jobs-queue";

/** One move of the table, applied only from the state it starts at; whether it happened. */
export async function moveEinvoice(db: Kysely<Database>, id: number, action: EinvoiceAction, extra: Partial<Pick<EinvoiceRow, "number" | "issuedAt" | "xml" | "issuer" | "sandbox" | "sellerName" | "sellerTaxNo">> = {}): Promise<boolean> {
  const move = einvoiceMove(action === "reverse" ? "issued" : action === "start" ? "pending" : "issuing", action)!;
  const r = await db.updateTable("einvoices").set({ status: move.to, updateTime: isoAt(), ...extra }).where("id", "=", id).where("status", "=", move.from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

function requestOf(row: EinvoiceRow, issuer: InvoiceIssuer, issuedAt: string, original?: EinvoiceRow): IssueRequest {
  return {
    id: row.id, kind: row.kind as EinvoiceKind, direction: row.direction as "blue" | "red", issuedAt,
    original: original?.number && original.issuedAt ? { number: original.number, issuedAt: original.issuedAt } : undefined,
    seller: issuer.seller, buyer: { name: row.buyerName, taxNo: row.buyerTaxNo }, passenger: { name: row.passengerName, certNo: row.certNo },
    detail: JSON.parse(row.detail), amounts: { total: row.totalFen, taxable: row.taxableFen, exempt: row.exemptFen, tax: row.taxFen, net: row.taxableFen - row.taxFen, rateBp: row.rateBp },
  };
}

export function einvoiceIssueJob(issuer: InvoiceIssuer | null) {
  return defineJobKind<{ id: number }, IssuedDocument | null>({
    kind: EINVOICE_ISSUE_JOB,
    payload: z.object({ id: z.number().int() }),
    async prepare(p, { db, now }) {
      const row = await db.selectFrom("einvoices").selectAll().where("id", "=", p.id).executeTakeFirst();
      if (!row || (row.status !== "pending" && row.status !== "issuing")) return null;
      if (!issuer) throw new Error("no invoice issuer is configured");
      let original: EinvoiceRow | undefined;
      if (row.direction === "red") {
        original = await db.selectFrom("einvoices").selectAll().where("id", "=", row.originalId!).executeTakeFirstOrThrow();
        // A refund may come before its ticket's document was issued: the red one waits for it.
        if (original.status !== "issued") throw new Error(`document ${row.id}: its original ${original.id} is ${original.status}`);
      }
      if (row.status === "pending") await moveEinvoice(db, row.id, "start");
      try {
        const request = requestOf(row, issuer, isoAt(now), original);
        return original ? await issuer.reverse({ ...request, original: request.original! }) : await issuer.issue(request);
      } catch (e) {
        await moveEinvoice(db, row.id, "retry");
        // The issuer refused the document itself: asking again cannot help, so the job stops
        // (the document stays 待开具 with the reason on its job) instead of retrying for hours.
        if (e instanceof IssuerError && !e.retryable) throw new FinalJobError(e.message);
        throw e;
      }
    },
    async run(p, { trx, prepared }) {
      if (!prepared) return;
      const issued = await moveEinvoice(trx, p.id, "issue", { number: prepared.number, issuedAt: prepared.issuedAt, xml: prepared.xml, issuer: prepared.issuer, sandbox: prepared.sandbox ? 1 : 0, sellerName: prepared.seller.name, sellerTaxNo: prepared.seller.taxNo });
      if (!issued) return;
      const row = await trx.selectFrom("einvoices").select(["direction", "originalId"]).where("id", "=", p.id).executeTakeFirstOrThrow();
      if (row.direction === "red" && row.originalId !== null) await moveEinvoice(trx, row.originalId, "reverse");
    },
  });
}
