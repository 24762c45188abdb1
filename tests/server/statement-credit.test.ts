// Every fen a company owes is on exactly one statement line (SQLite, or PostgreSQL with
// DATABASE_URL): a 超标自付 order paid ¥x by Alipay with the rest on company credit and a plain
// credit order both land on the month's statement, each line naming its order and payment;
// confirming and settling it brings the credit used back to zero; a refund of a billed order is
// a negative line on the next statement, whose settlement again leaves nothing used; the company
// disputes a refund line exactly like a charge, and an accepted dispute reverses it next time; an
// operator's statement on request bills up to the moment it is made, so credit paid later that day
// is the next statement's and the audit does not count it as left off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { clearCreditLine, expectBooksBalanced, setBalance } from "./money-audit";
import { closedPeriodsBilled } from "../../server/audit/money";
import { chinaDate } from "../../src/domain/travel/dates";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import { DEMO_OPERATOR_KEY } from "../../server/routes/settlement";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { SETTLEMENT_PATHS as S } from "../../src/domain/settlement";
import { DEFAULT_PREFERENCES } from "../../src/domain/policy";
import { billListPath } from "../../src/domain/bills";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";
import { fenToYuan } from "../../src/domain/money";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const STAFF = "13800000072";
const ADMIN = "13800000070";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "杨帆", certType: 1, certNo: "11010519491231002X" };
const EXCESS = 52_000; // the traveller's own part of the split order: ¥520
let clock = NOW;
let companyId = 0;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [STAFF, ADMIN]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  companyId = (await h.db.db.selectFrom("companies").select("id").executeTakeFirstOrThrow()).id;
  await clearCreditLine(h.db.db, ids[ADMIN]);
  await h.db.db.updateTable("wallets").set({ creditLimitFen: 10_000_000 }).where("memberId", "=", ids[ADMIN]).execute();
  await setBalance(h.db.db, ids[STAFF], "5000.00");
});
afterAll(async () => {
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
beforeEach(() => setClock(() => clock));

const db = () => h.db.db;
async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}
async function operator(url: string, body: Record<string, string | number>) {
  const res = await h.app.inject({
    method: "POST", url: `/api${url}`,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-operator-key": DEMO_OPERATOR_KEY },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return res.json() as { ret: number; msg: string; data: any };
}
const creditUsed = async () => fenToYuan((await db().selectFrom("wallets").select("creditUsedFen").where("memberId", "=", ids[ADMIN]).executeTakeFirstOrThrow()).creditUsedFen);

async function economy(n: number): Promise<FlightSeat> {
  const list: FlightItem[] = (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list;
  return list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 2).sort((a, b) => b.salePrice - a.salePrice)[0];
}

/** The staff's level caps economy so that `seat` is EXCESS over the limit plus the allowance; 超标自付 on or off. */
async function capBelow(seat: FlightSeat, overSelfPay: 0 | 1) {
  const member = await db().selectFrom("members").select("creditEmployeeId").where("id", "=", ids[STAFF]).executeTakeFirstOrThrow();
  const level = await db().selectFrom("employees").select("tripLevelId").where("id", "=", member.creditEmployeeId).executeTakeFirstOrThrow();
  const std = await db().selectFrom("travel_standards").select("rules").where("tripLevelId", "=", level.tripLevelId!).executeTakeFirstOrThrow();
  const rules = JSON.parse(std.rules);
  rules.flight = { cabins: ["Y"], maxDiscount: null, maxPriceFen: seat.salePrice - EXCESS - 20_000, lowestFareHours: null };
  await db().updateTable("travel_standards").set({ rules: JSON.stringify(rules) }).where("tripLevelId", "=", level.tripLevelId!).execute();
  await db().updateTable("trip_levels").set({ overproof: 1, overApprove: 0, feeFlag: 0 }).where("id", "=", level.tripLevelId!).execute();
  const prefs: Record<string, string | number> = { "hotelConfig.multiPay": 1, requireApplication: 0, overSelfPay, "autoDecisions.approveWithinStandardMaxFen": "", "autoDecisions.rejectExpiredFare": 1 };
  DEFAULT_PREFERENCES.overReasons.forEach((r, i) => (prefs[`overReasons.${i}`] = r));
  const saved = await api(ADMIN, "/api/v1/trip_manager/preference_save", prefs);
  expect(saved.ret, saved.msg).toBe(0);
}

let keys = 0;
async function book(seat: FlightSeat) {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `statement-credit-${++keys}`, contactName: "杨帆", contactMobile: STAFF, travelType: "business", overReason: "会议或客户要求" };
  for (const [k, v] of Object.entries(ADULT)) body[`passengers.0.${k}`] = v;
  const r = await api(STAFF, P.book, body);
  expect(r.ret, r.msg).toBe(0);
  return r.data as { id: number; orderNo: string; payprice: number };
}

async function trade(orderId: number, method: string): Promise<string> {
  const t = await api(STAFF, PAY.create, { orderId, method });
  expect(t.ret, t.msg).toBe(0);
  return t.data.outTradeNo;
}

/** An economy seat a number of days ahead, booked over the standard with 超标自付 off, and paid wholly on the company's credit. */
async function payOnCredit(daysAhead: number) {
  const seat = await economy(daysAhead);
  await capBelow(seat, 0);
  const order = await book(seat);
  const t = await trade(order.id, "credit");
  const r = await api(STAFF, PAY.credit, { outTradeNo: t, requestVerify: requestVerify(ids[STAFF], t), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(r.ret, r.msg).toBe(0);
  return order;
}

const lineRows = (statementId: number) =>
  db().selectFrom("settlement_lines").select(["kind", "orderId", "paymentId", "ledgerId", "amountFen"]).where("statementId", "=", statementId).orderBy("id").execute();
const paymentId = async (outTradeNo: string) => (await db().selectFrom("payments").select("id").where("outTradeNo", "=", outTradeNo).executeTakeFirstOrThrow()).id;

async function sendConfirmSettle(statementId: number) {
  expect((await operator(S.operatorSend, { id: statementId })).ret).toBe(0);
  const c = await api(ADMIN, S.confirm, { id: statementId });
  expect(c.ret, c.msg).toBe(0);
  const s = await operator(S.operatorSettle, { id: statementId });
  expect(s.ret, s.msg).toBe(0);
}

/** Confirmed by the company and settled by the operator, once sent. */
async function sendConfirmSettleSent(statementId: number) {
  const c = await api(ADMIN, S.confirm, { id: statementId });
  expect(c.ret, c.msg).toBe(0);
  const s = await operator(S.operatorSettle, { id: statementId });
  expect(s.ret, s.msg).toBe(0);
}

describe("a company's credit on its statements", () => {
  let split: { id: number; orderNo: string; payprice: number };
  let plain: { id: number; orderNo: string; payprice: number };
  let splitTrade = "";
  let refundStatement = 0;
  let refundLine = 0;
  let refundFen = 0;
  let plainTrade = "";

  it("bills the company part of a self-pay order paid by Alipay and a credit order, each once, and settling leaves nothing used", async () => {
    const seat = await economy(8);
    await capBelow(seat, 1);
    split = await book(seat);
    splitTrade = await trade(split.id, "alipay");
    const n = { outTradeNo: splitTrade, tradeNo: "SBX-STMT-1", totalFen: EXCESS, method: "alipay" as const };
    const paid = await api(null, PAY.sandboxNotify, { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) });
    expect(paid.ret, paid.msg).toBe(0);
    expect(paid.data.status).toBe("paid");

    const seat2 = await economy(9);
    await capBelow(seat2, 0);
    plain = await book(seat2);
    plainTrade = await trade(plain.id, "credit");
    const r = await api(STAFF, PAY.credit, { outTradeNo: plainTrade, requestVerify: requestVerify(ids[STAFF], plainTrade), businessType: BUSINESS_TYPE.dometicketOrderPay });
    expect(r.ret, r.msg).toBe(0);
    const companyPart = split.payprice - EXCESS;
    expect(await creditUsed()).toBe(((companyPart + plain.payprice) / 100).toFixed(2));

    const g = await operator(S.operatorGenerate, { companyId });
    expect(g.ret, g.msg).toBe(0);
    expect(g.data).toMatchObject({ lineCount: 2, amountFen: companyPart + plain.payprice, totalFen: companyPart + plain.payprice });
    expect(g.data.lines.map((l: { orderNo: string; amountFen: number }) => [l.orderNo, l.amountFen])).toEqual([[split.orderNo, companyPart], [plain.orderNo, plain.payprice]]);
    expect(await lineRows(g.data.id)).toEqual([
      { kind: "order", orderId: split.id, paymentId: await paymentId(splitTrade), ledgerId: expect.any(Number), amountFen: companyPart },
      { kind: "order", orderId: plain.id, paymentId: await paymentId(plainTrade), ledgerId: expect.any(Number), amountFen: plain.payprice },
    ]);
    // Nothing is billed twice: the next day has nothing new.
    clock += 86_400_000;
    expect((await operator(S.operatorGenerate, { companyId })).ret).toBe(409);

    await sendConfirmSettle(g.data.id);
    expect(await creditUsed()).toBe("0.00");
  });

  it("lists the company's credit payments, the company part of a split one too, on its administrator's transaction bill", async () => {
    const r = await api(ADMIN, billListPath("transactionBill"), { pageSize: 100 });
    expect(r.ret, r.msg).toBe(0);
    const credit = r.data.list.filter((x: { accountName: string; orderNo: string }) => x.accountName === "企业授信" && x.orderNo);
    expect(credit.map((x: { orderNo: string; outFen: number }) => [x.orderNo, x.outFen]).sort()).toEqual([[plain.orderNo, plain.payprice], [split.orderNo, split.payprice - EXCESS]].sort());
    // The traveller's own Alipay part is the traveller's movement, not the company's.
    expect(r.data.list.some((x: { accountName: string }) => x.accountName === "支付宝")).toBe(false);
  });

  it("bills a refund of a settled order as a negative line, tagged refund, on the next statement", async () => {
    // Ticketed, then refunded: the refund goes back to the company's line at once.
    for (let i = 0; i < 3; i++) {
      clock += 6_000;
      await h.app.jobs.runDueJobs();
    }
    expect((await db().selectFrom("orders").select("status").where("id", "=", plain.id).executeTakeFirstOrThrow()).status).toBe(2);
    const tip = (await api(STAFF, A.refundTip, { id: plain.id })).data;
    expect((await api(STAFF, A.refundSubmit, { id: plain.id, reason: "自愿退票" })).ret).toBe(0);
    for (let i = 0; i < 4; i++) {
      clock += 3_600_000;
      await h.app.jobs.runDueJobs();
    }
    expect((await db().selectFrom("orders").select("status").where("id", "=", plain.id).executeTakeFirstOrThrow()).status).toBe(6);
    // The company paid the whole ticket and is owed the refund back.
    expect(await creditUsed()).toBe((-tip.refund / 100).toFixed(2));

    clock += 86_400_000;
    const g = await operator(S.operatorGenerate, { companyId });
    expect(g.ret, g.msg).toBe(0);
    expect(g.data).toMatchObject({ lineCount: 1, amountFen: -tip.refund, totalFen: -tip.refund });
    expect(await lineRows(g.data.id)).toEqual([{ kind: "refund", orderId: plain.id, paymentId: await paymentId(plainTrade), ledgerId: expect.any(Number), amountFen: -tip.refund }]);
    refundStatement = g.data.id;
    refundLine = g.data.lines[0].id;
    refundFen = tip.refund;
    expect((await operator(S.operatorSend, { id: g.data.id })).ret).toBe(0);
  });

  it("lets the company dispute a refund line like any other: open, answered, adjusted on the next statement", async () => {
    const used = await creditUsed();
    const detail = await api(ADMIN, S.statement, { id: refundStatement });
    expect(detail.data.lines).toEqual([expect.objectContaining({ id: refundLine, kind: "refund", amountFen: -refundFen, disputeStatus: "none" })]);
    expect(detail.data.actions).toContain("dispute");

    const d = await api(ADMIN, S.dispute, { lineId: refundLine, reason: "退票费按规则应为 5%" });
    expect(d.ret, d.msg).toBe(0);
    expect(d.data).toMatchObject({ status: "disputed", openDisputes: 1, actions: ["dispute"] });
    expect(d.data.lines[0]).toMatchObject({ kind: "refund", disputeStatus: "open", disputeReason: "退票费按规则应为 5%" });
    expect(d.data.events.at(-1)).toMatchObject({ action: "dispute", lineId: refundLine, note: "退票费按规则应为 5%" });
    // Once only, and not confirmed while it waits for the operator's answer.
    expect(await api(ADMIN, S.dispute, { lineId: refundLine, reason: "再次异议" })).toMatchObject({ ret: 409, msg: "该明细已提出过异议" });
    expect((await api(ADMIN, S.confirm, { id: refundStatement })).ret).toBe(409);

    const a = await operator(S.operatorAnswer, { lineId: refundLine, decision: "accept", reason: "核实后冲回该笔退款，另行退还" });
    expect(a.ret, a.msg).toBe(0);
    expect(a.data.lines[0]).toMatchObject({ disputeStatus: "accepted", answerNote: "核实后冲回该笔退款，另行退还" });
    // The dispute moved no money on the credit line; settling the statement leaves nothing used.
    expect(await creditUsed()).toBe(used);
    await sendConfirmSettleSent(refundStatement);
    expect(await creditUsed()).toBe("0.00");

    // The next statement reverses the refund line, and the adjustment is not disputed again.
    clock += 86_400_000;
    const g = await operator(S.operatorGenerate, { companyId });
    expect(g.ret, g.msg).toBe(0);
    expect(g.data).toMatchObject({ lineCount: 1, amountFen: 0, adjustmentFen: refundFen, totalFen: refundFen });
    expect(g.data.lines).toEqual([expect.objectContaining({ kind: "adjustment", amountFen: refundFen })]);
    expect((await operator(S.operatorSend, { id: g.data.id })).ret).toBe(0);
    expect(await api(ADMIN, S.dispute, { lineId: g.data.lines[0].id, reason: "调整也有异议" })).toMatchObject({ ret: 409, msg: "调整明细不能再提出异议" });
    await sendConfirmSettleSent(g.data.id);
    expect(await creditUsed()).toBe("0.00");
  });

  it("bills up to the moment of an operator's statement on request: credit paid later that day waits, unflagged, for the next statement", async () => {
    // 10:00 in China the next day: a credit order, and the operator's statement at 10:05.
    clock = Date.parse(`${chinaDate(clock + 86_400_000)}T10:00:00+08:00`);
    const morning = await payOnCredit(12);
    clock += 5 * 60_000;
    const g = await operator(S.operatorGenerate, { companyId });
    expect(g.ret, g.msg).toBe(0);
    expect(g.data.lines.map((l: { orderNo: string }) => l.orderNo)).toEqual([morning.orderNo]);
    const stored = await db().selectFrom("settlement_statements").select(["periodEnd", "cutoffTime"]).where("id", "=", g.data.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ periodEnd: chinaDate(clock), cutoffTime: new Date(clock + 1).toISOString() });

    // 11:00 the same day: paid after the statement was made, on no statement yet, and no fault.
    clock += 55 * 60_000;
    const later = await payOnCredit(13);
    expect((await closedPeriodsBilled(db())).rows).toEqual([]);
    await expectBooksBalanced(db());

    await sendConfirmSettle(g.data.id);
    expect(await creditUsed()).toBe((later.payprice / 100).toFixed(2));
    // The next day's statement bills it; settling it leaves nothing used.
    clock += 86_400_000;
    const next = await operator(S.operatorGenerate, { companyId });
    expect(next.ret, next.msg).toBe(0);
    expect(next.data.lines.map((l: { orderNo: string; amountFen: number }) => [l.orderNo, l.amountFen])).toEqual([[later.orderNo, later.payprice]]);
    await sendConfirmSettle(next.data.id);
    expect(await creditUsed()).toBe("0.00");
  });

  it("an operator asking again the same day bills what was paid since on a second statement of the day; asked once more, that one answers", async () => {
    clock = Date.parse(`${chinaDate(clock + 3 * 86_400_000)}T09:00:00+08:00`);
    const first = await payOnCredit(14);
    clock += 60_000;
    const a = await operator(S.operatorGenerate, { companyId });
    expect(a.ret, a.msg).toBe(0);
    expect(a.data.lines.map((l: { orderNo: string }) => l.orderNo)).toEqual([first.orderNo]);

    clock += 60 * 60_000;
    const second = await payOnCredit(15);
    clock += 60_000;
    const b = await operator(S.operatorGenerate, { companyId });
    expect(b.ret, b.msg).toBe(0);
    expect(b.data.id).not.toBe(a.data.id);
    expect(b.data.lines.map((l: { orderNo: string; amountFen: number }) => [l.orderNo, l.amountFen])).toEqual([[second.orderNo, second.payprice]]);
    const rows = await db().selectFrom("settlement_statements").select(["id", "statementNo", "periodStart", "periodEnd"]).where("id", "in", [a.data.id, b.data.id]).orderBy("id").execute();
    expect(rows[1].statementNo).toBe(`${rows[0].statementNo}-2`);
    expect(rows[1]).toMatchObject({ periodStart: chinaDate(clock), periodEnd: chinaDate(clock) });

    // Nothing new: the day's last statement answers, no third one is made.
    const c = await operator(S.operatorGenerate, { companyId });
    expect(c.ret, c.msg).toBe(0);
    expect(c.data.id).toBe(b.data.id);
    expect((await closedPeriodsBilled(db())).rows).toEqual([]);
    await expectBooksBalanced(db());
    await sendConfirmSettle(a.data.id);
    await sendConfirmSettle(b.data.id);
    expect(await creditUsed()).toBe("0.00");
  });
});
