// Invoice requests (报销凭证, /invoice/...). The catalogue names the paths but no payloads; these
// are the payloads:
// - /invoice/paging  { pageNum, pageSize, orderBy: createTime|amountFen, orderType, status? }
//                    → a page of the member's requests, newest first.
// - /invoice/save    { orderIds.N, titleId, delivery: email|paper, email? (email), addressId?
//                    (paper), remark? } → the new request. Requests are not edited: a wrong one is
//                    withdrawn and asked again. The amount is the sum of the orders' totals, read
//                    here, never taken from the caller.
// - /invoice/delete  { id } → withdraws a request that still waits to be issued (status applied);
//                    it stays listed as withdrawn and its orders may be invoiced again.
// - /invoice/orders  {} → the member's orders that may be invoiced now (paid, not on a live request).
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { defineRoute } from "../services/http/route";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { zInt } from "../../src/domain/zod";
import {
  INVOICEABLE_ORDER_STATUSES, INVOICE_PATHS, isInvoiceable, INVOICE_STATUSES, invoiceMove, invoiceRequestSchema,
  type InvoiceAction, type InvoiceActor, type InvoiceDelivery, type InvoiceRequest, type InvoiceRow, type InvoiceStatus, type InvoiceableOrder,
} from "../../src/domain/people/invoice";
import { maskMobile } from "../../src/domain/people/certificates";
import { assertOwned } from "../people/owned";
import { isUniqueViolation } from "../db/unique";

const ACCESS = "invoices";
const TAGS = ["invoices"];
const TITLE_MESSAGES = { missing: say("routes.invoiceTitleFound"), notYours: say("routes.useInvoiceTitle"), tooMany: "" };
const ADDRESS_MESSAGES = { missing: say("routes.mailingAddressFound"), notYours: say("routes.useMailingAddress"), tooMany: "" };
const ALREADY = (orderNo: string) => said("routes.invoiceHasAlreadyBeenRequested", { orderNo });

const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidInvoiceRequestNumber") }) }).strict();
const pagingInput = z
  .object({
    ...pageInput(["createTime", "amountFen"] as const),
    status: z.enum(INVOICE_STATUSES, { error: saidLazy("routes.invalidInvoiceStatus") }).optional(),
  })
  .strict();

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

async function request(db: Kysely<Database>, memberId: number, input: InvoiceRequest): Promise<InvoiceRow> {
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

export const invoiceRoutes = [
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.paging,
    summary: "发票申请列表（分页，按状态筛选，最新在前）",
    tags: TAGS,
    access: ACCESS,
    input: pagingInput,
    handler: async ({ input, member, ctx }): Promise<Page<InvoiceRow>> => {
      let q = ctx.db.selectFrom("invoices").where("memberId", "=", member!.id);
      if (input.status) q = q.where("status", "=", input.status);
      const [rows, count] = await Promise.all([
        q.select([...COLUMNS]).orderBy(input.orderBy ?? "createTime", input.orderType).orderBy("id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return { list: rows.map(rowOf), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.orders,
    summary: "可开票的订单（本人已支付、尚未申请开票的订单，最多 200 个，最新在前）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({}).strict(),
    handler: async ({ member, ctx }): Promise<{ list: InvoiceableOrder[] }> => ({
      list: await invoiceable(ctx.db, member!.id)
        .select(["orders.id", "orders.orderNo", "orders.title", "orders.depDate", "orders.status", "orders.totalFen", "orders.createTime"])
        .orderBy("orders.createTime", "desc")
        .orderBy("orders.id", "desc")
        .limit(200)
        .execute(),
    }),
  }),
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.save,
    summary: "申请开票（所选订单须为本人已支付且未开票的订单；金额为订单合计，由服务端计算）",
    tags: TAGS,
    access: ACCESS,
    input: invoiceRequestSchema,
    handler: ({ input, member, ctx }) => request(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.delete,
    summary: "撤销发票申请（仅待开票时可撤销，撤销后订单可重新申请）",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => moveInvoice(ctx.db, input.id, "withdraw", "member", member!.id),
  }),
];
