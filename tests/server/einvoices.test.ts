// Reimbursement documents on ticketed flight orders, end to end on a fresh database (SQLite, or
// PostgreSQL with DATABASE_URL): a request is issued by the job through the sandbox issuer with a
// 20-digit number, its XML verifies with the sandbox key and its PDF parses back; 20 concurrent
// requests for one ticket write one document; another member's ticket, a bad tax number, a
// cancelled order and a business trip's other title are refused with nothing written; a refund
// writes a red-letter document for exactly the refunded amount and reverses the original.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance as setBalanceLedgered } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { EINVOICE_PATHS as E } from "../../src/domain/einvoice/schemas";
import { DEMO_EINVOICE_SANDBOX_KEY, verifySandboxXml } from "../../server/einvoices/issuer/sandbox";
import { DEMO_COMPANY_CREDIT_CODE } from "../../server/db/seed/demo";
import type { FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const OTHER = "13800000020";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X" };
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const db = () => h.db.db;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, OTHER]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await db().selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  await givePayPassword(db());
  await setBalanceLedgered(db(), ids[ME], "100000.00");
});
afterAll(async () => {
  await expectBooksBalanced(db());
  await stopTravel(h);
});
beforeEach(() => setClock(() => clock));

const api = async (who: string | null, url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;

let clock = NOW;
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

let keys = 0;
async function seatOn(n: number): Promise<FlightSeat> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
  return list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 3)!;
}

/** Full economy fares (code Y) of a day's Beijing–Shanghai flights. */
async function fullY(n: number): Promise<FlightSeat[]> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
  return list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft >= 3);
}

async function book(who: string, n: number, chosen?: FlightSeat): Promise<number> {
  const seat = chosen ?? (await seatOn(n));
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `einv-${++keys}-${NOW}`, contactName: "张三", contactMobile: "13800000010" };
  for (const [k, v] of Object.entries(ADULT)) body[`passengers.0.${k}`] = v;
  const r = await api(who, P.book, body);
  expect(r.ret, r.msg).toBe(0);
  return r.data.id as number;
}

