// 政府采购 (公务机票) fares and orders end to end on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): the search lists a GP fare per flight only when asked and only to members who may
// book them, booking checks every passenger's budget unit and official card and writes nothing on
// bad input, takes the same economy seats once (a resubmitted form finds its order), the 公务机票
// tab lists GP orders and the 机票 tab the others, refunds and changes run on the GP fee table, and
// nobody reads or cancels another member's GP order.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { day, NOW, SEED, startTravel, stopTravel, TODAY, fullFlights } from "./inventory-helpers";
import { soldElsewhere } from "../../server/inventory/demand";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { createSession } from "../../server/services/accounts/sessions";
import { suppliersFor, supplierContext } from "../../server/suppliers";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { GP_ORDER_PATHS as G } from "../../src/domain/orders/gp-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { GP_MESSAGES, gpFareKey } from "../../src/domain/travel/gp-fares";
import type { FareDetailReply, FlightItem, FlightListReply, FlightSeat, ListFare } from "../../src/domain/travel/types";
import { fareLabels, listFareTier } from "../../src/domain/travel/list-fares";
import { parseYuan, percentOf } from "../../src/domain/money";

let h: Harness;
// After every move a test makes, each order list row kept is the one its list assembles now.
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const OTHER = "13800000020";
/** 蔚蓝出行's user: the partner's menu has no 公务机票订单, so no GP fares either. */
const WEILAN = "13800000082";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const VERIFY = "/api/v1/trip_manager/air_ticket_domestic_flight/verify";
const DETAIL = "/api/v1/trip_manager/air_ticket_domestic_flight/fare_detail";

const CARD_A = "6283660012345670";
const CARD_B = "6283660098765437";
const CARD_19 = "6283660012345678900";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X", budgetUnit: "北京市财政局", officialCard: CARD_A };
const ADULT2 = { name: "李四", certType: 2, certNo: "E12345678", birthday: "1980-01-01", budgetUnit: "中国科学院（北京）分院", officialCard: `${CARD_19.slice(0, 4)} ${CARD_19.slice(4)}` };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, OTHER]) tokens[m] = await login(h.app, m);
  for (const m of [ME, OTHER, WEILAN]) ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  tokens[WEILAN] = await createSession(h.db.db, ids[WEILAN]);
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  const answer = (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
  // Each call's moves (and the jobs run since the last) checked against the list rows kept before it.
  await expectListRowsTrue(h.db.db);
  return answer;
}

let keys = 0;
const clientKey = () => `gp-key-${++keys}-${Date.now()}`;
const db = () => h.db.db;

async function search(who: string | null, n: number, gp?: 0 | 1): Promise<FlightListReply> {
  const r = await api(who, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n), ...(gp === undefined ? {} : { gp }) });
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

/** The GP fares of a Beijing–Shanghai day with room for three, each with its flight. */
async function gpFares(n: number): Promise<{ flight: FlightItem; seat: FlightSeat }[]> {
  const list = (await search(ME, n, 1)).list;
  const listed = list.flatMap((flight) => flight.seats.filter((s) => s.fareFamily === "GP" && s.seatsLeft >= 3));
  // Each in full, as the GP order page verifies it.
  const out: { flight: FlightItem; seat: FlightSeat }[] = [];
  for (const s of listed) {
    const v = await api(ME, VERIFY, { fareKey: s.fareKey });
    expect(v.ret, v.msg).toBe(0);
    out.push({ flight: v.data.flight, seat: v.data.seat });
  }
  return out;
}

function form(seat: Pick<ListFare, "fareKey" | "salePrice">, passengers: Record<string, string | number>[], key = clientKey()) {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: key, contactName: "张三", contactMobile: "13800000010" };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  return body;
}

const remaining = async (flightKey: string) => (await db().selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flightKey).executeTakeFirstOrThrow()).yRemaining;
const detail = async (who: string, id: number) => (await api(who, P.detail, { id })).data;
const setBalance = (who: string, balance: string) => db().updateTable("wallets").set({ balanceFen: parseYuan(balance)! }).where("memberId", "=", ids[who]).execute();
const balanceFen = async (who: string) => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;

