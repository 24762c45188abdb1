// Recharges of the member's own wallet: creating one (an order of product "recharge" waiting for
// its QR payment, with its expiry job, in one transaction; one per clientKey), reading one back by
// its number, and the member's paged list. A recharge is only ever its member's: not the company's
// (it moves no company money), so a company administrator does not see employees' recharges.
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { toCount } from "../../db";
import { MSG } from "../../services/http/envelope";
import { DomainError } from "../../services/domain-error";
import { isoAt, now } from "../../services/clock";
import { offsetOf, type Page } from "../../services/http/paging";
import { walletBalanceFen } from "../../payments/ledger";
import { chinaDayAfter, chinaDayStart } from "../list-filter";
import { newOrderNo } from "../booking";
import {
  RECHARGE_EXPIRY_MS, RECHARGE_PRODUCT, RECHARGE_STATUS, RECHARGE_TITLE, rechargeLabel,
  type RechargeCreated, type RechargeDetail, type RechargeStatus, type RechargeView,
} from "../../../src/domain/orders/recharge";
import { BUSINESS_TYPE } from "../../../src/domain/payments/types";
import { scheduleRechargeExpiry } from "./jobs";

export const RECHARGE_NOT_FOUND = said("recharge.topUpFound");

async function existing(db: Kysely<Database>, memberId: number, clientKey: string): Promise<RechargeCreated | null> {
  const row = await db
    .selectFrom("orders")
    .select(["id", "orderNo", "totalFen", "expiresAt", "product"])
    .where("memberId", "=", memberId)
    .where("clientKey", "=", clientKey)
    .executeTakeFirst();
  if (!row) return null;
  // The same key on an order of another product is not this form's: never answer with it.
  if (row.product !== RECHARGE_PRODUCT) throw new DomainError("conflict", said("recharge.refreshPageSubmitAgain"));
  return { id: row.id, orderNo: row.orderNo, amount: row.totalFen, expiresAt: row.expiresAt ?? "" };
}

export async function createRecharge(db: Kysely<Database>, member: Member, input: { amount: number; clientKey: string }): Promise<RechargeCreated> {
  const again = await existing(db, member.id, input.clientKey);
  if (again) return again;
  const at = isoAt();
  const expiresAt = isoAt(now() + RECHARGE_EXPIRY_MS);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("orders")
        .values({
          orderNo: newOrderNo("R"),
          product: RECHARGE_PRODUCT,
          memberId: member.id,
          companyId: null,
          bookerMemberId: member.id,
          travellerMemberId: null,
          status: RECHARGE_STATUS.pendingPayment,
          ticketFen: 0,
          constructionFeeFen: 0,
          fuelSurchargeFen: 0,
          serviceFeeFen: 0,
          insuranceFen: 0,
          totalFen: input.amount,
          fullFareFen: null,
          fareKey: "",
          holdId: null,
          depDate: "",
          title: RECHARGE_TITLE,
          snapshot: "{}",
          contactName: member.realName || "",
          contactMobile: member.mobilePhone,
          clientKey: input.clientKey,
          expiresAt,
          createTime: at,
          updateTime: at,
        })
        .returning(["id", "orderNo"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_events")
        .values({ orderId: row.id, action: "create", fromStatus: null, toStatus: RECHARGE_STATUS.pendingPayment, actorMemberId: member.id, actorName: member.realName || member.mobilePhone, note: null, createTime: at })
        .execute();
      await scheduleRechargeExpiry(trx, row.id, expiresAt);
      return { id: row.id, orderNo: row.orderNo, amount: input.amount, expiresAt };
    });
  } catch (e) {
    // The same form submitted twice at once: the second insert meets the first's clientKey.
    const first = await existing(db, member.id, input.clientKey);
    if (first) return first;
    throw e;
  }
}

type Row = { id: number; orderNo: string; status: number; totalFen: number; createTime: string; expiresAt: string | null };

