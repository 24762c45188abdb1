// Rewards end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): a recommended
// member's flight order ticketed by the real jobs credits its referrer once (a replayed job and a
// replayed move pay nothing more), an agent referrer also earns share income, a refund takes the
// rewards back (never more than is left), the transfer moves both balances and writes the wallet
// ledger (listed on RecomBill / ShareBill and the transaction bill), more than the balance is
// refused with nothing written, and who is not of types 10-50 / 7_0 is refused (403). An agent's
// quick order for the member it recommended and a colleague's replace-booking for a recommended
// employee earn the referrer the same as the member booking itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance as setBalanceLedgered } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { enqueueJob } from "../../server/jobs/queue";
import { FLIGHT_ORDER_TICKET_JOB } from "../../server/orders/flight/ticketing";
import { rewardsOnMove } from "../../server/payments/rewards";
import { recordMove } from "../../server/orders/record-move";
import { SYSTEM_ACTOR } from "../../server/orders/actor";
import { isoAt } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { REWARDS_PATHS as R, rateOf, RECOMMEND_RATE_BP, SHARE_RATE_BP } from "../../src/domain/payments/rewards";
import { billListPath } from "../../src/domain/bills";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
// 13800000111 registered with 13800000010 (个人会员) as referrer; 13800000141 with 13800000040
// (分销服务商, an agent); 13800000070 is a company's main member.
const BUYER = "13800000111";
const REFERRER = "13800000010";
const AGENT_BUYER = "13800000141";
const AGENT = "13800000040";
const COMPANY = "13800000070";
const WHO = [BUYER, REFERRER, AGENT_BUYER, AGENT, COMPANY, "13800000020"];
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of WHO) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  for (const m of [BUYER, AGENT_BUYER]) await setBalanceLedgered(db(), ids[m], "100000.00");
});
afterAll(async () => {
  // Whatever the tests did, every fen is explained: the money audit passes on what they left.
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
beforeEach(() => setClock(() => NOW));

const db = () => h.db.db;
async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}

let clock = NOW;
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

let keys = 0;
let dayOffset = 5;
/** Books a one-adult economy flight, pays it from the wallet and lets the jobs ticket it. */
async function ticketedOrder(who: string, extra: Record<string, string | number> = {}) {
  clock = NOW;
  setClock(() => clock);
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(dayOffset++) })).data.list);
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const b = await api(who, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `rewards-${++keys}`, contactName: "张三", contactMobile: who,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X", ...extra,
  });
  expect(b.ret, b.msg).toBe(0);
  const t = await api(who, PAY.create, { orderId: b.data.id, method: "wallet" });
  const paid = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(paid.ret, paid.msg).toBe(0);
  await after(0);
  await after(6_000);
  const order = await db().selectFrom("orders").selectAll().where("id", "=", b.data.id).executeTakeFirstOrThrow();
  expect(order.status).toBe(2);
  return order;
}

const entriesOf = (orderId: number) => db().selectFrom("reward_entries").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
const account = async (who: string, kind: string) =>
  (await db().selectFrom("reward_accounts").selectAll().where("memberId", "=", ids[who]).where("kind", "=", kind).executeTakeFirst())?.balanceFen ?? 0;
const walletFen = async (who: string) => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;

