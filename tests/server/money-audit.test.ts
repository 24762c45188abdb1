// The money audit on a fresh demo database (SQLite, or PostgreSQL with DATABASE_URL): after the
// seed every wallet and rewards balance is the sum of its ledger (each demo wallet with money has
// its 期初余额 row) and every check passes; then each invariant is broken on purpose and the
// check named for it fails with the offending row, and passes again once repaired. The operator's
// audit API answers only with the operator key.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { setBalance } from "./money-audit";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { auditMoney, closedPeriodsBilled, creditUsedMatches, statementsAddUp, paidOrdersHaveOnePayment, referredOrdersRewarded, rewardsMatchEntries, walletsMatchLedger, type CheckResult } from "../../server/audit/money";
import { generateNow } from "../../server/settlement/statements";
import { DEMO_OPERATOR_KEY } from "../../server/routes/settlement";
import { DEMO_WALLETS } from "../../server/db/seed/wallets";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { SETTLEMENT_PATHS as S } from "../../src/domain/settlement";
import type { FlightItem } from "../../src/domain/travel/types";

let h: Harness;
const BUYER = "13800000111"; // recommended by 13800000010
const ADMIN = "13800000070";
const ids: Record<string, number> = {};
let token = "";
let clock = NOW;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  token = await login(h.app, BUYER);
  for (const m of [BUYER, ADMIN]) ids[m] = (await db().selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;

  // The wallet never pays without the pay password.
  await givePayPassword(h.db.db);
});
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => clock));

const db = () => h.db.db;

/** Runs `break`, expects the check to fail naming a row like `offending`, runs `repair`, expects it to pass. */
async function failsThenPasses(check: (d: typeof h.db.db) => Promise<CheckResult>, name: string, offending: Record<string, unknown>, broken: () => Promise<unknown>, repair: () => Promise<unknown>) {
  expect((await check(db())).ok).toBe(true);
  await broken();
  const r = await check(db());
  expect(r).toMatchObject({ name, ok: false });
  expect(r.rows).toContainEqual(expect.objectContaining(offending));
  const all = await auditMoney(db());
  expect(all.ok).toBe(false);
  expect(all.checks.filter((c) => !c.ok).map((c) => c.name)).toContain(name);
  await repair();
  expect((await check(db())).ok).toBe(true);
}

/** A recommended member's flight order, paid from the wallet and ticketed by the jobs. */
async function ticketedOrder() {
  await setBalance(db(), ids[BUYER], "100000.00");
  const list: FlightItem[] = (await call(h.app, "/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day(6) })).body.data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const b = (await call(h.app, P.book, {
    token, fareKey: seat.fareKey, price: seat.salePrice, clientKey: "money-audit-order-1", contactName: "张三", contactMobile: BUYER,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  })).body;
  expect(b.ret, b.msg).toBe(0);
  const t = (await call(h.app, PAY.create, { token, orderId: b.data.id, method: "wallet" })).body;
  const paid = (await call(h.app, PAY.wallet, { token, payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[BUYER], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay })).body;
  expect(paid.ret, paid.msg).toBe(0);
  for (const ms of [0, 6_000]) {
    clock += ms;
    await h.app.jobs.runDueJobs();
  }
  const order = await db().selectFrom("orders").select(["id", "orderNo", "status"]).where("id", "=", b.data.id).executeTakeFirstOrThrow();
  expect(order.status).toBe(2);
  return { ...order, outTradeNo: t.data.outTradeNo as string };
}

