// Invoice requests (报销凭证): the member's requests, the orders that may be invoiced now, asking
// for one (its amount the sum of the orders' totals, read here) and moving one through its states.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { offsetOf, type Page } from "../services/http/paging";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import {
  INVOICEABLE_ORDER_STATUSES, isInvoiceable, invoiceMove,
  type InvoiceAction, type InvoiceActor, type InvoiceDelivery, type InvoiceRequest, type InvoiceRow, type InvoiceStatus, type InvoiceableOrder,
} from "../../src/domain/people/invoice";
import { maskMobile } from "../../src/domain/people/certificates";
import { assertOwned } from "./owned";
import { isUniqueViolation } from "../db/unique";

const TITLE_MESSAGES = { missing: say("routes.invoiceTitleFound"), notYours: say("routes.useInvoiceTitle"), tooMany: "" };
const ADDRESS_MESSAGES = { missing: say("routes.mailingAddressFound"), notYours: say("routes.useMailingAddress"), tooMany: "" };
const ALREADY = (orderNo: string) => said("routes.invoiceHasAlreadyBeenRequested", { orderNo });

type Db = Kysely<Database> | Transaction<Database>;
const COLUMNS = ["id", "status", "amountFen", "titleType", "title", "taxNo", "delivery", "email", "mailTo", "orderNos", "remark", "createTime", "updateTime"] as const;
type Stored = Pick<Selectable<Database["invoices"]>, (typeof COLUMNS)[number]>;

const rowOf = (r: Stored): InvoiceRow => ({
  ...r,
  status: r.status as InvoiceStatus,
  delivery: r.delivery as InvoiceDelivery,
  orderNos: JSON.parse(r.orderNos) as string[],
  // The receiver's mobile is personal data: lists show it masked.
  mailTo: r.mailTo === null ? null : r.mailTo.replace(/\b1\d{10}\b/, (m) => maskMobile(m)),
});

async function detail(db: Db, id: number): Promise<InvoiceRow> {
  return rowOf(await db.selectFrom("invoices").select([...COLUMNS]).where("id", "=", id).executeTakeFirstOrThrow());
}

/** The member's orders that may be invoiced: their own, paid, and on no live request. */
function invoiceable(db: Db, memberId: number) {
  return db
    .selectFrom("orders")
    .where("orders.memberId", "=", memberId)
    .where((eb) =>
      eb.or(
        Object.entries(INVOICEABLE_ORDER_STATUSES).map(([product, statuses]) =>
          eb.and([eb("orders.product", "=", product), eb("orders.status", "in", [...statuses])]),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("invoice_orders").select("invoice_orders.orderId").whereRef("invoice_orders.orderId", "=", "orders.id"))));
}