describe("earning", () => {
  it("a recommended member's ticketed order credits its referrer once; a replayed job or move pays nothing more", async () => {
    const order = await ticketedOrder(BUYER);
    const expected = rateOf(order.ticketFen, RECOMMEND_RATE_BP);
    expect(expected).toBeGreaterThan(0);
    expect(await entriesOf(order.id)).toEqual([expect.objectContaining({ memberId: ids[REFERRER], kind: "recommend", event: "earn", amountFen: expected, balanceAfterFen: expected, baseFen: order.ticketFen, sourceMemberId: ids[BUYER] })]);
    expect(await account(REFERRER, "recommend")).toBe(expected);
    // A personal member is no agent: no share income.
    expect(await account(REFERRER, "share")).toBe(0);

    // The ticketing job delivered again, and the move's reward hook run again by hand.
    await enqueueJob(db(), { kind: FLIGHT_ORDER_TICKET_JOB, runAt: clock, payload: { orderId: order.id } });
    await after(0);
    await db().transaction().execute((trx) => rewardsOnMove(trx, order.id, { from: 7, to: 2 }));
    expect(await entriesOf(order.id)).toHaveLength(1);
    expect(await account(REFERRER, "recommend")).toBe(expected);

    const s = await api(REFERRER, R.summary);
    expect(s.ret, s.msg).toBe(0);
    expect(s.data).toEqual({ balance: expected, balances: { recommend: expected, share: 0 }, monthEarned: expected, totalEarned: expected, transferred: 0 });
    const list = await api(REFERRER, R.detail, { pageNum: 1, pageSize: 10 });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ kind: "recommend", event: "earn", amount: expected, orderNo: order.orderNo, product: "air", sourceName: "钱进" });
    // The buyer itself earned nothing.
    expect((await api(BUYER, R.summary)).data.balance).toBe(0);
  });

  it("an agent referrer also earns share income on the service fee", async () => {
    const order = await ticketedOrder(AGENT_BUYER);
    const rows = await entriesOf(order.id);
    const kinds = rows.map((r) => [r.kind, r.amountFen]);
    expect(order.serviceFeeFen).toBeGreaterThan(0);
    expect(kinds).toEqual([["recommend", rateOf(order.ticketFen, RECOMMEND_RATE_BP)], ["share", rateOf(order.serviceFeeFen, SHARE_RATE_BP)]]);
    expect(rows.every((r) => r.memberId === ids[AGENT])).toBe(true);
  });
});

/** A bare order row of another product, to drive its moves through the one move recorder. */
async function bareOrder(who: string, product: "train" | "hotel", status: number, ticketFen: number, serviceFeeFen: number) {
  const at = isoAt();
  const no = `${product[0].toUpperCase()}${Date.now()}${++keys}`;
  return (await db().insertInto("orders").values({
    orderNo: no, product, memberId: ids[who], companyId: null, bookerMemberId: ids[who], travellerMemberId: null, status,
    ticketFen, constructionFeeFen: 0, fuelSurchargeFen: 0, serviceFeeFen, insuranceFen: 0, totalFen: ticketFen + serviceFeeFen, fullFareFen: null,
    fareKey: no, holdId: null, depDate: day(3), title: product, snapshot: "{}", contactName: "林峰", contactMobile: who, clientKey: no,
    expiresAt: null, createTime: at, updateTime: at, travelType: null, applyId: null, overReasons: null, standardVerdict: null, approvalId: null,
  }).returning("id").executeTakeFirstOrThrow()).id;
}

describe("other products", () => {
  it("a train order ticketed and a hotel stay completed credit the agent referrer through the move recorder; a train refund reverses", async () => {
    const before = { rec: await account(AGENT, "recommend"), share: await account(AGENT, "share") };
    const train = await bareOrder(AGENT_BUYER, "train", 1, 55_300, 1_000);
    const hotel = await bareOrder(AGENT_BUYER, "hotel", 3, 128_800, 2_000);
    await db().transaction().execute((trx) => recordMove(trx, train, { from: 1, to: 2 }, { action: "ticket", actor: SYSTEM_ACTOR }, false));
    await db().transaction().execute((trx) => recordMove(trx, hotel, { from: 3, to: 4 }, { action: "complete", actor: SYSTEM_ACTOR }, false));
    expect((await entriesOf(train)).map((r) => [r.kind, r.amountFen, r.product])).toEqual([["recommend", 553, "train"], ["share", 300, "train"]]);
    expect((await entriesOf(hotel)).map((r) => [r.kind, r.amountFen, r.product])).toEqual([["recommend", 1_288, "hotel"], ["share", 600, "hotel"]]);
    expect(await account(AGENT, "recommend")).toBe(before.rec + 553 + 1_288);
    expect(await account(AGENT, "share")).toBe(before.share + 300 + 600);
    await db().transaction().execute((trx) => recordMove(trx, train, { from: 2, to: 4 }, { action: "refund", actor: SYSTEM_ACTOR }, false));
    expect((await entriesOf(train)).map((r) => [r.event, r.kind, r.amountFen])).toEqual([["earn", "recommend", 553], ["earn", "share", 300], ["reverse", "recommend", -553], ["reverse", "share", -300]]);
    expect(await account(AGENT, "share")).toBe(before.share + 600);
  });

  it("a move the order is no longer in writes nothing, the reward included", async () => {
    const train = await bareOrder(AGENT_BUYER, "train", 2, 10_000, 0);
    await expect(db().transaction().execute((trx) => recordMove(trx, train, { from: 1, to: 2 }, { action: "ticket", actor: SYSTEM_ACTOR }, false))).rejects.toThrow("订单状态已变化");
    expect(await entriesOf(train)).toEqual([]);
  });
});