async function written() {
  return {
    orders: await count(db(), "orders"), passengers: await count(db(), "order_passengers"), events: await count(db(), "order_events"),
    holds: await count(db(), "inventory_holds"), jobs: await count(db(), "jobs"),
  };
}

let clock = NOW;
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

/** Books a GP fare, pays it from the wallet and waits for the tickets: an order in 已出票. */
async function ticketed(seat: Pick<ListFare, "fareKey" | "salePrice">, passengers: Record<string, string | number>[] = [ADULT]) {
  clock = NOW;
  setClock(() => clock);
  await setBalance(ME, "100000.00");
  const r = await api(ME, G.book, form(seat, passengers));
  expect(r.ret, r.msg).toBe(0);
  const t = await api(ME, PAY.create, { orderId: r.data.id, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const paid = await api(ME, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ME], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(paid.ret, paid.msg).toBe(0);
  await after(0);
  await after(6_000);
  expect((await detail(ME, r.data.id)).status).toBe(2);
  return r.data.id as number;
}

describe("search", () => {
  it("without gp the reply lists the public fares only, exactly as with gp=0", async () => {
    const plain = await search(ME, 10);
    expect(await search(ME, 10, 0)).toEqual(plain);
    for (const f of plain.list) for (const s of f.seats) expect(s.fareFamily, s.fareKey).toBeUndefined();
    expect(plain.list.some((f) => f.seats.some((s) => s.fareKey.endsWith("|GP")))).toBe(false);
  });

  it("gp=1 asks a guest to sign in and refuses a member whose site offers no 公务机票", async () => {
    const guest = await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(10), gp: 1 });
    expect(guest).toMatchObject({ ret: 401, msg: GP_MESSAGES.signIn });
    const partner = await api(WEILAN, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(10), gp: 1 });
    expect(partner).toMatchObject({ ret: 403, msg: GP_MESSAGES.notOffered });
    expect((await api(ME, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(10), gp: "yes" })).ret).toBe(400);
  });

  it("gp=1 adds each flight's GP fare: 88 % of its economy full fare, on the same seats, with the GP fee table; the public fares are unchanged", async () => {
    const plain = await search(ME, 10);
    const gp = await search(ME, 10, 1);
    const inFull = await fullFlights(h.app, plain.list);
    expect(gp.list.map((f) => f.flightKey).sort()).toEqual(plain.list.map((f) => f.flightKey).sort());
    let offered = 0;
    for (const f of gp.list) {
      const before = plain.list.find((x) => x.flightKey === f.flightKey)!;
      expect(f.seats.filter((s) => s.fareFamily !== "GP"), f.flightKey).toEqual(before.seats);
      const full = inFull.find((x) => x.flightKey === f.flightKey)!.seats.find((s) => s.cabinClass === "Y" && s.cabinCode === "Y");
      const g = f.seats.filter((s) => s.fareFamily === "GP");
      if (!full) {
        expect(g).toEqual([]);
        continue;
      }
      offered += 1;
      expect(g).toHaveLength(1);
      const seat = g[0];
      expect(seat).toMatchObject({
        fareKey: gpFareKey(f.flightKey), cabinClass: "Y", cabinCode: "Y", discount: 88,
        salePrice: percentOf(full.parPrice, 88, 1000), seatsLeft: full.seatsLeft, taxes: full.adtTaxeCn + full.adtTaxeYq,
      });
      expect(fareLabels(seat)).toEqual({ cabinClassName: "经济舱", discountLabel: "8.8折", tierName: "政府采购" });
      expect(listFareTier(seat)).toBe("gp");
      expect(seat.salePrice).toBeLessThan(full.salePrice);
      expect(f.lowestPrice).toBe(Math.min(...f.seats.map((s) => s.salePrice)));
      // Its price details and fee table come with the fare detail, for members who may book it.
      if (offered === 1) {
        const d: FareDetailReply = (await api(ME, DETAIL, { fareKey: seat.fareKey })).data;
        expect(d.breakdown.ADT.total).toBe(seat.salePrice + full.adtTaxeCn + full.adtTaxeYq + full.discountServiceFee);
        expect(d.rules.map((l) => [l.refundPercent, l.changePercent])).toEqual([[0, 0], [0, 0], [5, 0], [10, 5]]);
        expect(d).toMatchObject({ tier: "gp", tierName: "政府采购" });
        expect((await api(null, DETAIL, { fareKey: seat.fareKey })).ret).toBe(401);
        expect((await api(WEILAN, DETAIL, { fareKey: seat.fareKey })).ret).toBe(403);
      }
    }
    expect(offered).toBeGreaterThan(0);
  });

  it("verifying a GP fare is for the members who may book it, and prices it as the search did", async () => {
    const [{ seat }] = await gpFares(10);
    expect((await api(null, VERIFY, { fareKey: seat.fareKey })).ret).toBe(401);
    expect((await api(WEILAN, VERIFY, { fareKey: seat.fareKey })).ret).toBe(403);
    const v = await api(ME, VERIFY, { fareKey: seat.fareKey });
    expect(v.ret, v.msg).toBe(0);
    expect(v.data).toMatchObject({ available: true, seat: { fareKey: seat.fareKey, salePrice: seat.salePrice, fareFamily: "GP", tier: "gp" } });
    expect(v.data.rules.map((l: { refundPercent: number }) => l.refundPercent)).toEqual([0, 0, 5, 10]);
  });
});