export async function requestInvoice(db: Kysely<Database>, memberId: number, input: InvoiceRequest): Promise<InvoiceRow> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      await assertOwned(trx, "invoice_titles", memberId, input.titleId, TITLE_MESSAGES);
      const title = await trx.selectFrom("invoice_titles").select(["titleType", "title", "taxNo"]).where("id", "=", input.titleId).executeTakeFirstOrThrow();
      let mailTo: string | null = null;
      if (input.delivery === "paper") {
        await assertOwned(trx, "addresses", memberId, input.addressId!, ADDRESS_MESSAGES);
        const a = await trx.selectFrom("addresses").selectAll().where("id", "=", input.addressId!).executeTakeFirstOrThrow();
        mailTo = `${a.receiver} ${a.mobilePhone} ${a.provinceName}${a.cityName}${a.districtName}${a.detail}`;
      }
      const orders = await trx.selectFrom("orders").select(["id", "orderNo", "memberId", "product", "status", "totalFen"]).where("id", "in", input.orderIds).execute();
      const linked = new Set((await trx.selectFrom("invoice_orders").select("orderId").where("orderId", "in", input.orderIds).execute()).map((r) => r.orderId));
      for (const orderId of input.orderIds) {
        const o = orders.find((x) => x.id === orderId);
        if (!o) throw new BizError(RET.NOT_FOUND, said("flight.orderFound"));
        if (o.memberId !== memberId) throw new BizError(RET.FORBIDDEN, said("routes.requestInvoiceOrder"));
        if (!isInvoiceable(o.product, o.status)) throw new BizError(RET.BAD_INPUT, said("routes.orderUnpaidRefundedNoInvoice", { orderNo: o.orderNo }));
        if (linked.has(o.id)) throw new BizError(RET.CONFLICT, ALREADY(o.orderNo));
      }
      const ordered = input.orderIds.map((oid) => orders.find((x) => x.id === oid)!);
      const at = isoAt();
      const invoiceId = (
        await trx
          .insertInto("invoices")
          .values({
            memberId, status: "applied", amountFen: ordered.reduce((sum, o) => sum + o.totalFen, 0),
            titleId: input.titleId, titleType: title.titleType, title: title.title, taxNo: title.taxNo,
            delivery: input.delivery, email: input.email ?? null, addressId: input.addressId ?? null, mailTo,
            orderNos: JSON.stringify(ordered.map((o) => o.orderNo)), remark: input.remark ?? null, createTime: at, updateTime: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      // The primary key on orderId settles a race with another request for the same order.
      await trx.insertInto("invoice_orders").values(ordered.map((o) => ({ orderId: o.id, invoiceId }))).execute();
      return invoiceId;
    });
    return detail(db, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw new BizError(RET.CONFLICT, said("routes.invoiceHasAlreadyBeenRequested2"));
    throw e;
  }
}

/**
 * Applies one move of the state machine with a conditional update on the current status; zero
 * rows updated means someone else moved it first, and the move is refused. Withdrawing frees the
 * request's orders in the same transaction.
 */
export async function moveInvoice(db: Kysely<Database>, id: number, action: InvoiceAction, by: InvoiceActor, memberId?: number): Promise<InvoiceRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("invoices").select(["id", "memberId", "status"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new BizError(RET.NOT_FOUND, said("routes.invoiceRequestFound"));
    if (memberId !== undefined && row.memberId !== memberId) throw new BizError(RET.FORBIDDEN, said("routes.viewChangeInvoiceRequest"));
    const move = invoiceMove(row.status, action, by);
    if (!move) throw new BizError(RET.CONFLICT, action === "withdraw" ? said("routes.invoiceHasBeenIssuedWithdrawn") : said("routes.doneCurrentStatus"));
    const done = await trx.updateTable("invoices").set({ status: move.to, updateTime: isoAt() }).where("id", "=", id).where("status", "=", move.from).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("routes.invoiceRequestSStatusHas"));
    if (move.to === "withdrawn") await trx.deleteFrom("invoice_orders").where("invoiceId", "=", id).execute();
    return detail(trx, id);
  });
}

/** What the request list is asked for. */
export interface InvoiceListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "createTime" | "amountFen";
  orderType: "asc" | "desc";
  status?: InvoiceStatus;
}

/** A page of the member's requests. */
export async function invoicePage(db: Kysely<Database>, memberId: number, input: InvoiceListQuery): Promise<Page<InvoiceRow>> {
  let q = db.selectFrom("invoices").where("memberId", "=", memberId);
  if (input.status) q = q.where("status", "=", input.status);
  const [rows, count] = await Promise.all([
    q.select([...COLUMNS]).orderBy(input.orderBy ?? "createTime", input.orderType).orderBy("id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list: rows.map(rowOf), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The member's orders that may be invoiced now, newest first, at most 200. */
export function invoiceableOrders(db: Kysely<Database>, memberId: number): Promise<InvoiceableOrder[]> {
  return invoiceable(db, memberId)
    .select(["orders.id", "orders.orderNo", "orders.title", "orders.depDate", "orders.status", "orders.totalFen", "orders.createTime"])
    .orderBy("orders.createTime", "desc")
    .orderBy("orders.id", "desc")
    .limit(200)
    .execute();
}
