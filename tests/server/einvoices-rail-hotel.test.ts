// Reimbursement documents beyond flights, end to end on a fresh database (SQLite, or PostgreSQL
// with DATABASE_URL): each passenger of an issued train order gets a rail document (9 %) and the
// service fee its own ordinary one (6 %, the order's fee split per ticket); a refund reverses
// each ticket's rail document by what went back and leaves the kept service fee's standing; a
// hotel order's stay is invoiced once it is completed, not before; an issued document is emailed
// with its PDF and XML attached, a bad address or a document not yet issued refused with nothing
// queued.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { TRAIN_ORDER_PATHS as T } from "../../src/domain/orders/train-types";
import { HOTEL_ORDER_PATHS as H } from "../../src/domain/orders/hotel-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { EINVOICE_PATHS as E } from "../../src/domain/einvoice/schemas";
import { idCardCheckChar } from "../../src/domain/validators";
import { parseYuan } from "../../src/domain/money";
import { DEMO_EINVOICE_SANDBOX_KEY, verifySandboxXml } from "../../server/einvoices/issuer/sandbox";
import type { EinvoiceMail } from "../../server/einvoices/mail";
import type { HotelListItem, RoomPrice, TrainItem } from "../../src/domain/travel/types";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const OTHER = "13800000020";
const db = () => h.db.db;
let clock = NOW;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, OTHER]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await db().selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  await givePayPassword(db());
  await db().updateTable("wallets").set({ balanceFen: parseYuan("100000.00")! }).where("memberId", "=", ids[ME]).execute();
});
afterAll(() => stopTravel(h));
beforeEach(() => {
  clock = NOW;
  setClock(() => clock);
});

const api = async (who: string | null, url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
async function at(ms: number) {
  clock = ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}
const file = (who: string, url: string, id: number) => h.app.inject({ method: "POST", url: `/api${url}`, payload: { id, token: tokens[who] } });
const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
const outbox = () => (h.app.ctx.einvoiceMailer as unknown as { sent: EinvoiceMail[] }).sent;
const queued = async () => Number((await db().selectFrom("jobs").select((eb) => eb.fn.countAll().as("n")).where("kind", "=", "einvoice-email").executeTakeFirstOrThrow()).n);

async function pay(orderId: number, businessType: number) {
  const t = await api(ME, PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(ME, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ME], t.data.outTradeNo), businessType });
  expect(r.ret, r.msg).toBe(0);
}

const idNo = (seq: number) => {
  const first17 = `11010519900307${String(seq).padStart(3, "0")}`;
  return first17 + idCardCheckChar(first17);
};

/** A two-passenger 北京→上海 train order, paid and issued. */
async function trainTicketed(n: number) {
  const list: TrainItem[] = (await api(null, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(n), trainTypes: "G" })).data.list;
  const train = list.find((t) => t.seats.some((s) => s.seatClass === "O" && s.left >= 5))!;
  const body: Record<string, string | number> = { trainKey: train.trainKey, seatClass: "O", clientKey: `einv-rail-${n}-${NOW}`, contactName: "张三", contactMobile: ME };
  ["张三", "李四"].forEach((name, i) => {
    body[`passengers.${i}.name`] = name;
    body[`passengers.${i}.certType`] = 1;
    body[`passengers.${i}.certNo`] = idNo(100 + i);
    body[`passengers.${i}.passengerType`] = "adult";
  });
  const r = await api(ME, T.book, body);
  expect(r.ret, r.msg).toBe(0);
  await pay(r.data.id, BUSINESS_TYPE.trainPay);
  await at(NOW + 6_000);
  const order = await db().selectFrom("orders").select(["status", "serviceFeeFen"]).where("id", "=", r.data.id).executeTakeFirstOrThrow();
  expect(order.status).toBe(2);
  const people = await db().selectFrom("train_order_passengers").select(["id", "fareFen"]).where("orderId", "=", r.data.id).orderBy("id").execute();
  return { orderId: r.data.id as number, people, serviceFeeFen: order.serviceFeeFen };
}

