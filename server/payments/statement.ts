// The wallet page's figures: the balance and the member's own ledger, paged and filtered.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { offsetOf, type Page } from "../services/http/paging";
import type { LedgerRow } from "../../src/domain/payments";

export interface LedgerFilter {
  pageNum: number;
  pageSize: number;
  orderType: "asc" | "desc";
  account?: string;
  direction?: "in" | "out";
  businessType?: number;
  createDateStart?: string;
  createDateEnd?: string;
}

const chinaDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`).toISOString();
const chinaDayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000).toISOString();

/**
 * One row per movement of the member's money. A recharge paid by QR writes two ledger rows for
 * one movement — the gateway's payment out and the wallet's credit in — so the gateway's row of a
 * trade that credited the wallet is left out: the wallet's +¥ row (its note names the method) is
 * the movement. A gateway payment that did not credit the wallet (an order, a duplicate payment
 * sent back) stays, with its refund.
 */
export async function listLedger(db: Kysely<Database>, member: Member, f: LedgerFilter): Promise<Page<LedgerRow>> {
  let q = db
    .selectFrom("ledger")
    .where("memberId", "=", member.id)
    .where((eb) =>
      eb.not(
        eb.and([
          eb("ledger.entry", "=", "pay"),
          eb("ledger.account", "in", ["alipay", "wechat"]),
          eb.exists(
            eb
              .selectFrom("ledger as credited")
              .select("credited.id")
              .whereRef("credited.outTradeNo", "=", "ledger.outTradeNo")
              .where("credited.entry", "=", "recharge")
              .where("credited.account", "=", "wallet"),
          ),
        ]),
      ),
    );
  if (f.account) q = q.where("account", "=", f.account);
  if (f.direction) q = q.where("direction", "=", f.direction);
  if (f.businessType !== undefined) q = q.where("businessType", "=", f.businessType);
  if (f.createDateStart) q = q.where("createTime", ">=", chinaDayStart(f.createDateStart));
  if (f.createDateEnd) q = q.where("createTime", "<", chinaDayAfter(f.createDateEnd));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy("id", f.orderType).limit(f.pageSize).offset(offsetOf(f)).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: r.account,
      entry: r.entry as LedgerRow["entry"],
      direction: r.direction as LedgerRow["direction"],
      amount: r.amountFen,
      balanceAfter: r.balanceAfterFen,
      businessType: r.businessType,
      outTradeNo: r.outTradeNo,
      orderNo: r.orderNo,
      note: r.note,
      createTime: r.createTime,
    })),
    total: toCount(count?.n),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}
