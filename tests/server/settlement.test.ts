// Monthly settlement on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): the company
// administrator's settings (bad input writes nothing; the credit limit is the operator's to grant,
// never below what is used), credit pay refused past the limit even for
// two payments at once, the scheduled statement job at the settlement day, and a statement's
// whole way: generate → send → dispute → answer → confirm → settle (credit given back), with an
// accepted dispute adjusted in the next statement; who may see and act on what.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { clearCreditLine, expectBooksBalanced } from "./money-audit";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, count, counts, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { SETTLEMENT_PATHS as S } from "../../src/domain/settlement";
import { DEMO_OPERATOR_KEY } from "../../server/routes/settlement";
import type { FlightItem } from "../../src/domain/travel/types";
import { formatFen } from "../../src/domain/money";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const WHO = ["13800000010", "13800000070", "13800000071", "13800000072", "13800000073"];
const ADMIN = "13800000070";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
let companyId = 0;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of WHO) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  companyId = (await h.db.db.selectFrom("companies").select("id").executeTakeFirstOrThrow()).id;
  // Start from an unused line, so every figure below is this file's own.
  await clearCreditLine(h.db.db, ids[ADMIN]);
});
afterAll(async () => {
  // Whatever the tests did, every fen is explained: the money audit passes on what they left.
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
beforeEach(() => setClock(() => NOW));

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}

async function operator(url: string, body: Record<string, string | number>, key = DEMO_OPERATOR_KEY) {
  const res = await h.app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-operator-key": key },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return res.json() as { ret: number; msg: string; data: any };
}

let keys = 0;
let dayOffset = 3;
async function book(who: string): Promise<{ id: number; orderNo: string; payprice: number }> {
  const list: FlightItem[] = (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day((dayOffset++ % 40) + 3) })).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const r = await api(who, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `settle-key-${++keys}`, contactName: "杨帆", contactMobile: who,
    "passengers.0.name": "杨帆", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

async function trade(who: string, orderId: number, method = "credit"): Promise<string> {
  const r = await api(who, PAY.create, { orderId, method });
  expect(r.ret, r.msg).toBe(0);
  return r.data.outTradeNo;
}

const creditPay = (who: string, outTradeNo: string) =>
  api(who, PAY.credit, { outTradeNo, requestVerify: requestVerify(ids[who], outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });

const creditWallet = () => h.db.db.selectFrom("wallets").select(["creditLimitFen", "creditUsedFen"]).where("memberId", "=", ids[ADMIN]).executeTakeFirstOrThrow();
const orderStatus = async (id: number) => (await h.db.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const SETTLEMENT_TABLES = ["settlement_settings", "settlement_statements", "settlement_lines", "settlement_events", "jobs"];

describe("settlement settings", () => {
  it("answers the company, its credit line and the employees who may be named to confirm", async () => {
    const r = await api(ADMIN, S.settings);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ companyId, configured: false, settlementDay: null, creditLimitFen: 50_000_000, creditUsedFen: 0, confirmerIds: [] });
    // The demo employees, and the partner's user who is an employee too.
    expect(r.data.candidates.map((c: { memberId: number }) => c.memberId)).toEqual(expect.arrayContaining([ids["13800000071"], ids["13800000072"], ids["13800000073"]]));
    expect(r.data.candidates).toContainEqual({ memberId: ids["13800000072"], name: "杨帆", departmentName: "市场部" });
    expect(r.data.candidates.map((c: { memberId: number }) => c.memberId)).not.toContain(ids["13800000010"]);
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const before = await counts(h.db.db, SETTLEMENT_TABLES);
    const wallet = await creditWallet();
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ settlementDay: 32 }, /结算日须为 1 到 31/],
      [{ settlementDay: 0 }, /结算日须为 1 到 31/],
      [{ settlementDay: "1.5" }, /结算日须为/],
      [{ settlementDay: 5, creditLimitFen: -1 }, /授信额度/],
      [{ settlementDay: 5, creditLimitFen: "100元" }, /授信额度/],
      [{ settlementDay: 5, "confirmerIds.0": ids["13800000010"] }, /确认人须是本企业的员工/],
      [{ settlementDay: 5, extra: "x" }, /.+/],
    ];
    for (const [body, msg] of cases) {
      const r = await api(ADMIN, S.saveSettings, body);
      expect(r.ret, JSON.stringify(body)).toBe(400);
      expect(r.msg).toMatch(msg);
    }
    expect(await counts(h.db.db, SETTLEMENT_TABLES)).toEqual(before);
    expect(await creditWallet()).toEqual(wallet);
  });

  it("saves day 31 in a 30-day month as the month's last day and schedules that statement", async () => {
    // Today is 30 November 2026 in China: settlement day 31 falls on today.
    const jobs = await count(h.db.db, "jobs");
    const r = await api(ADMIN, S.saveSettings, { settlementDay: 31, "confirmerIds.0": ids["13800000071"] });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ configured: true, settlementDay: 31, creditLimitFen: 50_000_000, confirmerIds: [ids["13800000071"]], nextSettlementDate: "2026-11-30" });
    expect((await creditWallet()).creditLimitFen).toBe(50_000_000);
    expect(await count(h.db.db, "jobs")).toBe(jobs + 1);
    const job = await h.db.db.selectFrom("jobs").selectAll().where("kind", "=", "settlement.statement").executeTakeFirstOrThrow();
    expect(job.runAt).toBe("2026-11-30T16:00:00.000Z");
    // Saving again with the same day keeps the schedule: no second job.
    expect((await api(ADMIN, S.saveSettings, { settlementDay: 31, "confirmerIds.0": ids["13800000071"] })).ret).toBe(0);
    expect(await count(h.db.db, "jobs")).toBe(jobs + 1);
  });

  it("never lets the administrator set the credit limit: the operator grants it", async () => {
    const before = await counts(h.db.db, SETTLEMENT_TABLES);
    const wallet = await creditWallet();
    // ¥100,000,000 asked by the company itself: refused, nothing written.
    const raised = await api(ADMIN, S.saveSettings, { settlementDay: 5, creditLimitFen: 10_000_000_000 });
    expect(raised).toMatchObject({ ret: 403, msg: "授信额度由运营方核定，企业管理员不能修改；如需调整，请联系运营方", data: { errors: { creditLimitFen: expect.any(String) } } });
    expect(await creditWallet()).toEqual(wallet);
    expect(await counts(h.db.db, SETTLEMENT_TABLES)).toEqual(before);
    expect((await api(ADMIN, S.settings)).data.settlementDay).toBe(31);
    // A page that still sends the limit it showed saves the rest, the limit as it was.
    const same = await api(ADMIN, S.saveSettings, { settlementDay: 31, creditLimitFen: 50_000_000, "confirmerIds.0": ids["13800000071"] });
    expect(same.ret, same.msg).toBe(0);
    expect(await creditWallet()).toEqual(wallet);

    // The operator's call, with its key only.
    expect((await operator(S.operatorCreditLimit, { companyId, creditLimitFen: 300_000 }, "wrong-key")).ret).toBe(403);
    expect((await call(h.app, S.operatorCreditLimit, { companyId, creditLimitFen: 300_000, token: tokens[ADMIN] })).body.ret).toBe(403);
    expect(await creditWallet()).toEqual(wallet);
    expect(await operator(S.operatorCreditLimit, { companyId: companyId + 1000, creditLimitFen: 300_000 })).toMatchObject({ ret: 404, msg: "未找到该企业" });
    for (const creditLimitFen of [-1, 1.5, 10_000_000_001, "3000元"]) {
      expect((await operator(S.operatorCreditLimit, { companyId, creditLimitFen })).ret, String(creditLimitFen)).toBe(400);
    }
    const granted = await operator(S.operatorCreditLimit, { companyId, creditLimitFen: 300_000 });
    expect(granted.ret, granted.msg).toBe(0);
    expect(granted.data).toMatchObject({ companyId, creditLimitFen: 300_000, creditUsedFen: 0 });
    expect((await creditWallet()).creditLimitFen).toBe(300_000);
    expect((await api(ADMIN, S.settings)).data).toMatchObject({ creditLimitFen: 300_000, creditUsedFen: 0 });
  });

  it("is the administrator's alone", async () => {
    for (const who of ["13800000010", "13800000071", "13800000072"]) {
      expect((await api(who, S.settings)).ret, who).toBe(403);
      expect((await api(who, S.saveSettings, { settlementDay: 5 })).ret, who).toBe(403);
    }
    expect((await api(null, S.settings)).ret).toBe(401);
    // Another company's settings are not found, and saving them writes nothing.
    expect((await api(ADMIN, S.settings, { companyId: companyId + 1000 })).ret).toBe(404);
    const before = await counts(h.db.db, SETTLEMENT_TABLES);
    expect((await api(ADMIN, S.saveSettings, { companyId: companyId + 1000, settlementDay: 5 })).ret).toBe(404);
    expect(await counts(h.db.db, SETTLEMENT_TABLES)).toEqual(before);
  });
});