describe("a train order's documents", () => {
  it("a rail document per ticket and the service fee's apart; a refund reverses the rail ones by what went back", async () => {
    const { orderId, people, serviceFeeFen } = await trainTicketed(8);
    expect(serviceFeeFen).toBeGreaterThan(0);
    const listed = (await api(ME, E.list, { orderId })).data;
    expect(listed).toMatchObject({ list: [], business: false, companyName: null });
    expect(listed.subjects.map((s: { passengerName: string; kinds: string[] }) => [s.passengerName, s.kinds])).toEqual([["张三", ["ticket", "service"]], ["李四", ["ticket", "service"]]]);

    const rail = await api(ME, E.request, { orderId, passengerId: people[0].id, title: "personal" });
    expect(rail.ret, rail.msg).toBe(0);
    expect(rail.data).toMatchObject({ kind: "rail", kindLabel: "电子发票（铁路电子客票）", status: "pending", totalFen: people[0].fareFen, exemptFen: 0, rateBp: 900, buyerName: "张三" });
    const fee = await api(ME, E.request, { orderId, passengerId: people[0].id, title: "personal", kind: "service" });
    expect(fee.data).toMatchObject({ kind: "service", kindLabel: "电子发票（普通发票）", totalFen: serviceFeeFen / 2, rateBp: 600 });
    expect(await api(ME, E.request, { orderId, passengerId: people[0].id, title: "personal" })).toMatchObject({ ret: 409, msg: "该客票的报销凭证已申请，不能重复申请", data: { id: rail.data.id } });
    const second = (await api(ME, E.request, { orderId, passengerId: people[1].id, title: "personal" })).data;
    await at(NOW + 7_000);

    const issued = (await api(ME, E.detail, { id: rail.data.id })).data;
    expect(issued).toMatchObject({ status: "issued", number: expect.stringMatching(/^\d{20}$/) });
    const xml = await file(ME, E.xml, rail.data.id);
    expect(xml.body).toContain("<InvoiceType>电子发票（铁路电子客票）</InvoiceType>");
    expect(xml.body).toMatch(/<TrainNo>G\d+<\/TrainNo>/);
    expect(verifySandboxXml(DEMO_EINVOICE_SANDBOX_KEY, xml.body)).toBe(true);
    const text = await pdfText(new Uint8Array((await file(ME, E.pdf, rail.data.id)).rawPayload));
    expect(text).toContain("铁路电子客票");
    expect(text).toContain(issued.number);

    const quote = (await api(ME, T.refund, { orderId, mode: "quote" })).data;
    const r = await api(ME, T.refund, { orderId, mode: "confirm" });
    expect(r.ret, r.msg).toBe(0);
    await at(NOW + 8_000);
    const docs = (await api(ME, E.list, { orderId })).data;
    expect(docs.subjects).toEqual([]);
    const byId = (id: number) => docs.list.find((d: { id: number }) => d.id === id);
    expect(byId(rail.data.id)).toMatchObject({ status: "reversed", statusLabel: "已红冲" });
    expect(byId(second.id)).toMatchObject({ status: "reversed" });
    // The service fee stays the portal's: its document stands.
    expect(byId(fee.data.id)).toMatchObject({ status: "issued" });
    const reds = docs.list.filter((d: { direction: string }) => d.direction === "red");
    expect(reds.map((d: { originalId: number; totalFen: number; status: string }) => [d.originalId, d.totalFen, d.status])).toEqual(
      quote.lines.map((l: { refund: number }, i: number) => [[rail.data.id, second.id][i], -l.refund, "issued"]),
    );
    expect(await api(ME, E.request, { orderId, passengerId: people[1].id, title: "personal", kind: "service" })).toMatchObject({ ret: 409, msg: "该客票未出票或已退票，不能申请报销凭证" });
  });
});

