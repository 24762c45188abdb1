// What a member's money and account moves tell them, and what a company's statement tells its
// finance users (the administrator and the members its settlement settings name to confirm).
// Each function is called inside the transaction of the move, as the order and approval ones.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import { confirmerIdsOf } from "../settlement/confirmers";
import { writeNotice } from "./outbox";

/** A withdrawal paid out to its card, or refused (its money back in the wallet). */
export async function noticeWithdrawal(trx: Kysely<Database>, withdrawalId: number, action: string, reason: string | null): Promise<void> {
  if (action !== "pay" && action !== "reject") return;
  const w = await trx
    .selectFrom("withdrawals as w")
    .innerJoin("bank_cards as c", "c.id", "w.cardId")
    .select(["w.id", "w.withdrawNo", "w.memberId", "w.amountFen", "c.cardNo"])
    .where("w.id", "=", withdrawalId)
    .executeTakeFirst();
  if (!w) return;
  const subject = { type: "withdrawal" as const, id: w.id };
  if (action === "pay") {
    await writeNotice(trx, { kind: "withdrawalPaid", to: [w.memberId], subject, params: { withdrawNo: w.withdrawNo, amountFen: w.amountFen, cardTail: w.cardNo.slice(-4) } });
  } else {
    await writeNotice(trx, { kind: "withdrawalRejected", to: [w.memberId], subject, params: { withdrawNo: w.withdrawNo, amountFen: w.amountFen, reason: (reason || "—").slice(0, 200) } });
  }
}

async function financeUsers(trx: Kysely<Database>, companyId: number): Promise<number[]> {
  const [c, s] = await Promise.all([
    trx.selectFrom("companies").select("adminMemberId").where("id", "=", companyId).executeTakeFirst(),
    trx.selectFrom("settlement_settings").select("confirmerIds").where("companyId", "=", companyId).executeTakeFirst(),
  ]);
  return [c?.adminMemberId ?? 0, ...confirmerIdsOf(s?.confirmerIds)];
}

async function statementFacts(trx: Kysely<Database>, statementId: number) {
  return trx.selectFrom("settlement_statements").select(["id", "companyId", "periodStart", "periodEnd", "totalFen"]).where("id", "=", statementId).executeTakeFirst();
}

/** A statement sent to its company for checking. */
export async function noticeStatementReady(trx: Kysely<Database>, statementId: number): Promise<void> {
  const s = await statementFacts(trx, statementId);
  if (!s) return;
  await writeNotice(trx, {
    kind: "statementReady", to: await financeUsers(trx, s.companyId), subject: { type: "statement", id: s.id },
    params: { periodStart: s.periodStart.slice(0, 10), periodEnd: s.periodEnd.slice(0, 10), amountFen: s.totalFen },
  });
}

/** The operator answered a disputed line of a statement. */
export async function noticeDisputeAnswered(trx: Kysely<Database>, statementId: number, decision: "accept" | "reject", note: string | null): Promise<void> {
  const s = await statementFacts(trx, statementId);
  if (!s) return;
  await writeNotice(trx, {
    kind: "disputeAnswered", to: await financeUsers(trx, s.companyId), subject: { type: "statement", id: s.id },
    params: { periodStart: s.periodStart.slice(0, 10), periodEnd: s.periodEnd.slice(0, 10), decision, note: (note ?? "").slice(0, 200) },
  });
}

export async function noticePayPasswordChanged(trx: Kysely<Database>, memberId: number): Promise<void> {
  await writeNotice(trx, { kind: "payPasswordChanged", to: [memberId], subject: null, params: { at: isoAt() } });
}

/** The device a sign-in comes from, as far as the server can tell: its browser's self-description. */
export function deviceOf(userAgent: string | undefined): { hash: string; label: string } {
  const ua = (userAgent ?? "").slice(0, 500);
  const label = (/\(([^)]{1,80})\)/.exec(ua)?.[1] ?? ua.slice(0, 80)) || "unknown";
  return { hash: crypto.createHash("sha256").update(ua).digest("hex"), label: label.slice(0, 120) };
}

/**
 * Remembers the device a member signed in from; a device never seen before tells the member,
 * unless it is their very first (a new account has nothing to be warned about).
 */
export async function noticeSignIn(trx: Kysely<Database>, memberId: number, userAgent: string | undefined): Promise<void> {
  const device = deviceOf(userAgent);
  const known = await trx.selectFrom("member_devices").select(["deviceHash"]).where("memberId", "=", memberId).execute();
  if (known.some((d) => d.deviceHash === device.hash)) {
    await trx.updateTable("member_devices").set({ lastSeen: isoAt() }).where("memberId", "=", memberId).where("deviceHash", "=", device.hash).execute();
    return;
  }
  const inserted = await trx
    .insertInto("member_devices")
    .values({ memberId, deviceHash: device.hash, label: device.label, firstSeen: isoAt(), lastSeen: isoAt() })
    .onConflict((oc) => oc.columns(["memberId", "deviceHash"]).doNothing())
    .executeTakeFirst();
  if (known.length && Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) {
    await writeNotice(trx, { kind: "newDeviceSignIn", to: [memberId], subject: null, params: { at: isoAt(), device: device.label } });
  }
}
