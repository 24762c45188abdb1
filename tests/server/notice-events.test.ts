// The remaining events end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL):
// a refund accepted by the airline (how much is expected) and paid back (how much, and to the
// wallet or the company's credit line), a statement sent to the company's finance users, a
// disputed line answered, and a changed pay password. Each is written by the move itself, in its
// transaction, once per member to tell; a refused move writes none; the message centre shows it
// in the reader's language.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, freshClient, givePayPassword, lastCode, login, PAY_PASSWORD_MD5, wrongCode } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { SETTLEMENT_PATHS as S } from "../../src/domain/settlement";
import { DEMO_OPERATOR_KEY } from "../../server/routes/settlement";
import { NOTICE_PATHS, renderNotice, type NoticeKind } from "../../src/domain/notifications";
import { formatFen } from "../../src/domain/money";
import type { FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
const db = () => h.db.db;
const ME = "13800000010";
const ADMIN = "13800000070";
const CONFIRMER = "13800000071";
const EMPLOYEE = "13800000072";
const NO_PAY_PASSWORD = "13800000030";
const WHO = [ME, ADMIN, CONFIRMER, EMPLOYEE, NO_PAY_PASSWORD];
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X" };
let clock = NOW;
let companyId = 0;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of WHO) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await db().selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  companyId = (await db().selectFrom("companies").select("id").executeTakeFirstOrThrow()).id;
  await givePayPassword(db(), [ids[ME]]);
  await setBalance(db(), ids[ME], "100000.00");
});
afterAll(async () => {
  await expectBooksBalanced(db());
  await stopTravel(h);
});
beforeEach(() => {
  clock = NOW;
  setClock(() => clock);
});

const api = async (who: string | null, url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;

async function operator(url: string, body: Record<string, string | number>) {
  const res = await h.app.inject({
    method: "POST", url: `/api${url}`,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-operator-key": DEMO_OPERATOR_KEY },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return res.json() as { ret: number; msg: string; data: any };
}

/** Moves the clock on and runs what falls due (the airline's jobs). */
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

/** The notifications of a kind, newest last: to whom, with what. */
async function told(kind: NoticeKind) {
  const rows = await db().selectFrom("notifications").select(["id", "memberId", "params", "subjectType", "subjectId"]).where("kind", "=", kind).orderBy("id").execute();
  return rows.map((r) => ({ ...r, params: JSON.parse(r.params) as Record<string, unknown> }));
}

let keys = 0;
async function economySeat(n: number): Promise<FlightSeat> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
  return list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft >= 2)!;
}

/** Books a Beijing–Shanghai flight, pays it from the wallet or the company's credit line and waits for its ticket. */
async function ticketed(who: string, n: number, method: "wallet" | "credit") {
  const seat = await economySeat(n);
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `notice-events-${++keys}-${Date.now()}`, contactName: "张三", contactMobile: ME };
  for (const [k, v] of Object.entries(ADULT)) body[`passengers.0.${k}`] = v;
  const r = await api(who, P.book, body);
  expect(r.ret, r.msg).toBe(0);
  const trade = await api(who, PAY.create, { orderId: r.data.id, method });
  expect(trade.ret, trade.msg).toBe(0);
  const outTradeNo = trade.data.outTradeNo as string;
  const businessType = BUSINESS_TYPE.dometicketOrderPay;
  const paid = await api(who, method === "wallet" ? PAY.wallet : PAY.credit, {
    ...(method === "wallet" ? { payPassword: PAY_PASSWORD_MD5 } : {}), outTradeNo, requestVerify: requestVerify(ids[who], outTradeNo), businessType,
  });
  expect(paid.ret, paid.msg).toBe(0);
  await after(0);
  await after(6_000);
  expect((await api(who, P.detail, { id: r.data.id })).data.status).toBe(2);
  return { id: r.data.id as number, orderNo: r.data.orderNo as string };
}