describe("refund", () => {
  it("takes the reward back once the money is refunded, never more than is left", async () => {
    const order = await ticketedOrder(BUYER);
    const earned = rateOf(order.ticketFen, RECOMMEND_RATE_BP);
    const before = await account(REFERRER, "recommend");
    const r = await api(BUYER, A.refundSubmit, { id: order.id, reason: "航班延误或取消" });
    expect(r.ret, r.msg).toBe(0);
    await after(3_000);
    await after(3_000);
    expect((await db().selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe(6);
    const rows = await entriesOf(order.id);
    expect(rows.map((x) => [x.event, x.amountFen])).toEqual([["earn", earned], ["reverse", -earned]]);
    expect(await account(REFERRER, "recommend")).toBe(before - earned);
    // The refund move replayed: nothing more is taken.
    await db().transaction().execute((trx) => rewardsOnMove(trx, order.id, { from: 4, to: 6 }));
    expect(await entriesOf(order.id)).toHaveLength(2);
    const s = (await api(REFERRER, R.summary)).data;
    expect(s.totalEarned).toBe(s.balance);
  });

  it("after the reward was moved to the wallet, a refund takes back only what is left", async () => {
    const order = await ticketedOrder(BUYER);
    const earned = rateOf(order.ticketFen, RECOMMEND_RATE_BP);
    const balance = await account(REFERRER, "recommend");
    // Everything but 1 fen moved out.
    const out = await api(REFERRER, R.transfer, { amount: ((balance - 1) / 100).toFixed(2) });
    expect(out.ret, out.msg).toBe(0);
    await api(BUYER, A.refundSubmit, { id: order.id, reason: "航班延误或取消" });
    await after(3_000);
    await after(3_000);
    const rows = await entriesOf(order.id);
    expect(rows.map((x) => [x.event, x.amountFen])).toEqual([["earn", earned], ["reverse", -1]]);
    expect(rows[1].note).toContain("已转出，无法冲回");
    expect(await account(REFERRER, "recommend")).toBe(0);
  });
});

describe("transfer to the wallet", () => {
  it("moves the rewards balance into the wallet with a ledger row listed on RecomBill and the transaction bill", async () => {
    await ticketedOrder(BUYER);
    const balance = await account(REFERRER, "recommend");
    expect(balance).toBeGreaterThan(1);
    const wallet = await walletFen(REFERRER);
    const amount = balance - 1;
    const r = await api(REFERRER, R.transfer, { amount: (amount / 100).toFixed(2) });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ amount, balance: 1, walletBalance: wallet + amount });
    expect(await account(REFERRER, "recommend")).toBe(1);
    expect(await walletFen(REFERRER)).toBe(wallet + amount);
    const ledger = await db().selectFrom("ledger").selectAll().where("outTradeNo", "=", r.data.outTradeNo).execute();
    expect(ledger).toEqual([expect.objectContaining({ memberId: ids[REFERRER], account: "wallet", entry: "recommend", direction: "in", amountFen: amount, balanceAfterFen: wallet + amount, businessType: BUSINESS_TYPE.rewardsOut })]);
    const entry = await db().selectFrom("reward_entries").selectAll().where("outTradeNo", "=", r.data.outTradeNo).execute();
    expect(entry).toEqual([expect.objectContaining({ event: "transfer", kind: "recommend", amountFen: -amount, balanceAfterFen: 1 })]);

    const range = { pageNum: 1, pageSize: 50, startDate: "2026-01-01", endDate: "2026-12-31" };
    const recom = await api(REFERRER, billListPath("recomBill"), range);
    expect(recom.ret, recom.msg).toBe(0);
    expect(recom.data.list.map((x: { outTradeNo: string }) => x.outTradeNo)).toContain(r.data.outTradeNo);
    const trans = await api(REFERRER, billListPath("transactionBill"), range);
    expect(trans.data.list.map((x: { outTradeNo: string }) => x.outTradeNo)).toContain(r.data.outTradeNo);
    const s = (await api(REFERRER, R.summary)).data;
    expect(s.transferred).toBeGreaterThanOrEqual(amount);
    expect(s.balance).toBe(1);
  });

  it("an agent's transfer takes recommendation income first, then share income, one ledger row of each", async () => {
    await ticketedOrder(AGENT_BUYER);
    const rec = await account(AGENT, "recommend");
    const share = await account(AGENT, "share");
    expect(share).toBeGreaterThan(0);
    const r = await api(AGENT, R.transfer, { amount: ((rec + share) / 100).toFixed(2) });
    expect(r.ret, r.msg).toBe(0);
    const ledger = await db().selectFrom("ledger").select(["entry", "amountFen"]).where("outTradeNo", "=", r.data.outTradeNo).orderBy("id").execute();
    expect(ledger).toEqual([{ entry: "recommend", amountFen: rec }, { entry: "share", amountFen: share }]);
    const shareBill = await api(AGENT, billListPath("shareBill"), { pageNum: 1, pageSize: 50, startDate: "2026-01-01", endDate: "2026-12-31" });
    expect(shareBill.data.list.map((x: { outTradeNo: string }) => x.outTradeNo)).toContain(r.data.outTradeNo);
    expect((await api(AGENT, R.summary)).data.balance).toBe(0);
  });

  it("refuses more than the balance, a bad amount, and writes nothing", async () => {
    const balance = await account(REFERRER, "recommend") + await account(REFERRER, "share");
    const before = { ledger: await count(db(), "ledger"), entries: await count(db(), "reward_entries"), wallet: await walletFen(REFERRER) };
    const over = await api(REFERRER, R.transfer, { amount: ((balance + 1) / 100).toFixed(2) });
    expect(over.ret).toBe(409);
    expect(over.msg).toBe("奖励余额不足");
    for (const amount of ["0", "-1", "1.234", "abc", ""]) {
      const bad = await api(REFERRER, R.transfer, { amount });
      expect(bad.ret, amount).toBe(400);
      expect(bad.data.errors.amount, amount).toBeTruthy();
    }
    expect({ ledger: await count(db(), "ledger"), entries: await count(db(), "reward_entries"), wallet: await walletFen(REFERRER) }).toEqual(before);
    expect(await account(REFERRER, "recommend") + await account(REFERRER, "share")).toBe(balance);
  });

  it("two transfers of the whole balance at once: one lands", async () => {
    await ticketedOrder(BUYER);
    const balance = await account(REFERRER, "recommend");
    const wallet = await walletFen(REFERRER);
    const amount = (balance / 100).toFixed(2);
    const replies = await Promise.all([api(REFERRER, R.transfer, { amount }), api(REFERRER, R.transfer, { amount })]);
    expect(replies.map((x) => x.ret).sort()).toEqual([0, 409]);
    expect(await account(REFERRER, "recommend")).toBe(0);
    expect(await walletFen(REFERRER)).toBe(wallet + balance);
  });
});