describe("credit pay", () => {
  it("is offered to company members with creditpay, not to an individual member", async () => {
    const o = await book("13800000072");
    const r = await api("13800000072", PAY.cashier, { orderId: o.id });
    expect(r.data.methods).toContain("credit");
    expect(r.data.creditAvailable).toBe(300_000);
    const mine = await book("13800000010");
    const other = await api("13800000010", PAY.cashier, { orderId: mine.id });
    expect(other.data.methods).not.toContain("credit");
    expect(other.data.creditAvailable).toBeNull();
    expect((await api("13800000010", PAY.create, { orderId: mine.id, method: "credit" })).ret).toBe(403);
  });

  it("of two payments that together pass the limit, exactly one lands; the other writes nothing", async () => {
    const a = await book("13800000072");
    const b = await book("13800000073");
    // Room for one of the two, not both.
    const limit = Math.max(a.payprice, b.payprice) + Math.floor(Math.min(a.payprice, b.payprice) / 2);
    expect((await operator(S.operatorCreditLimit, { companyId, creditLimitFen: limit })).ret).toBe(0);
    const [ta, tb] = [await trade("13800000072", a.id), await trade("13800000073", b.id)];
    const [ra, rb] = await Promise.all([creditPay("13800000072", ta), creditPay("13800000073", tb)]);
    const wins = [ra, rb].filter((r) => r.ret === 0);
    const losses = [ra, rb].filter((r) => r.ret !== 0);
    expect(wins).toHaveLength(1);
    expect(losses[0].ret).toBe(409);
    expect(losses[0].msg).toMatch(/^企业授信额度不足：可用额度 ¥[\d,.]+，本次支付 ¥[\d,.]+/);
    const [won, lost] = ra.ret === 0 ? [a, b] : [b, a];
    const lostTrade = ra.ret === 0 ? tb : ta;
    expect((await creditWallet()).creditUsedFen).toBe(won.payprice);
    expect(await orderStatus(won.id)).toBe(1);
    expect(await orderStatus(lost.id)).toBe(0);
    const lostPayment = await h.db.db.selectFrom("payments").select("status").where("outTradeNo", "=", lostTrade).executeTakeFirstOrThrow();
    expect(lostPayment.status).toBe("created");
    expect(await h.db.db.selectFrom("ledger").select("id").where("outTradeNo", "=", lostTrade).execute()).toHaveLength(0);
    const ledger = await h.db.db.selectFrom("ledger").selectAll().where("account", "=", "credit").execute();
    expect(ledger).toEqual([expect.objectContaining({ entry: "pay", direction: "out", amountFen: won.payprice, orderNo: won.orderNo })]);
    // Paying the lost one again is still refused, and a retry of the won one charges nothing more.
    expect((await creditPay(lost === a ? "13800000072" : "13800000073", lostTrade)).msg).toMatch(/^企业授信额度不足/);
    expect((await creditPay(won === a ? "13800000072" : "13800000073", ra.ret === 0 ? ta : tb)).data.status).toBe("paid");
    expect((await creditWallet()).creditUsedFen).toBe(won.payprice);
    // The operator may not grant less than the company has used; what it grants is kept.
    const usedFen = won.payprice;
    const below = await operator(S.operatorCreditLimit, { companyId, creditLimitFen: usedFen - 1 });
    expect(below).toMatchObject({ ret: 409, msg: `授信额度不能低于企业已用额度 ¥${formatFen(usedFen)}` });
    expect((await creditWallet()).creditLimitFen).toBe(limit);
    expect((await operator(S.operatorCreditLimit, { companyId, creditLimitFen: usedFen })).data).toMatchObject({ creditLimitFen: usedFen, creditUsedFen: usedFen });
    // Room again for the rest of this file.
    expect((await operator(S.operatorCreditLimit, { companyId, creditLimitFen: 10_000_000 })).ret).toBe(0);
    expect((await creditPay(lost === a ? "13800000072" : "13800000073", lostTrade)).ret).toBe(0);
  });
});