describe("the seed", () => {
  it("leaves every wallet and rewards balance equal to its ledger, each demo wallet with money opened by one 期初余额 row", async () => {
    const audit = await auditMoney(db());
    expect(audit.checks.filter((c) => !c.ok)).toEqual([]);
    expect(audit.checks.map((c) => c.name)).toEqual(["wallets", "rewards", "orders", "credit", "statements", "statement-totals", "rewards-earned"]);
    const member = await db().selectFrom("members").select("id").where("mobilePhone", "=", "13800000010").executeTakeFirstOrThrow();
    const opening = await db().selectFrom("ledger").select(["account", "entry", "direction", "amountFen", "note"]).where("memberId", "=", member.id).execute();
    expect(opening).toEqual([{ account: "wallet", entry: "opening", direction: "in", amountFen: 128_050, note: "期初余额" }]);
    const withMoney = Object.values(DEMO_WALLETS).filter((w) => w.balanceFen !== 0).length;
    const rows = await db().selectFrom("ledger").select("id").where("entry", "=", "opening").where("account", "=", "wallet").execute();
    expect(rows).toHaveLength(withMoney);
    const credit = await db().selectFrom("ledger").select(["memberId", "amountFen"]).where("entry", "=", "opening").where("account", "=", "credit").execute();
    expect(credit).toEqual([{ memberId: ids[ADMIN], amountFen: 8_642_000 }]);
  });
});

