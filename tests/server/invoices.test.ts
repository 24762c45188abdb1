// Invoice requests (/invoice/...) over orders booked and paid through the real booking and wallet
// payment routes: the amount is the server's sum of the orders, an order is on at most one live
// request (also when two requests race), another member's orders, titles and addresses are
// refused, bad input writes nothing, and the state machine lets the member withdraw only a
// request that waits to be issued. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { moveInvoice } from "../../server/people/invoices";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { INVOICE_PATHS as I } from "../../src/domain/people/invoice";
import type { FlightItem } from "../../src/domain/travel/types";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ME = "13800000010";
const OTHER = "13800000020";
type Body = Record<string, string | number>;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, OTHER]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
    await h.db.db.updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", ids[m]).execute();
  }
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

const api = async (who: string | null, url: string, body: Body = {}) => (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;

let keys = 0;
let dayOffset = 3;
/** A pending order of one adult on a Beijing–Shanghai economy fare. */
async function book(who: string): Promise<{ id: number; orderNo: string; payprice: number }> {
  const list: FlightItem[] = (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(dayOffset++ % 40 + 3) })).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const r = await api(who, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `invoice-key-${++keys}`, contactName: "张三", contactMobile: who,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

/** A paid order: booked, then paid from the wallet. */
async function paid(who: string): Promise<{ id: number; orderNo: string; payprice: number }> {
  const o = await book(who);
  const t = await api(who, PAY.create, { orderId: o.id, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(r.ret, r.msg).toBe(0);
  return o;
}

async function title(who: string): Promise<number> {
  const r = await api(who, "/member/invoiceTitle/save", { titleType: 1, title: "李明" });
  expect(r.ret, r.msg).toBe(0);
  return r.data.id;
}

async function address(who: string): Promise<number> {
  const r = await api(who, "/postaddress/add", { receiver: "李明", mobilePhone: "13800000010", provinceCode: "11", cityCode: "1101", districtCode: "110105", detail: "建国路88号" });
  expect(r.ret, r.msg).toBe(0);
  return r.data.id;
}

const orderKeys = (orderIds: number[]): Body => Object.fromEntries(orderIds.map((id, i) => [`orderIds.${i}`, id]));
const counts = async () => ({
  invoices: Number((await h.db.db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n),
  links: Number((await h.db.db.selectFrom("invoice_orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n),
});
const invoiceableIds = async (who: string): Promise<number[]> => (await api(who, I.orders)).data.list.map((o: { id: number }) => o.id);

describe("/invoice", () => {
  let myTitle = 0;
  let myAddress = 0;
  beforeAll(async () => {
    myTitle = await title(ME);
    myAddress = await address(ME);
  });

  it("answers 401 to guests", async () => {
    for (const url of Object.values(I)) expect((await api(null, url)).ret, url).toBe(401);
  });

  it("requests an electronic invoice over two paid orders; the amount is their sum, computed by the server", async () => {
    const [a, b] = [await paid(ME), await paid(ME)];
    const pending = await book(ME);
    const listed = await invoiceableIds(ME);
    expect(listed).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(listed).not.toContain(pending.id);
    const r = await api(ME, I.save, { ...orderKeys([a.id, b.id]), titleId: myTitle, delivery: "email", email: "li@example.com", addressId: myAddress });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: "applied", amountFen: a.payprice + b.payprice, title: "李明", delivery: "email", email: "li@example.com", mailTo: null, orderNos: [a.orderNo, b.orderNo] });
    const stored = await h.db.db.selectFrom("invoices").select(["amountFen", "addressId"]).where("id", "=", r.data.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ amountFen: a.payprice + b.payprice, addressId: null });
    expect(await invoiceableIds(ME)).not.toContain(a.id);
    // Invoiced once: a second request for either order is refused and writes nothing.
    const before = await counts();
    expect(await api(ME, I.save, { ...orderKeys([b.id]), titleId: myTitle, delivery: "email", email: "li@example.com" })).toMatchObject({ ret: 409, msg: `订单 ${b.orderNo} 已申请开票` });
    expect(await counts()).toEqual(before);
  });

  it("requests a paper invoice mailed to a saved address, the mobile masked in the answer", async () => {
    const o = await paid(ME);
    const r = await api(ME, I.save, { ...orderKeys([o.id]), titleId: myTitle, delivery: "paper", addressId: myAddress, email: "ignored@example.com", remark: "请尽快" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ delivery: "paper", email: null, mailTo: "李明 138****0010 北京市市辖区朝阳区建国路88号", remark: "请尽快", amountFen: o.payprice });
  });

  it("refuses an unpaid order, writing nothing", async () => {
    const o = await book(ME);
    const before = await counts();
    expect(await api(ME, I.save, { ...orderKeys([o.id]), titleId: myTitle, delivery: "email", email: "li@example.com" })).toMatchObject({ ret: 400, msg: `订单 ${o.orderNo} 未支付或已退款，不能开票` });
    expect(await counts()).toEqual(before);
  });

  it("reads an order's status by its product: a completed stay may be invoiced, a refunded ticket of the same code may not", async () => {
    // Status 4 is 已完成 for a hotel order and 已退票 for a flight order.
    const stay = await paid(ME);
    const refunded = await paid(ME);
    await h.db.db.updateTable("orders").set({ product: "hotel", status: 4 }).where("id", "=", stay.id).execute();
    await h.db.db.updateTable("orders").set({ status: 4 }).where("id", "=", refunded.id).execute();
    const offered = await invoiceableIds(ME);
    expect(offered).toContain(stay.id);
    expect(offered).not.toContain(refunded.id);
    expect(await api(ME, I.save, { ...orderKeys([refunded.id]), titleId: myTitle, delivery: "email", email: "li@example.com" })).toMatchObject({ ret: 400 });
    expect(await api(ME, I.save, { ...orderKeys([stay.id]), titleId: myTitle, delivery: "email", email: "li@example.com" })).toMatchObject({ ret: 0 });
  });

  it("refuses another member's order, title and address, writing nothing", async () => {
    const mine = await paid(ME);
    const theirs = await paid(OTHER);
    const theirTitle = await title(OTHER);
    const theirAddress = await address(OTHER);
    const before = await counts();
    expect(await api(ME, I.save, { ...orderKeys([mine.id, theirs.id]), titleId: myTitle, delivery: "email", email: "li@example.com" })).toMatchObject({ ret: 403, msg: "无权为该订单开票" });
    expect(await api(ME, I.save, { ...orderKeys([mine.id]), titleId: theirTitle, delivery: "email", email: "li@example.com" })).toMatchObject({ ret: 403, msg: "无权使用该发票抬头" });
    expect(await api(ME, I.save, { ...orderKeys([mine.id]), titleId: myTitle, delivery: "paper", addressId: theirAddress })).toMatchObject({ ret: 403, msg: "无权使用该邮寄地址" });
    expect(await api(ME, I.save, { ...orderKeys([999999]), titleId: myTitle, delivery: "email", email: "li@example.com" })).toMatchObject({ ret: 404 });
    expect(await counts()).toEqual(before);
    expect(await invoiceableIds(ME)).not.toContain(theirs.id);
    // Another member's request is neither listed nor withdrawable.
    const r = await api(OTHER, I.save, { ...orderKeys([theirs.id]), titleId: theirTitle, delivery: "email", email: "wang@example.com" });
    expect(r.ret, r.msg).toBe(0);
    expect((await api(ME, I.paging, { pageSize: 100 })).data.list.map((x: { id: number }) => x.id)).not.toContain(r.data.id);
    expect(await api(ME, I.delete, { id: r.data.id })).toMatchObject({ ret: 403 });
  });

  it.each([
    ["no orders", { titleId: 1, delivery: "email", email: "li@example.com" }, "orderIds", "请选择要开票的订单"],
    ["the same order twice", { "orderIds.0": 5, "orderIds.1": 5, titleId: 1, delivery: "email", email: "li@example.com" }, "orderIds", "同一订单不能重复选择"],
    ["no title", { "orderIds.0": 5, delivery: "email", email: "li@example.com" }, "titleId", "请选择发票抬头"],
    ["an unknown delivery", { "orderIds.0": 5, titleId: 1, delivery: "fax" }, "delivery", "请选择发票类型"],
    ["an electronic invoice without email", { "orderIds.0": 5, titleId: 1, delivery: "email" }, "email", "请填写接收发票的邮箱"],
    ["a bad email", { "orderIds.0": 5, titleId: 1, delivery: "email", email: "li@" }, "email", "请输入正确的邮箱"],
    ["a paper invoice without address", { "orderIds.0": 5, titleId: 1, delivery: "paper" }, "addressId", "请选择邮寄地址"],
  ] as const)("refuses %s with 400, writing nothing", async (_, body, field, message) => {
    const before = await counts();
    const r = await api(ME, I.save, body as Body);
    expect(r.ret).toBe(400);
    expect(r.data.errors[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses an amount sent by the client", async () => {
    const o = await paid(ME);
    const before = await counts();
    expect((await api(ME, I.save, { ...orderKeys([o.id]), titleId: myTitle, delivery: "email", email: "li@example.com", amountFen: 1 })).ret).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("lets exactly one of two concurrent requests for the same order win", async () => {
    const o = await paid(ME);
    const body = { ...orderKeys([o.id]), titleId: myTitle, delivery: "email", email: "li@example.com" };
    const before = await counts();
    const replies = await Promise.all(Array.from({ length: 5 }, () => api(ME, I.save, body)));
    expect(replies.filter((r) => r.ret === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.ret === 409)).toHaveLength(4);
    expect(await counts()).toEqual({ invoices: before.invoices + 1, links: before.links + 1 });
  });

  it("withdraws only while applied; withdrawing frees the orders; a concurrent withdraw has one winner", async () => {
    const o = await paid(ME);
    const body = { ...orderKeys([o.id]), titleId: myTitle, delivery: "email", email: "li@example.com" };
    const first = (await api(ME, I.save, body)).data.id;
    const replies = await Promise.all([api(ME, I.delete, { id: first }), api(ME, I.delete, { id: first })]);
    expect(replies.map((r) => r.ret).sort()).toEqual([0, 409]);
    expect(replies.find((r) => r.ret === 0)?.data.status).toBe("withdrawn");
    expect(await invoiceableIds(ME)).toContain(o.id);
    // Asked again, then issued by the back office: the member can no longer withdraw it.
    const second = await api(ME, I.save, body);
    expect(second.ret, second.msg).toBe(0);
    expect((await moveInvoice(h.db.db, second.data.id, "issue", "system")).status).toBe("issued");
    expect(await api(ME, I.delete, { id: second.data.id })).toMatchObject({ ret: 409, msg: "发票已开具或已撤销，不能撤销" });
    expect(await invoiceableIds(ME)).not.toContain(o.id);
    await expect(moveInvoice(h.db.db, second.data.id, "issue", "system")).rejects.toMatchObject({ ret: 409 });
    expect((await moveInvoice(h.db.db, second.data.id, "mail", "system")).status).toBe("mailed");
    expect(await api(ME, I.delete, { id: 999999 })).toMatchObject({ ret: 404 });
  });

  it("pages, filters by status and sorts by amount", async () => {
    const all = await api(ME, I.paging, { pageSize: 100 });
    expect(all.ret, all.msg).toBe(0);
    const total = all.data.total as number;
    expect(total).toBeGreaterThanOrEqual(5);
    const statuses = all.data.list.map((x: { status: string }) => x.status);
    const withdrawn = await api(ME, I.paging, { status: "withdrawn" });
    expect(withdrawn.data.total).toBe(statuses.filter((s: string) => s === "withdrawn").length);
    expect(withdrawn.data.list.every((x: { status: string }) => x.status === "withdrawn")).toBe(true);
    const page2 = await api(ME, I.paging, { pageSize: 2, pageNum: 2, orderBy: "amountFen", orderType: "asc" });
    const sorted = [...all.data.list].sort((x: { amountFen: number; id: number }, y: { amountFen: number; id: number }) => x.amountFen - y.amountFen || x.id - y.id);
    expect(page2.data.list.map((x: { id: number }) => x.id)).toEqual(sorted.slice(2, 4).map((x: { id: number }) => x.id));
    expect(await api(ME, I.paging, { status: "lost" })).toMatchObject({ ret: 400 });
  });
});