describe("a statement's way", () => {
  let statementId = 0;
  let billedFen = 0;
  let disputedFen = 0;
  let disputedLine = 0;

  it("is generated by the job when the settlement day is over, with every credit payment, and the next one is scheduled", async () => {
    const paid = await h.db.db.selectFrom("payments").select(["id", "amountFen"]).where("method", "=", "credit").where("status", "=", "paid").execute();
    expect(paid.length).toBe(2);
    billedFen = paid.reduce((a, p) => a + p.amountFen, 0);
    // Just before midnight nothing is due.
    setClock(() => Date.parse("2026-11-30T15:59:00Z"));
    await h.app.jobs.runDueJobs();
    expect(await count(h.db.db, "settlement_statements")).toBe(0);
    setClock(() => Date.parse("2026-11-30T16:00:01Z"));
    await h.app.jobs.runDueJobs();
    const s = await h.db.db.selectFrom("settlement_statements").selectAll().executeTakeFirstOrThrow();
    statementId = s.id;
    expect(s).toMatchObject({ companyId, periodStart: "2026-11-01", periodEnd: "2026-11-30", status: "generated", lineCount: 2, amountFen: billedFen, adjustmentFen: 0, totalFen: billedFen });
    const settings = await h.db.db.selectFrom("settlement_settings").select("scheduledPeriodEnd").executeTakeFirstOrThrow();
    expect(settings.scheduledPeriodEnd).toBe("2026-12-31");
    const next = await h.db.db.selectFrom("jobs").select(["runAt", "doneAt"]).where("kind", "=", "settlement.statement").orderBy("id").execute();
    expect(next.map((j) => [j.runAt, j.doneAt !== null])).toEqual([["2026-11-30T16:00:00.000Z", true], ["2026-12-31T16:00:00.000Z", false]]);
    // Running again bills nothing twice.
    await h.app.jobs.runDueJobs();
    expect(await count(h.db.db, "settlement_lines")).toBe(2);
  });

  it("shows the administrator and the named confirmer the statement with its lines and department totals; others see none", async () => {
    const list = await api(ADMIN, S.statements, { pageNum: 1, pageSize: 10 });
    expect(list.ret, list.msg).toBe(0);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: statementId, status: "generated", totalFen: billedFen, openDisputes: 0 });
    expect((await api("13800000071", S.statements, {})).data.total).toBe(1);
    expect((await api("13800000072", S.statements, {})).data).toMatchObject({ total: 0, list: [] });
    expect((await api("13800000072", S.statement, { id: statementId })).ret).toBe(404);
    expect((await api("13800000010", S.statements, {})).ret).toBe(403);
    const d = await api(ADMIN, S.statement, { id: statementId });
    expect(d.ret, d.msg).toBe(0);
    expect(d.data.lines).toHaveLength(2);
    expect(d.data.lines.every((l: { kind: string; disputeStatus: string }) => l.kind === "order" && l.disputeStatus === "none")).toBe(true);
    expect(d.data.departments.map((x: { departmentName: string }) => x.departmentName).sort()).toEqual(["市场部", "研发部"]);
    expect(d.data.departments.reduce((a: number, x: { amountFen: number }) => a + x.amountFen, 0)).toBe(billedFen);
    expect(d.data.actions).toEqual([]);
    // Not sent yet: nothing to dispute or confirm.
    expect((await api(ADMIN, S.dispute, { lineId: d.data.lines[0].id, reason: "金额不符" })).ret).toBe(409);
    expect((await api(ADMIN, S.confirm, { id: statementId })).msg).toMatch(/当前状态为「已生成」/);
  });

  it("is sent by the operator only with the operator key", async () => {
    const before = await counts(h.db.db, SETTLEMENT_TABLES);
    expect((await operator(S.operatorSend, { id: statementId }, "wrong-key")).ret).toBe(403);
    expect((await call(h.app, S.operatorSend, { id: statementId, token: tokens[ADMIN] })).body.ret).toBe(403);
    expect(await counts(h.db.db, SETTLEMENT_TABLES)).toEqual(before);
    const r = await operator(S.operatorSend, { id: statementId });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe("sent");
    expect((await operator(S.operatorSend, { id: statementId })).ret).toBe(409);
  });

  it("takes a dispute on one line with a reason; bad input writes nothing", async () => {
    const d = (await api(ADMIN, S.statement, { id: statementId })).data;
    expect(d.actions).toEqual(["dispute", "confirm"]);
    disputedLine = d.lines[0].id;
    disputedFen = d.lines[0].amountFen;
    const before = await counts(h.db.db, SETTLEMENT_TABLES);
    const bad: Record<string, string | number>[] = [{ lineId: disputedLine }, { lineId: disputedLine, reason: "短" }, { lineId: disputedLine, reason: "原因\u0000" }, { lineId: disputedLine, reason: "长".repeat(201) }, { lineId: "x", reason: "金额不符" }];
    for (const body of bad) {
      const r = await api(ADMIN, S.dispute, body);
      expect(r.ret, JSON.stringify(body)).toBe(400);
    }
    expect((await api("13800000072", S.dispute, { lineId: disputedLine, reason: "金额不符" })).ret).toBe(404);
    expect(await counts(h.db.db, SETTLEMENT_TABLES)).toEqual(before);
    const r = await api(ADMIN, S.dispute, { lineId: disputedLine, reason: "该行程已取消，不应计费" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe("disputed");
    expect(r.data.openDisputes).toBe(1);
    expect(r.data.lines[0]).toMatchObject({ disputeStatus: "open", disputeReason: "该行程已取消，不应计费" });
    expect(r.data.actions).toEqual(["dispute"]);
    expect((await api(ADMIN, S.dispute, { lineId: disputedLine, reason: "再次异议" })).msg).toBe("该明细已提出过异议");
    // An open dispute blocks confirming.
    const c = await api("13800000071", S.confirm, { id: statementId });
    expect(c.ret).toBe(409);
    expect(c.msg).toBe("还有异议未处理，处理完毕后才能确认对账单");
  });

  it("is answered by the operator: a rejection needs a reason; an accepted dispute unblocks confirming", async () => {
    const before = await counts(h.db.db, SETTLEMENT_TABLES);
    const noReason = await operator(S.operatorAnswer, { lineId: disputedLine, decision: "reject" });
    expect(noReason.ret).toBe(400);
    expect(noReason.msg).toBe("驳回异议须说明理由（至少 2 个字）");
    expect((await operator(S.operatorAnswer, { lineId: disputedLine, decision: "maybe" })).ret).toBe(400);
    expect(await counts(h.db.db, SETTLEMENT_TABLES)).toEqual(before);
    const r = await operator(S.operatorAnswer, { lineId: disputedLine, decision: "accept", reason: "核实行程已取消，下期冲减" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.lines[0]).toMatchObject({ disputeStatus: "accepted", answerNote: "核实行程已取消，下期冲减" });
    expect((await operator(S.operatorAnswer, { lineId: disputedLine, decision: "reject", reason: "重复处理" })).msg).toBe("该明细没有待处理的异议");
  });

  it("is confirmed by the named confirmer and settled by the operator, which gives the credit back", async () => {
    const c = await api("13800000071", S.confirm, { id: statementId });
    expect(c.ret, c.msg).toBe(0);
    expect(c.data.status).toBe("confirmed");
    expect((await api(ADMIN, S.dispute, { lineId: c.data.lines[1].id, reason: "确认后再异议" })).ret).toBe(409);
    const used = (await creditWallet()).creditUsedFen;
    expect(used).toBe(billedFen);
    const s = await operator(S.operatorSettle, { id: statementId });
    expect(s.ret, s.msg).toBe(0);
    expect(s.data.status).toBe("settled");
    expect((await creditWallet()).creditUsedFen).toBe(0);
    expect((await operator(S.operatorSettle, { id: statementId })).ret).toBe(409);
    expect((await creditWallet()).creditUsedFen).toBe(0);
    expect(s.data.events.map((e: { action: string }) => e.action)).toEqual(["generate", "send", "dispute", "accept", "confirm", "settle"]);
    expect(s.data.events.map((e: { actorName: string }) => e.actorName)).toEqual(["系统", "运营方", "刘建国", "运营方", "陈静", "运营方"]);
  });

  it("carries the accepted dispute into the next statement as an adjustment", async () => {
    setClock(() => Date.parse("2026-12-05T02:00:00Z"));
    const o = await book("13800000072");
    const r = await creditPay("13800000072", await trade("13800000072", o.id));
    expect(r.ret, r.msg).toBe(0);
    const g = await operator(S.operatorGenerate, { companyId });
    expect(g.ret, g.msg).toBe(0);
    expect(g.data).toMatchObject({ periodStart: "2026-12-01", periodEnd: "2026-12-05", status: "generated", lineCount: 2, amountFen: o.payprice, adjustmentFen: -disputedFen, totalFen: o.payprice - disputedFen });
    expect(g.data.lines.map((l: { kind: string; amountFen: number }) => [l.kind, l.amountFen])).toEqual([["order", o.payprice], ["adjustment", -disputedFen]]);
    // Nothing left to bill: a second request is refused and writes nothing.
    setClock(() => Date.parse("2026-12-06T02:00:00Z"));
    const before = await counts(h.db.db, SETTLEMENT_TABLES);
    const again = await operator(S.operatorGenerate, { companyId });
    expect(again.ret).toBe(409);
    expect(await counts(h.db.db, SETTLEMENT_TABLES)).toEqual(before);
    expect((await operator(S.operatorGenerate, { companyId: 999999 })).ret).toBe(404);
  });
});