describe("access", () => {
  it("a company (70) is refused every rewards call; the detail filters are checked", async () => {
    for (const url of [R.summary, R.detail, R.transfer]) expect((await api(COMPANY, url, url === R.transfer ? { amount: "1" } : {})).ret, url).toBe(403);
    expect((await api(null, R.summary)).ret).toBe(401);
    const bad = await api(REFERRER, R.detail, { kind: "bonus" });
    expect(bad.ret).toBe(400);
    const range = await api(REFERRER, R.detail, { createDateStart: "2026-12-02", createDateEnd: "2026-12-01" });
    expect(range.ret).toBe(400);
    const kind = await api(REFERRER, R.detail, { kind: "recommend", event: "transfer" });
    expect(kind.ret, kind.msg).toBe(0);
    expect(kind.data.list.every((x: { kind: string; event: string }) => x.kind === "recommend" && x.event === "transfer")).toBe(true);
  });

  it("each member reads only its own rewards", async () => {
    const other = await api("13800000020", R.detail, {});
    expect(other.ret).toBe(0);
    expect(other.data.total).toBe(0);
  });
});

describe("earning, whichever way the order was booked", () => {
  it("an agent's quick order for the member it recommended credits the agent its recommendation and share income", async () => {
    await setBalanceLedgered(db(), ids[AGENT], "100000.00");
    const before = { recommend: await account(AGENT, "recommend"), share: await account(AGENT, "share") };
    const order = await ticketedOrder(AGENT, { forMemberId: ids[AGENT_BUYER] });
    expect(order).toMatchObject({ memberId: ids[AGENT], travellerMemberId: ids[AGENT_BUYER] });
    const recommend = rateOf(order.ticketFen, RECOMMEND_RATE_BP);
    const share = rateOf(order.serviceFeeFen, SHARE_RATE_BP);
    const entries = await entriesOf(order.id);
    expect(entries.map((e) => [e.memberId, e.kind, e.event, e.amountFen, e.sourceMemberId])).toEqual([
      [ids[AGENT], "recommend", "earn", recommend, ids[AGENT_BUYER]],
      ...(share > 0 ? [[ids[AGENT], "share", "earn", share, ids[AGENT_BUYER]]] : []),
    ]);
    expect(await account(AGENT, "recommend")).toBe(before.recommend + recommend);
    expect(await account(AGENT, "share")).toBe(before.share + share);
  });

  it("a colleague's replace-booking for a recommended employee credits the employee's referrer", async () => {
    const [booker, traveller] = ["13800000071", "13800000072"];
    const people = await db().selectFrom("members").select(["id", "mobilePhone", "creditEmployeeId"]).where("mobilePhone", "in", [booker, traveller]).execute();
    const of = (m: string) => people.find((p) => p.mobilePhone === m)!;
    await db().updateTable("members").set({ referrerId: ids[REFERRER] }).where("id", "=", of(traveller).id).execute();
    const company = await db().selectFrom("employees").select("companyId").where("id", "=", of(booker).creditEmployeeId).executeTakeFirstOrThrow();
    const at = new Date(NOW).toISOString();
    await db().insertInto("replace_bookers").values({
      companyId: company.companyId, bookerEmployeeId: of(booker).creditEmployeeId, scope: "employees", departmentIds: "[]",
      employeeIds: JSON.stringify([of(traveller).creditEmployeeId]), createTime: at, updateTime: at,
    }).execute();
    tokens[booker] = await login(h.app, booker);
    ids[booker] = of(booker).id;
    await setBalanceLedgered(db(), of(booker).id, "100000.00");
    const before = await account(REFERRER, "recommend");
    const order = await ticketedOrder(booker, { forEmployeeId: of(traveller).creditEmployeeId, travelType: "business", overReason: "会议或客户要求" });
    expect(order).toMatchObject({ memberId: of(booker).id, travellerMemberId: of(traveller).id });
    const recommend = rateOf(order.ticketFen, RECOMMEND_RATE_BP);
    expect((await entriesOf(order.id)).map((e) => [e.memberId, e.kind, e.amountFen, e.sourceMemberId])).toEqual([[ids[REFERRER], "recommend", recommend, of(traveller).id]]);
    expect(await account(REFERRER, "recommend")).toBe(before + recommend);
  });
});