describe("a hotel order's documents", () => {
  it("are asked for once the stay is completed: the room charge and the service fee apart", async () => {
    const stay = { checkIn: day(6), checkOut: day(8) };
    const list: HotelListItem[] = (await api(null, "/hotel/search/list_credit", { cityCode: "3101", ...stay, pageSize: 50 })).data.list;
    let chosen: { hotel: HotelListItem; room: RoomPrice } | undefined;
    for (const hotel of list) {
      const room = ((await api(null, "/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms as RoomPrice[]).find((x) => x.bookable && x.roomsLeft >= 2);
      if (room) {
        chosen = { hotel, room };
        break;
      }
    }
    const { hotel, room } = chosen!;
    const b = await api(ME, H.book, { hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 1, price: room.total, clientKey: `einv-hotel-${NOW}`, contactName: "张三", contactMobile: ME, arrivalTime: "18:00", "guests.0.name": "张三" });
    expect(b.ret, b.msg).toBe(0);
    const orderId = b.data.id as number;
    await pay(orderId, BUSINESS_TYPE.hotelPay);
    await at(NOW + 31 * 60_000);
    const guest = await db().selectFrom("hotel_order_guests").select("id").where("orderId", "=", orderId).executeTakeFirstOrThrow();
    expect(await api(ME, E.request, { orderId, passengerId: guest.id, title: "personal" })).toMatchObject({ ret: 409, msg: "酒店订单完成（离店）后才能申请报销凭证" });
    await at(Date.parse(`${stay.checkIn}T06:00:01Z`));
    await at(Date.parse(`${stay.checkOut}T04:00:01Z`));
    const order = await db().selectFrom("orders").select(["status", "ticketFen", "serviceFeeFen"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe(4);
    const listed = (await api(ME, E.list, { orderId })).data;
    expect(listed.subjects).toMatchObject([{ passengerId: guest.id, passengerName: "张三", kinds: order.serviceFeeFen > 0 ? ["ticket", "service"] : ["ticket"] }]);

    const stayDoc = await api(ME, E.request, { orderId, passengerId: guest.id, title: "personal" });
    expect(stayDoc.data).toMatchObject({ kind: "hotel", rateBp: 600, totalFen: order.ticketFen, certNoMasked: "" });
    if (order.serviceFeeFen > 0) expect((await api(ME, E.request, { orderId, passengerId: guest.id, title: "personal", kind: "service" })).data).toMatchObject({ kind: "service", totalFen: order.serviceFeeFen });
    await at(clock + 1_000);
    const text = await pdfText(new Uint8Array((await file(ME, E.pdf, stayDoc.data.id)).rawPayload));
    expect(text).toContain("普通发票");
    const stayRow = await db().selectFrom("hotel_orders").select("hotelName").where("orderId", "=", orderId).executeTakeFirstOrThrow();
    expect(text).toContain(stayRow.hotelName);
  });
});

describe("sending a document by email", () => {
  it("queues a mail with the PDF and XML attached; a bad address, a document not issued and another member's are refused", async () => {
    const { orderId, people } = await trainTicketed(9);
    const doc = (await api(ME, E.request, { orderId, passengerId: people[0].id, title: "personal" })).data;
    const before = await queued();
    expect(await api(ME, E.email, { id: doc.id, email: "li@example.com" })).toMatchObject({ ret: 409, msg: "报销凭证尚未开具，请稍后再试" });
    await at(clock + 1_000);
    const bad = await api(ME, E.email, { id: doc.id, email: "not-an-address" });
    expect(bad.ret).toBe(400);
    expect(bad.data.errors.email).toBe("请输入正确的邮箱");
    expect(await api(OTHER, E.email, { id: doc.id, email: "li@example.com" })).toMatchObject({ ret: 404 });
    expect(await queued()).toBe(before);

    const sentBefore = outbox().length;
    expect(await api(ME, E.email, { id: doc.id, email: "li@example.com" })).toMatchObject({ ret: 0, data: { id: doc.id, email: "li@example.com" } });
    await at(clock + 1_000);
    const mail = outbox().at(-1)!;
    expect(outbox()).toHaveLength(sentBefore + 1);
    const row = await db().selectFrom("einvoices").select(["number", "xml"]).where("id", "=", doc.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to: "li@example.com", subject: `【商旅门户】报销凭证 ${row.number}` });
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${row.number}.pdf`, `${row.number}.xml`]);
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(mail.attachments[1].content.toString("utf8")).toBe(row.xml);
  });
});