describe("a refund", () => {
  it("tells the booker when the airline accepts it (the amount expected) and when the money is back in the wallet", async () => {
    const order = await ticketed(ME, 14, "wallet");
    const tip = (await api(ME, A.refundTip, { id: order.id })).data;
    expect(tip.refund).toBeGreaterThan(0);
    const submitted = await api(ME, A.refundSubmit, { id: order.id, reason: "航班延误或取消" });
    expect(submitted.ret, submitted.msg).toBe(0);
    // Asking is not accepting: nothing yet.
    expect((await told("refundAccepted")).filter((n) => n.subjectId === order.id)).toEqual([]);

    await after(3_000);
    const accepted = (await told("refundAccepted")).filter((n) => n.subjectId === order.id);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ memberId: ids[ME], subjectType: "order", params: { orderNo: order.orderNo, product: "air", amountFen: tip.refund } });
    expect(renderNotice("refundAccepted", accepted[0].params).body).toContain(`¥${formatFen(tip.refund)}`);

    await after(3_000);
    const paid = (await told("refundPaid")).filter((n) => n.subjectId === order.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ memberId: ids[ME], params: { orderNo: order.orderNo, amountFen: tip.refund, to: "wallet" } });
    expect(renderNotice("refundPaid", paid[0].params).body).toBe(`订单 ${order.orderNo} 的退款 ¥${formatFen(tip.refund)} 已退回账户余额。`);
    expect(renderNotice("refundPaid", paid[0].params, "en").body).toContain("wallet");
    // Jobs that run again tell nobody twice.
    await after(60_000);
    expect((await told("refundAccepted")).filter((n) => n.subjectId === order.id)).toHaveLength(1);
    expect((await told("refundPaid")).filter((n) => n.subjectId === order.id)).toHaveLength(1);

    // Once dispatched, the message centre lists both, newest first.
    await h.app.notices.runDue();
    const list = await api(ME, NOTICE_PATHS.list, { pageNum: 1, pageSize: 5 });
    expect(list.ret, list.msg).toBe(0);
    expect(list.data.list.slice(0, 2).map((r: { kind: string }) => r.kind)).toEqual(["refundPaid", "refundAccepted"]);
  });

  it("says an order paid on the company's credit went back to the credit line", async () => {
    const order = await ticketed(ADMIN, 15, "credit");
    const tip = (await api(ADMIN, A.refundTip, { id: order.id })).data;
    expect((await api(ADMIN, A.refundSubmit, { id: order.id, reason: "航班延误或取消" })).ret).toBe(0);
    await after(3_000);
    await after(3_000);
    const paid = (await told("refundPaid")).filter((n) => n.subjectId === order.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ memberId: ids[ADMIN], params: { amountFen: tip.refund, to: "credit" } });
    expect(renderNotice("refundPaid", paid[0].params).body).toContain("企业授信额度");
  });

  it("a refund refused (not the booker's order) writes nothing", async () => {
    const order = await ticketed(ME, 16, "wallet");
    const before = await db().selectFrom("notifications").select("id").execute();
    expect((await api(EMPLOYEE, A.refundSubmit, { id: order.id, reason: "航班延误或取消" })).ret).not.toBe(0);
    await after(6_000);
    expect(await db().selectFrom("notifications").select("id").execute()).toEqual(before);
  });
});