/** The trade that paid each recharge and when its credit landed, by order id. */
async function creditsOf(db: Kysely<Database>, ids: number[]) {
  const out = new Map<number, { method: string; creditedTime: string | null; balanceAfter: number | null }>();
  if (!ids.length) return out;
  const paid = await db
    .selectFrom("payments as p")
    .leftJoin("ledger as l", (j) => j.onRef("l.outTradeNo", "=", "p.outTradeNo").on("l.entry", "=", "recharge").on("l.account", "=", "wallet"))
    .select(["p.orderId", "p.method", "l.createTime as creditedTime", "l.balanceAfterFen"])
    .where("p.orderId", "in", ids)
    .where("p.businessType", "=", BUSINESS_TYPE.recharge)
    .where("p.status", "in", ["paid", "refunded"])
    .orderBy("p.id")
    .execute();
  // The trade that credited the recharge wins over one whose money went back.
  for (const p of paid) if (!out.get(p.orderId)?.creditedTime) out.set(p.orderId, { method: p.method, creditedTime: p.creditedTime, balanceAfter: p.balanceAfterFen });
  return out;
}

function viewOf(r: Row, credit: { method: string; creditedTime: string | null } | undefined): RechargeView {
  return {
    id: r.id,
    orderNo: r.orderNo,
    amount: r.totalFen,
    status: r.status as RechargeStatus,
    statusName: rechargeLabel(r.status),
    createTime: r.createTime,
    creditedTime: r.status === RECHARGE_STATUS.credited ? (credit?.creditedTime ?? null) : null,
    method: credit?.method ?? null,
    expiresAt: r.status === RECHARGE_STATUS.pendingPayment ? r.expiresAt : null,
  };
}

const COLUMNS = ["id", "orderNo", "status", "totalFen", "createTime", "expiresAt"] as const;

/** The member's own recharge with this number: 404 when there is none, 403 when it is someone else's. */
export async function rechargeDetail(db: Kysely<Database>, member: Member, orderNo: string): Promise<RechargeDetail> {
  const row = await db.selectFrom("orders").select([...COLUMNS, "memberId"]).where("orderNo", "=", orderNo).where("product", "=", RECHARGE_PRODUCT).executeTakeFirst();
  if (!row) throw new DomainError("notFound", RECHARGE_NOT_FOUND);
  if (row.memberId !== member.id) throw new DomainError("forbidden", MSG.forbidden);
  const credit = (await creditsOf(db, [row.id])).get(row.id);
  return {
    ...viewOf(row, credit),
    balanceAfter: row.status === RECHARGE_STATUS.credited ? (credit?.balanceAfter ?? null) : null,
    balance: await walletBalanceFen(db, member.id),
  };
}

export interface RechargeFilter {
  pageNum: number;
  pageSize: number;
  orderType: "asc" | "desc";
  status?: number;
  createDateStart?: string;
  createDateEnd?: string;
}

export async function listRecharges(db: Kysely<Database>, member: Member, f: RechargeFilter): Promise<Page<RechargeView>> {
  let q = db.selectFrom("orders").where("memberId", "=", member.id).where("product", "=", RECHARGE_PRODUCT);
  if (f.status !== undefined) q = q.where("status", "=", f.status);
  if (f.createDateStart) q = q.where("createTime", ">=", chinaDayStart(f.createDateStart));
  if (f.createDateEnd) q = q.where("createTime", "<", chinaDayAfter(f.createDateEnd));
  const [rows, count] = await Promise.all([
    q.select([...COLUMNS]).orderBy("id", f.orderType).limit(f.pageSize).offset(offsetOf(f)).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  const credits = await creditsOf(db, rows.map((r) => r.id));
  return { list: rows.map((r) => viewOf(r, credits.get(r.id))), total: toCount(count?.n), pageNum: f.pageNum, pageSize: f.pageSize };
}