describe("booking", () => {
  it("refuses a bad official card, a missing budget unit, a child and a GP fare sent elsewhere, writing nothing", async () => {
    const [{ flight, seat }] = await gpFares(11);
    const seats = await remaining(flight.flightKey);
    const was = await written();
    const refused = async (url: string, body: Record<string, string | number>, field: string, message: string) => {
      const r = await api(ME, url, body);
      expect(r.ret, `${field}: ${r.msg}`).toBe(400);
      expect(r.msg).toBe(message);
      expect(r.data.errors[field]).toBe(message);
    };
    await refused(G.book, form(seat, [{ ...ADULT, officialCard: "6283660012345671" }]), "passengers.0.officialCard", GP_MESSAGES.cardCheck);
    await refused(G.book, form(seat, [{ ...ADULT, officialCard: "628366001234567" }]), "passengers.0.officialCard", GP_MESSAGES.cardLength);
    await refused(G.book, form(seat, [{ ...ADULT, officialCard: "62836600123456AB" }]), "passengers.0.officialCard", GP_MESSAGES.cardLength);
    const { officialCard: _card, ...noCard } = ADULT;
    await refused(G.book, form(seat, [noCard]), "passengers.0.officialCard", GP_MESSAGES.cardRequired);
    const { budgetUnit: _unit, ...noUnit } = ADULT;
    await refused(G.book, form(seat, [noUnit]), "passengers.0.budgetUnit", GP_MESSAGES.budgetUnitRequired);
    await refused(G.book, form(seat, [{ ...ADULT, budgetUnit: "财政局<script>" }]), "passengers.0.budgetUnit", GP_MESSAGES.budgetUnitChars);
    await refused(G.book, form(seat, [ADULT, { ...ADULT2, officialCard: CARD_A }]), "passengers.1.officialCard", "每位乘客应填写本人的公务卡号，不能重复");
    // Adults only: a child on the travel date is refused at the birth date that makes them one.
    await refused(G.book, form(seat, [ADULT, { name: "张小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01", budgetUnit: "北京市财政局", officialCard: CARD_B }]), "passengers.1.birthday", GP_MESSAGES.adultsOnly);
    // A GP fare on the ordinary booking, an ordinary fare on the GP one.
    const { budgetUnit: _u, officialCard: _c, ...plain } = ADULT;
    await refused(P.book, form(seat, [plain]), "fareKey", GP_MESSAGES.elsewhere);
    const ordinary = (await search(ME, 11)).list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y")!;
    await refused(G.book, form(ordinary, [ADULT]), "fareKey", GP_MESSAGES.fareRequired);
    expect((await api(null, G.book, form(seat, [ADULT]))).ret).toBe(401);
    expect((await api(WEILAN, G.book, form(seat, [ADULT]))).ret).toBe(403);
    expect(await remaining(flight.flightKey)).toBe(seats);
    expect(await written()).toEqual(was);
  });

  it("holds the economy seats with a pending GP order that keeps each budget unit and shows the card masked; the same form again finds it", async () => {
    const [{ flight, seat }] = await gpFares(12);
    const seats = await remaining(flight.flightKey);
    const was = await written();
    const body = form(seat, [ADULT, ADULT2]);
    const r = await api(ME, G.book, body);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 0, payprice: 2 * seat.breakdown.ADT.total });
    expect(await remaining(flight.flightKey)).toBe(seats - 2);

    const again = await api(ME, G.book, body);
    expect(again.data.id).toBe(r.data.id);
    expect(await remaining(flight.flightKey)).toBe(seats - 2);
    expect(await written()).toMatchObject({ orders: was.orders + 1, passengers: was.passengers + 2, holds: was.holds + 1 });

    const res = await call(h.app, P.detail, { id: r.data.id, token: tokens[ME] });
    const d = res.body.data;
    expect(d).toMatchObject({ gp: 1, status: 0, fareKey: seat.fareKey, seat: { fareFamily: "GP", tier: "gp", tierName: "政府采购" }, actions: ["cancel"] });
    expect(d.passengers).toEqual([
      expect.objectContaining({ name: "张三", psgType: "ADT", budgetUnit: "北京市财政局", officialCardMasked: "**** **** **** 5670", tktPrice: seat.salePrice }),
      expect.objectContaining({ name: "李四", psgType: "ADT", budgetUnit: "中国科学院（北京）分院", officialCardMasked: "**** **** **** 8900", tktPrice: seat.salePrice }),
    ]);
    expect(d.payprice).toBe(d.ticket + d.consTax + d.fuelTax + d.totalServFee + d.insurance);
    // Stored whole (digits only) for reconciliation, never sent back whole.
    const stored = await db().selectFrom("order_passengers").select("officialCard").where("orderId", "=", r.data.id).orderBy("id").execute();
    expect(stored.map((p) => p.officialCard)).toEqual([CARD_A, CARD_19]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(CARD_A);
    expect(text).not.toContain(CARD_19);
    expect((await api(ME, P.list, { gpFlag: 1 })).data.list.find((o: { id: number }) => o.id === r.data.id)).toMatchObject({ gp: 1, passengerNames: ["张三", "李四"] });

    // Cancelling it is a flight order's cancel: the seats go back.
    expect((await api(ME, P.cancel, { id: r.data.id })).ret).toBe(0);
    expect(await remaining(flight.flightKey)).toBe(seats);
  });

  it("GP and public buyers of the last economy seat at once: exactly one wins, the count ends at zero", async () => {
    const [{ flight, seat }] = await gpFares(13);
    const full = flight.seats.find((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && !s.fareFamily)!;
    const row = await db().selectFrom("air_flights").select("yTotal").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow();
    const sold = soldElsewhere(SEED, `${flight.flightKey}|Y`, flight.depDate, TODAY, row.yTotal);
    await db().updateTable("air_flights").set({ yRemaining: sold + 1 }).where("flightKey", "=", flight.flightKey).execute();
    const was = await written();
    const { budgetUnit: _u, officialCard: _c, ...plain } = ADULT;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? api(OTHER, P.book, form(full, [plain])) : api(ME, G.book, form(seat, [ADULT])))),
    );
    expect(results.filter((r) => r.ret === 0)).toHaveLength(1);
    for (const loser of results.filter((r) => r.ret !== 0)) {
      expect(loser.ret, loser.msg).toBe(409);
      expect(loser.msg).toMatch(/余票不足|仅剩|已售完/);
    }
    expect(await remaining(flight.flightKey)).toBe(sold);
    expect((await written()).orders).toBe(was.orders + 1);
  });
});