describe("a statement", () => {
  it("tells the administrator and the named confirmer it was sent, once; a dispute's answer tells them the decision and the note", async () => {
    const saved = await api(ADMIN, S.saveSettings, { settlementDay: 5, "confirmerIds.0": ids[CONFIRMER] });
    expect(saved.ret, saved.msg).toBe(0);
    await ticketed(ADMIN, 17, "credit");
    const generated = await operator(S.operatorGenerate, { companyId });
    expect(generated.ret, generated.msg).toBe(0);
    const statement = generated.data;
    // Generated is not sent: the company is told nothing yet.
    expect((await told("statementReady")).filter((n) => n.subjectId === statement.id)).toEqual([]);

    expect((await operator(S.operatorSend, { id: statement.id })).ret).toBe(0);
    const ready = (await told("statementReady")).filter((n) => n.subjectId === statement.id);
    expect(ready.map((n) => n.memberId).sort((a, b) => a - b)).toEqual([ids[ADMIN], ids[CONFIRMER]].sort((a, b) => a - b));
    for (const n of ready) {
      expect(n).toMatchObject({ subjectType: "statement", params: { periodStart: statement.periodStart, periodEnd: statement.periodEnd, amountFen: statement.totalFen } });
    }
    expect(renderNotice("statementReady", ready[0].params).body).toContain(`¥${formatFen(statement.totalFen)}`);
    // Sending again is refused and tells nobody again.
    expect((await operator(S.operatorSend, { id: statement.id })).ret).toBe(409);
    expect((await told("statementReady")).filter((n) => n.subjectId === statement.id)).toHaveLength(2);
    // An employee who is not a finance user hears nothing of it.
    expect(ready.map((n) => n.memberId)).not.toContain(ids[EMPLOYEE]);

    const detail = await api(ADMIN, S.statement, { id: statement.id });
    const line = detail.data.lines.find((l: { kind: string }) => l.kind === "order");
    expect((await api(ADMIN, S.dispute, { lineId: line.id, reason: "该行程已取消，不应计费" })).ret).toBe(0);
    expect((await told("disputeAnswered")).filter((n) => n.subjectId === statement.id)).toEqual([]);
    const bad = await operator(S.operatorAnswer, { lineId: line.id, decision: "maybe" });
    expect(bad.ret).toBe(400);
    expect((await told("disputeAnswered")).filter((n) => n.subjectId === statement.id)).toEqual([]);

    const answered = await operator(S.operatorAnswer, { lineId: line.id, decision: "reject", reason: "行程已出票，费用照收" });
    expect(answered.ret, answered.msg).toBe(0);
    const told2 = (await told("disputeAnswered")).filter((n) => n.subjectId === statement.id);
    expect(told2.map((n) => n.memberId).sort((a, b) => a - b)).toEqual([ids[ADMIN], ids[CONFIRMER]].sort((a, b) => a - b));
    expect(told2[0].params).toEqual({ periodStart: statement.periodStart, periodEnd: statement.periodEnd, decision: "reject", note: "行程已出票，费用照收" });
    expect(renderNotice("disputeAnswered", told2[0].params).body).toContain("未被采纳。行程已出票，费用照收");
    expect(renderNotice("disputeAnswered", told2[0].params, "en").title).not.toBe(renderNotice("disputeAnswered", told2[0].params).title);
  });
});

describe("the pay password", () => {
  const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");
  async function setPayPassword(plain: string) {
    expect((await api(NO_PAY_PASSWORD, "/common/sendCode", { mobilePhone: NO_PAY_PASSWORD, type: "paypwd" })).ret).toBe(0);
    const code = await lastCode(h.app, NO_PAY_PASSWORD);
    return api(NO_PAY_PASSWORD, "/member/updatePayPswd", { payPswd: md5(plain), smsCode: code });
  }

  it("tells the member when it changes (not when first set), with the time, and a refused change tells nothing", async () => {
    const mine = async () => (await told("payPasswordChanged")).filter((n) => n.memberId === ids[NO_PAY_PASSWORD]);
    expect((await setPayPassword("246810")).ret).toBe(0);
    expect(await mine()).toEqual([]);

    // A wrong code changes nothing and tells nothing.
    clock += 120_000;
    setClock(() => clock);
    expect((await api(NO_PAY_PASSWORD, "/common/sendCode", { mobilePhone: NO_PAY_PASSWORD, type: "paypwd" })).ret).toBe(0);
    expect((await api(NO_PAY_PASSWORD, "/member/updatePayPswd", { payPswd: md5("135791"), smsCode: wrongCode(await lastCode(h.app, NO_PAY_PASSWORD)) })).ret).not.toBe(0);
    expect(await mine()).toEqual([]);

    clock += 120_000;
    setClock(() => clock);
    const at = new Date(clock).toISOString();
    expect((await setPayPassword("135791")).ret).toBe(0);
    const changed = await mine();
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ subjectType: null, subjectId: null, params: { at } });
    expect(renderNotice("payPasswordChanged", changed[0].params).body).toContain("如非本人操作");
  });
});