/** Books, pays by wallet and waits for the ticket: the order id and its passenger's id. */
async function ticketed(who: string, n: number, seat?: FlightSeat) {
  clock = NOW;
  setClock(() => clock);
  const orderId = await book(who, n, seat);
  const t = await api(who, PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(r.ret, r.msg).toBe(0);
  await after(0);
  await after(6_000);
  const p = await db().selectFrom("order_passengers").select(["id", "ticketNo", "tktPriceFen", "fuelTaxFen", "consTaxFen"]).where("orderId", "=", orderId).executeTakeFirstOrThrow();
  expect(p.ticketNo).toBeTruthy();
  return { orderId, passengerId: p.id, passenger: p };
}

async function file(who: string, url: string, id: number) {
  return h.app.inject({ method: "POST", url: `/api${url}`, payload: { id, token: tokens[who] } });
}

const written = async () => ({
  docs: await count(db(), "einvoices"),
  jobs: Number((await db().selectFrom("jobs").select((eb) => eb.fn.countAll().as("n")).where("kind", "=", "einvoice-issue").executeTakeFirstOrThrow()).n),
});

describe("a ticket's document", () => {
  it("is 待开具 when asked, issued by the job with a 20-digit number, its XML signed with the sandbox key and its PDF readable", async () => {
    const { orderId, passengerId, passenger } = await ticketed(ME, 10);
    const r = await api(ME, E.request, { orderId, passengerId, title: "personal", email: "li@example.com" });
    expect(r.ret, r.msg).toBe(0);
    const fare = passenger.tktPriceFen + passenger.fuelTaxFen;
    expect(r.data).toMatchObject({ status: "pending", statusLabel: "待开具", kind: "air", direction: "blue", buyerName: "张三", buyerTaxNo: null, number: null, totalFen: fare + passenger.consTaxFen, exemptFen: passenger.consTaxFen, rateBp: 900 });
    expect(r.data.certNoMasked).toBe("110105********002X");
    // Not issued yet: no file.
    expect((await file(ME, E.pdf, r.data.id)).statusCode).toBe(409);

    await after(0);
    const d = (await api(ME, E.detail, { id: r.data.id })).data;
    expect(d.status).toBe("issued");
    expect(d.number).toMatch(/^\d{20}$/);
    expect(d.sandbox).toBe(true);

    const xml = await file(ME, E.xml, r.data.id);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`<InvoiceNumber>${d.number}</InvoiceNumber>`);
    expect(verifySandboxXml(DEMO_EINVOICE_SANDBOX_KEY, xml.body)).toBe(true);
    expect(verifySandboxXml(DEMO_EINVOICE_SANDBOX_KEY, xml.body.replace("<Name>张三</Name>", "<Name>李四</Name>"))).toBe(false);
    expect(verifySandboxXml("another-key-of-at-least-32-characters", xml.body)).toBe(false);

    const pdf = await file(ME, E.pdf, r.data.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const parsed = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { totalPages, text } = await extractText(parsed, { mergePages: true });
    expect(totalPages).toBe(1);
    expect(text).toContain(d.number);
    expect(text).toContain("航空运输电子客票行程单");
    // Another member hears the document does not exist.
    expect((await file(OTHER, E.pdf, r.data.id)).statusCode).toBe(404);
    expect((await api(OTHER, E.detail, { id: r.data.id })).ret).toBe(404);
  });

  it("asked by 20 requests at once is written once; the others are told so with the one document", async () => {
    const { orderId, passengerId } = await ticketed(ME, 11);
    const before = await written();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api(ME, E.request, { orderId, passengerId, title: "personal" })));
    const won = answers.filter((a) => a.ret === 0);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.ret !== 0)) {
      expect(a).toMatchObject({ ret: 409, msg: "该客票的报销凭证已申请，不能重复申请" });
      expect(a.data.id).toBe(won[0].data.id);
    }
    expect(await written()).toEqual({ docs: before.docs + 1, jobs: before.jobs + 1 });
  });

  it("is refused with a clear message and nothing written: another member's ticket, a bad tax number, a cancelled order, a business trip's other title", async () => {
    const { orderId, passengerId } = await ticketed(ME, 12);
    const before = await written();
    const other = await api(OTHER, E.request, { orderId, passengerId, title: "personal" });
    expect(other).toMatchObject({ ret: 403, msg: "只能为自己预订或出行的订单申请报销凭证" });
    const badTax = await api(ME, E.request, { orderId, passengerId, title: "custom", buyerName: "某某公司", buyerTaxNo: "91310115MA1K4A2B30" });
    expect(badTax.ret).toBe(400);
    expect(badTax.data.errors.buyerTaxNo).toBe("请输入正确的纳税人识别号");
    const notAPassenger = await api(ME, E.request, { orderId, passengerId: passengerId + 100_000, title: "personal" });
    expect(notAPassenger).toMatchObject({ ret: 404, msg: "该订单没有这位乘客" });

    const cancelledId = await book(ME, 13);
    expect((await api(ME, P.cancel, { id: cancelledId })).ret).toBe(0);
    const cp = await db().selectFrom("order_passengers").select("id").where("orderId", "=", cancelledId).executeTakeFirstOrThrow();
    expect(await api(ME, E.request, { orderId: cancelledId, passengerId: cp.id, title: "personal" })).toMatchObject({ ret: 409, msg: "该客票未出票或已退票，不能申请报销凭证" });

    // A business trip's document is the company's; a private trip cannot take the company title.
    expect(await api(ME, E.request, { orderId, passengerId, title: "company" })).toMatchObject({ ret: 400, msg: "因私出行不能使用企业抬头，请选择个人或自己的发票抬头" });
    const company = await db().selectFrom("companies").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    await db().updateTable("orders").set({ travelType: "business", companyId: company.id }).where("id", "=", orderId).execute();
    expect(await api(ME, E.request, { orderId, passengerId, title: "personal" })).toMatchObject({ ret: 400, msg: "因公出行的报销凭证抬头为企业，不能更改" });
    expect(await written()).toEqual(before);

    const biz = await api(ME, E.request, { orderId, passengerId, title: "company" });
    expect(biz.ret, biz.msg).toBe(0);
    expect(biz.data).toMatchObject({ buyerName: company.name, buyerTaxNo: DEMO_COMPANY_CREDIT_CODE });
  });

  it("a refund writes a red-letter document for exactly the refunded amount and reverses the original", async () => {
    const { orderId, passengerId } = await ticketed(ME, 14);
    const blue = (await api(ME, E.request, { orderId, passengerId, title: "personal" })).data;
    await after(0);
    const tip = (await api(ME, A.refundTip, { id: orderId })).data;
    const r = await api(ME, A.refundSubmit, { id: orderId, reason: "航班延误或取消" });
    expect(r.ret, r.msg).toBe(0);
    await after(3_000);
    await after(3_000);
    await after(0);
    const list = (await api(ME, E.list, { orderId })).data.list;
    expect(list).toHaveLength(2);
    const [original, red] = list;
    expect(original).toMatchObject({ id: blue.id, status: "reversed", statusLabel: "已红冲" });
    const line = tip.lines[0];
    expect(red).toMatchObject({ direction: "red", originalId: blue.id, status: "issued", totalFen: -(line.refund - line.insurance) });
    expect(red.exemptFen).toBe(-blue.exemptFen);
    expect(red.number).toMatch(/^\d{20}$/);
    expect(red.number).not.toBe(original.number);
    const xml = await file(ME, E.xml, red.id);
    expect(xml.body).toContain(`<OriginalNumber>${original.number}</OriginalNumber>`);
    expect(verifySandboxXml(DEMO_EINVOICE_SANDBOX_KEY, xml.body)).toBe(true);
    const pdf = await file(ME, E.pdf, red.id);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain(red.number);
    // A refunded ticket has no document to ask for any more.
    expect(await api(ME, E.request, { orderId, passengerId, title: "personal", kind: "service" })).toMatchObject({ ret: 409 });
  });

  it("a change reverses the old ticket's document whole and issues one for the new ticket to the same buyer", async () => {
    const from = (await fullY(20))[0];
    const to = (await fullY(21)).find((x) => x.salePrice <= from.salePrice && x.adtTaxeYq <= from.adtTaxeYq)!;
    const { orderId, passengerId, passenger } = await ticketed(ME, 20, from);
    const blue = (await api(ME, E.request, { orderId, passengerId, title: "custom", buyerName: "某某科技有限公司", buyerTaxNo: DEMO_COMPANY_CREDIT_CODE })).data;
    await after(0);
    const c = await api(ME, A.confirmChange, { id: orderId, fareKey: to.fareKey, total: 0 });
    expect(c.ret, c.msg).toBe(0);
    await after(3_000);
    await after(0);
    await after(0);
    const list = (await api(ME, E.list, { orderId })).data.list;
    const newTicket = (await db().selectFrom("order_passengers").select("ticketNo").where("id", "=", passengerId).executeTakeFirstOrThrow()).ticketNo;
    expect(newTicket).not.toBe(passenger.ticketNo);
    expect(list.map((d: { direction: string; status: string; ticketNo: string }) => [d.direction, d.status, d.ticketNo])).toEqual([
      ["blue", "reversed", passenger.ticketNo],
      ["red", "issued", passenger.ticketNo],
      ["blue", "issued", newTicket],
    ]);
    expect(list[1]).toMatchObject({ totalFen: -blue.totalFen, taxFen: -blue.taxFen, exemptFen: -blue.exemptFen });
    expect(list[2]).toMatchObject({ buyerName: "某某科技有限公司", buyerTaxNo: DEMO_COMPANY_CREDIT_CODE, kind: "air" });
  });
});