describe("the order centre", () => {
  it("the 公务机票 tab lists GP orders only, paged and filtered like the 机票 tab, which lists the others", async () => {
    const [a, b] = await gpFares(14);
    const gp1 = (await api(ME, G.book, form(a.seat, [{ ...ADULT, name: "王公务" }]))).data.id;
    const gp2 = (await api(ME, G.book, form(b.seat, [ADULT]))).data.id;
    const plainSeat = (await search(ME, 14)).list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
    const plain = await api(ME, P.book, form(plainSeat, [{ name: "王普通", certType: 1, certNo: "11010519491231002X" }]));
    expect(plain.ret, plain.msg).toBe(0);

    const gpList = (await api(ME, P.list, { gpFlag: 1, pageNum: 1, pageSize: 50 })).data;
    const gpIds = gpList.list.map((o: { id: number }) => o.id);
    expect(gpIds).toEqual(expect.arrayContaining([gp1, gp2]));
    expect(gpIds).not.toContain(plain.data.id);
    expect(gpList.list.every((o: { gp: number }) => o.gp === 1)).toBe(true);

    const airList = (await api(ME, P.list, { pageNum: 1, pageSize: 50 })).data;
    const airIds = airList.list.map((o: { id: number }) => o.id);
    expect(airIds).toContain(plain.data.id);
    expect(airIds).not.toContain(gp1);
    expect(airIds).not.toContain(gp2);
    expect((await api(ME, P.list, { gpFlag: 0, pageNum: 1, pageSize: 50 })).data.total).toBe(airList.total);

    // Paged on the server: one row a page, the total of every GP order.
    const page = (await api(ME, P.list, { gpFlag: 1, pageNum: 1, pageSize: 1 })).data;
    expect(page.list).toHaveLength(1);
    expect(page.total).toBe(gpList.total);
    // The same filters: a traveller's name, status, order number.
    expect((await api(ME, P.list, { gpFlag: 1, travellerName: "王公务" })).data.list.map((o: { id: number }) => o.id)).toEqual([gp1]);
    expect((await api(ME, P.list, { travellerName: "王公务" })).data.list).toEqual([]);
    const no = (await detail(ME, gp2)).orderNo;
    expect((await api(ME, P.list, { gpFlag: 1, orderNo: no })).data.list.map((o: { id: number }) => o.id)).toEqual([gp2]);
    expect((await api(ME, P.list, { gpFlag: 1, status: 2 })).data.list.map((o: { id: number }) => o.id)).not.toContain(gp1);
  });

  it("another member reads, lists and cancels none of them", async () => {
    const [{ flight, seat }] = await gpFares(15);
    const r = await api(ME, G.book, form(seat, [ADULT]));
    const seats = await remaining(flight.flightKey);
    expect((await api(OTHER, P.detail, { id: r.data.id })).ret).toBe(403);
    expect((await api(OTHER, P.list, { gpFlag: 1, pageSize: 50 })).data.list.map((o: { id: number }) => o.id)).not.toContain(r.data.id);
    const was = await written();
    expect((await api(OTHER, P.cancel, { id: r.data.id })).ret).toBe(403);
    expect((await api(OTHER, A.refundTip, { id: r.data.id })).ret).toBe(403);
    expect(await written()).toEqual(was);
    expect(await remaining(flight.flightKey)).toBe(seats);
    expect((await api(OTHER, P.detail, { id: 99_999_999 })).ret).toBe(404);
  });
});