describe("each check fails when its invariant is broken", () => {
  let order: Awaited<ReturnType<typeof ticketedOrder>>;
  beforeAll(async () => {
    order = await ticketedOrder();
    expect((await auditMoney(db())).checks.filter((c) => !c.ok)).toEqual([]);
  });

  it("wallets: a balance no ledger row explains", async () => {
    const w = await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[BUYER]).executeTakeFirstOrThrow();
    await failsThenPasses(walletsMatchLedger, "wallets", { memberId: ids[BUYER], balanceFen: 99_999_999 },
      () => db().updateTable("wallets").set({ balanceFen: 99_999_999 }).where("memberId", "=", ids[BUYER]).execute(),
      () => db().updateTable("wallets").set({ balanceFen: w.balanceFen }).where("memberId", "=", ids[BUYER]).execute());
  });

  it("rewards: a rewards balance no entry explains", async () => {
    const referrer = await db().selectFrom("reward_accounts").select(["memberId", "kind", "balanceFen"]).executeTakeFirstOrThrow();
    await failsThenPasses(rewardsMatchEntries, "rewards", { memberId: referrer.memberId, kind: referrer.kind },
      () => db().updateTable("reward_accounts").set({ balanceFen: referrer.balanceFen + 1 }).where("memberId", "=", referrer.memberId).where("kind", "=", referrer.kind).execute(),
      () => db().updateTable("reward_accounts").set({ balanceFen: referrer.balanceFen }).where("memberId", "=", referrer.memberId).where("kind", "=", referrer.kind).execute());
  });

  it("orders: a paid order whose payment does not add up to its price, or with a second paid trade", async () => {
    await failsThenPasses(paidOrdersHaveOnePayment, "orders", { orderId: order.id, outTradeNo: order.outTradeNo },
      () => db().updateTable("payments").set((eb) => ({ amountFen: eb("amountFen", "-", 1) })).where("outTradeNo", "=", order.outTradeNo).execute(),
      () => db().updateTable("payments").set((eb) => ({ amountFen: eb("amountFen", "+", 1) })).where("outTradeNo", "=", order.outTradeNo).execute());
    const p = await db().selectFrom("payments").selectAll().where("outTradeNo", "=", order.outTradeNo).executeTakeFirstOrThrow();
    await failsThenPasses(paidOrdersHaveOnePayment, "orders", { orderId: order.id, outTradeNo: "AUDIT-SECOND" },
      () => db().insertInto("payments").values({ ...p, id: undefined, outTradeNo: "AUDIT-SECOND" }).execute(),
      () => db().deleteFrom("payments").where("outTradeNo", "=", "AUDIT-SECOND").execute());
  });

  it("credit: credit used that the line's charges, settlements and refunds do not explain", async () => {
    const w = await db().selectFrom("wallets").select("creditUsedFen").where("memberId", "=", ids[ADMIN]).executeTakeFirstOrThrow();
    await failsThenPasses(creditUsedMatches, "credit", { creditUsedFen: 8_642_001, expectedFen: 8_642_000 },
      () => db().updateTable("wallets").set({ creditUsedFen: 8_642_001 }).where("memberId", "=", ids[ADMIN]).execute(),
      () => db().updateTable("wallets").set({ creditUsedFen: w.creditUsedFen }).where("memberId", "=", ids[ADMIN]).execute());
  });

  it("statements: a credit movement of a closed period on no statement line", async () => {
    const company = await db().selectFrom("companies").select("id").executeTakeFirstOrThrow();
    await generateNow(db(), company.id);
    const opening = await db().selectFrom("ledger").select("id").where("entry", "=", "opening").where("account", "=", "credit").executeTakeFirstOrThrow();
    const line = await db().selectFrom("settlement_lines").selectAll().where("ledgerId", "=", opening.id).executeTakeFirstOrThrow();
    await failsThenPasses(closedPeriodsBilled, "statements", { ledgerId: opening.id, lines: 0 },
      () => db().updateTable("settlement_lines").set({ ledgerId: null }).where("id", "=", line.id).execute(),
      () => db().updateTable("settlement_lines").set({ ledgerId: opening.id }).where("id", "=", line.id).execute());
  });

  it("statement-totals: a statement whose total is not its lines' sum, or a line that is not its ledger row's amount", async () => {
    const line = await db().selectFrom("settlement_lines").selectAll().where("ledgerId", "is not", null).orderBy("id", "desc").executeTakeFirstOrThrow();
    const s = await db().selectFrom("settlement_statements").selectAll().where("id", "=", line.statementId).executeTakeFirstOrThrow();
    await failsThenPasses(statementsAddUp, "statement-totals", { statementNo: s.statementNo, field: "totalFen", statementFen: s.totalFen + 100 },
      () => db().updateTable("settlement_statements").set({ totalFen: s.totalFen + 100 }).where("id", "=", s.id).execute(),
      () => db().updateTable("settlement_statements").set({ totalFen: s.totalFen }).where("id", "=", s.id).execute());
    // A line and its header moved together still disagree with the credit movement it bills.
    await failsThenPasses(statementsAddUp, "statement-totals", { lineId: line.id, lineFen: line.amountFen + 1, ledgerFen: line.amountFen },
      async () => {
        await db().updateTable("settlement_lines").set({ amountFen: line.amountFen + 1 }).where("id", "=", line.id).execute();
        await db().updateTable("settlement_statements").set({ amountFen: s.amountFen + 1, totalFen: s.totalFen + 1 }).where("id", "=", s.id).execute();
      },
      async () => {
        await db().updateTable("settlement_lines").set({ amountFen: line.amountFen }).where("id", "=", line.id).execute();
        await db().updateTable("settlement_statements").set({ amountFen: s.amountFen, totalFen: s.totalFen }).where("id", "=", s.id).execute();
      });
  });

  it("rewards-earned: a completed order of a recommended member without its referrer's rewards", async () => {
    const earned = await db().selectFrom("reward_entries").selectAll().where("orderId", "=", order.id).execute();
    expect(earned.length).toBeGreaterThan(0);
    await failsThenPasses(referredOrdersRewarded, "rewards-earned", { orderId: order.id, kind: "recommend" },
      () => db().deleteFrom("reward_entries").where("orderId", "=", order.id).execute(),
      () => db().insertInto("reward_entries").values(earned.map((e) => ({ ...e, id: undefined }))).execute());
  });
});

describe("the operator's audit API", () => {
  it("answers every check to the operator key only", async () => {
    const ask = (key?: string) => h.app.inject({ method: "POST", url: `/api${S.operatorAudit}`, headers: { "content-type": "application/json", ...(key ? { "x-operator-key": key } : {}) }, payload: "{}" });
    expect((await ask()).json().ret).toBe(403);
    expect((await ask("wrong-key")).json().ret).toBe(403);
    const r = (await ask(DEMO_OPERATOR_KEY)).json();
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.ok).toBe(true);
    expect(r.data.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
      ["wallets", true], ["rewards", true], ["orders", true], ["credit", true], ["statements", true], ["statement-totals", true], ["rewards-earned", true],
    ]);
  });
});