describe("after-sales", () => {
  it("a refund is priced on the GP fee table (free until two days out), is what the airline charges, and pays back to the wallet", async () => {
    const [{ flight, seat }] = await gpFares(16);
    const seats = await remaining(flight.flightKey);
    const id = await ticketed(seat);
    const d = await detail(ME, id);
    const taxes = d.passengers[0].consTax + d.passengers[0].fuelTax;
    const tip = await api(ME, A.refundTip, { id });
    expect(tip.ret, tip.msg).toBe(0);
    expect(tip.data.lines[0]).toMatchObject({ ticket: seat.salePrice, feePercent: 0, fee: 0, refund: seat.salePrice + taxes });

    const holdId = (await db().selectFrom("orders").select("holdId").where("id", "=", id).executeTakeFirstOrThrow()).holdId!;
    let charged: { fee: number; refund: number } | null = null;
    await db().transaction().execute(async (trx) => {
      charged = await suppliersFor(trx, SEED).flight.within(trx).refund(holdId, await supplierContext(trx, null));
      throw new Error("roll back");
    }).catch((e: Error) => expect(e.message).toBe("roll back"));
    expect(charged).toMatchObject({ fee: tip.data.fee, refund: tip.data.refund });

    // Within 48 hours 5 %, within 4 hours 10 % (the public full fare charges 20 % and 30 %).
    setClock(() => Date.parse(flight.depUtc) - 30 * 3_600_000);
    expect((await api(ME, A.refundTip, { id })).data.lines[0]).toMatchObject({ feePercent: 5, fee: percentOf(seat.salePrice, 5, 100) });
    setClock(() => Date.parse(flight.depUtc) - 3 * 3_600_000);
    expect((await api(ME, A.refundTip, { id })).data.lines[0]).toMatchObject({ feePercent: 10, fee: percentOf(seat.salePrice, 10, 100) });

    setClock(() => clock);
    const paid = await balanceFen(ME);
    const r = await api(ME, A.refundSubmit, { id, reason: "自愿退票" });
    expect(r.ret, r.msg).toBe(0);
    await after(3_000);
    await after(3_000);
    expect(await detail(ME, id)).toMatchObject({ status: 6, refund: { status: "refunded", toAccount: "wallet", fee: 0 } });
    expect(await balanceFen(ME)).toBe(paid + tip.data.refund);
    expect(await remaining(flight.flightKey)).toBe(seats);
  });

  it("a GP ticket changes to another GP fare on the GP fee table, never to a public fare; a public ticket never becomes GP", async () => {
    const [from] = await gpFares(17);
    const id = await ticketed(from.seat);
    const publicFare = (await search(ME, 18)).list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
    const toPublic = await api(ME, A.change, { id, fareKey: publicFare.fareKey });
    expect(toPublic).toMatchObject({ ret: 400, msg: "公务机票只能改签为其他航班的政府采购票价" });

    const to = (await gpFares(18)).find((x) => x.seat.salePrice <= from.seat.salePrice && x.seat.adtTaxeYq <= from.seat.adtTaxeYq)!;
    expect(to, "a next-day GP fare no dearer").toBeTruthy();
    const q = await api(ME, A.change, { id, fareKey: to.seat.fareKey });
    expect(q.ret, q.msg).toBe(0);
    expect(q.data).toMatchObject({ feePercent: 0, quote: { changeFee: 0, changeSpread: 0, total: 0 }, seat: { fareFamily: "GP" } });
    const c = await api(ME, A.confirmChange, { id, fareKey: to.seat.fareKey, total: 0 });
    expect(c.ret, c.msg).toBe(0);
    await after(3_000);
    expect(await detail(ME, id)).toMatchObject({ status: 3, gp: 1, fareKey: to.seat.fareKey, seat: { tier: "gp" } });

    // Under 4 hours the GP change fee is 5 % of the ticket.
    const later = (await gpFares(21))[0];
    setClock(() => Date.parse(to.flight.depUtc) - 2 * 3_600_000);
    const late = await api(ME, A.change, { id, fareKey: later.seat.fareKey });
    expect(late.ret, late.msg).toBe(0);
    expect(late.data).toMatchObject({ feePercent: 5, quote: { changeFee: percentOf(to.seat.salePrice, 5, 100) } });

    // An ordinary ticket cannot be changed onto a GP fare.
    setClock(() => NOW);
    const plainSeat = (await search(ME, 19)).list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft >= 1)!;
    clock = NOW;
    const plain = await api(ME, P.book, form(plainSeat, [{ name: "王普通", certType: 1, certNo: "11010519491231002X" }]));
    const t = await api(ME, PAY.create, { orderId: plain.data.id, method: "wallet" });
    await api(ME, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ME], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
    await after(0);
    await after(6_000);
    const gpTo = (await gpFares(20))[0];
    expect(await api(ME, A.change, { id: plain.data.id, fareKey: gpTo.seat.fareKey })).toMatchObject({ ret: 400, msg: GP_MESSAGES.elsewhere });
  });
});
