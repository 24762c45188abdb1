// Refunds of orders paid by Alipay or WeChat go back to that account, never to the wallet, on a
// fresh database (SQLite, or PostgreSQL with DATABASE_URL): a train ticket paid by QR, changed to
// a cheaper train and then returned, is refunded twice at the gateway, each refund with its own
// number and amount, booked once however often its job runs; the same two refunds of a
// wallet-paid ticket both reach the wallet; a ticket paid by Alipay and changed to a dearer train
// whose difference came from the wallet is returned to both, neither giving back more than it
// took; a cancelled hotel room paid by WeChat goes back to WeChat.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { startHarness } from "./harness";
import { day, NOW, SEED, stopTravel } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { defaultJobKinds } from "../../server/jobs";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import { GatewayError, type QrGateway, type RefundRequest } from "../../server/payments/gateways/types";
import { TRAIN_ORDER_PATHS as P } from "../../src/domain/orders/train-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { idCardCheckChar } from "../../src/domain/validators";
import type { TrainItem, TrainSeat } from "../../src/domain/travel/types";

const ME = "13800000010";
const LIST = "/api/v1/train/train_list";
const HOUR = 3_600_000;

/** An Alipay that records the refunds it is asked for; `failNext` makes the next one fail. */
const asked: RefundRequest[] = [];
let failNext = false;
const fakeAlipay = {
  method: "alipay",
  async refund(req: RefundRequest) {
    if (failNext) {
      failNext = false;
      throw new GatewayError("支付宝退款失败：系统繁忙");
    }
    asked.push(req);
    return "done";
  },
} as unknown as QrGateway;

let h: Harness;
let token = "";
let memberId = 0;

beforeAll(async () => {
  setClock(() => NOW);
  // The cashier keeps the sandbox (no real gateway takes payments); the refund job talks to the fake.
  h = await startHarness({ inventorySeed: SEED, jobKinds: defaultJobKinds({ alipay: fakeAlipay }) });
  freshClient();
  token = await login(h.app, ME);
  memberId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow()).id;
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

const api = async (url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token })).body;
const balanceFen = async () => (await h.db.db.selectFrom("wallets").select("balanceFen").where("memberId", "=", memberId).executeTakeFirstOrThrow()).balanceFen;
const refundsOf = (outTradeNo: string) => h.db.db.selectFrom("source_refunds").selectAll().where("outTradeNo", "=", outTradeNo).orderBy("id").execute();
const ledgerRefunds = (outTradeNo: string) => h.db.db.selectFrom("ledger").select(["account", "direction", "amountFen", "note"]).where("outTradeNo", "=", outTradeNo).where("entry", "=", "refund").orderBy("id").execute();
const paymentStatus = async (outTradeNo: string) => (await h.db.db.selectFrom("payments").select("status").where("outTradeNo", "=", outTradeNo).executeTakeFirstOrThrow()).status;

let keys = 0;
let trainIndex = 0;
async function pick(n: number, seatClass: string): Promise<{ train: TrainItem; seat: TrainSeat }> {
  const list: TrainItem[] = (await api(LIST, { fromStation: "北京", toStation: "上海", depDate: day(n), trainTypes: "G" })).data.list;
  for (let i = 0; i < list.length; i++) {
    const train = list[trainIndex++ % list.length];
    const seat = train.seats.find((s) => s.seatClass === seatClass && s.left >= 5);
    if (seat) return { train, seat };
  }
  throw new Error("no train with seats");
}

async function book(p: { train: TrainItem; seat: TrainSeat }): Promise<number> {
  const first17 = `11010519900307${String(100 + keys).padStart(3, "0")}`;
  const r = await api(P.book, {
    trainKey: p.train.trainKey, seatClass: p.seat.seatClass, clientKey: `source-refund-${++keys}-${Date.now()}`, contactName: "张三", contactMobile: ME,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": first17 + idCardCheckChar(first17), "passengers.0.passengerType": "adult",
  });
  expect(r.ret, r.msg).toBe(0);
  return r.data.id;
}

/** Paid by the sandbox QR cashier; `gatewayTradeNo` as a real gateway would number it, so refunds go to the gateway. */
async function payByQr(orderId: number, method: "alipay" | "wechat", gatewayTradeNo: string): Promise<string> {
  const t = await api(PAY.create, { orderId, method });
  expect(t.ret, t.msg).toBe(0);
  const cashier = await api(PAY.cashier, { orderId });
  const n = { outTradeNo: t.data.outTradeNo, tradeNo: gatewayTradeNo, totalFen: cashier.data.amount, method };
  const r = await api(PAY.sandboxNotify, { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) });
  expect(r.ret, r.msg).toBe(0);
  expect(r.data.status).toBe("paid");
  return t.data.outTradeNo;
}

async function payByWallet(orderId: number): Promise<string> {
  await h.db.db.updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", memberId).execute();
  const t = await api(PAY.create, { orderId, method: "wallet" });
  const r = await api(PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(memberId, t.data.outTradeNo), businessType: BUSINESS_TYPE.trainPay });
  expect(r.ret, r.msg).toBe(0);
  return t.data.outTradeNo;
}

/** Issued by the railway's job. */
async function issue(orderId: number) {
  setClock(() => NOW + 6_000);
  await h.app.jobs.runDueJobs();
  const d = (await api(P.detail, { orderId })).data;
  expect(d.status).toBe(2);
  return d;
}

describe("a train ticket paid by Alipay", () => {
  it("changed to a cheaper train, then returned: two refunds at Alipay with their own numbers, nothing in the wallet", async () => {
    const first = await pick(15, "M");
    const id = await book(first);
    const no = await payByQr(id, "alipay", "2026112622001000000101");
    const d = await issue(id);
    const wallet = await balanceFen();

    const next = await pick(15, "O");
    const changed = await api(P.changeConfirm, { orderId: id, trainKey: next.train.trainKey, seatClass: "O" });
    expect(changed.ret, changed.msg).toBe(0);
    expect(changed.data.refund).toBeGreaterThan(0);
    // The difference is on its way back; the trade stays paid for the ticket it still pays.
    expect(await paymentStatus(no)).toBe("paid");
    expect((await api(P.detail, { orderId: id })).data.events.at(-1).note).toContain("支付宝（原路退回）");

    setClock(() => Date.parse(`${d.depDate}T${d.depTime}:00+08:00`) - 30 * HOUR);
    const returned = await api(P.refund, { orderId: id, mode: "confirm" });
    expect(returned.ret, returned.msg).toBe(0);
    expect(await paymentStatus(no)).toBe("refunded");

    // The first try fails at the gateway: the job stays due, nothing is booked, nothing goes to the wallet.
    failNext = true;
    await h.app.jobs.runDueJobs();
    setClock(() => Date.parse(`${d.depDate}T${d.depTime}:00+08:00`) - 29 * HOUR);
    await h.app.jobs.runDueJobs();
    await h.app.jobs.runDueJobs();
    const rows = await refundsOf(no);
    expect(rows.map((r) => [r.outRefundNo, r.amountFen, r.status])).toEqual([
      [`R${no}`, changed.data.refund, "refunded"],
      [`R${no}-2`, returned.data.refund, "refunded"],
    ]);
    // The failed first refund is asked again after the second one.
    expect(asked.filter((a) => a.outTradeNo === no).map((a) => `${a.outRefundNo}:${a.refundFen}`).sort()).toEqual(
      [`R${no}:${changed.data.refund}`, `R${no}-2:${returned.data.refund}`].sort(),
    );
    const paid = (await h.db.db.selectFrom("payments").select("amountFen").where("outTradeNo", "=", no).executeTakeFirstOrThrow()).amountFen;
    expect(asked.filter((a) => a.outTradeNo === no).every((a) => a.totalFen === paid)).toBe(true);
    expect((await ledgerRefunds(no)).map((l) => `${l.account}:${l.direction}:${l.amountFen}`).sort()).toEqual(
      [`alipay:in:${changed.data.refund}`, `alipay:in:${returned.data.refund}`].sort(),
    );
    expect(await balanceFen()).toBe(wallet);
    // Run again: nothing more.
    await h.app.jobs.runDueJobs();
    expect(asked.filter((a) => a.outTradeNo === no)).toHaveLength(2);
    expect(await ledgerRefunds(no)).toHaveLength(2);
  });
});

describe("a train ticket paid by Alipay, changed to a dearer train paid from the wallet", () => {
  it("returned: the difference back to the wallet in full, the rest of the new fare to Alipay", async () => {
    const first = await pick(17, "O");
    const id = await book(first);
    const no = await payByQr(id, "alipay", "2026112622001000000202");
    const d = await issue(id);
    const next = await pick(17, "M");
    const changed = await api(P.changeConfirm, { orderId: id, trainKey: next.train.trainKey, seatClass: "M" });
    expect(changed.ret, changed.msg).toBe(0);
    const diff = next.seat.price - first.seat.price;
    expect(changed.data).toMatchObject({ status: "awaitingPayment", pay: diff });
    await h.db.db.updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", memberId).execute();
    const t = await api(PAY.create, { orderId: id, method: "wallet" });
    const paid = await api(PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(memberId, t.data.outTradeNo), businessType: BUSINESS_TYPE.trainChangeTicket });
    expect(paid.ret, paid.msg).toBe(0);
    expect((await api(P.detail, { orderId: id })).data.status).toBe(3);
    const wallet = await balanceFen();

    setClock(() => Date.parse(`${d.depDate}T${d.depTime}:00+08:00`) - 30 * HOUR);
    const returned = await api(P.refund, { orderId: id, mode: "confirm" });
    expect(returned.ret, returned.msg).toBe(0);
    expect(returned.data.refund).toBe(next.seat.price - returned.data.fee);
    expect(await balanceFen()).toBe(wallet + diff);
    expect(await ledgerRefunds(t.data.outTradeNo)).toEqual([expect.objectContaining({ account: "wallet", direction: "in", amountFen: diff })]);
    await h.app.jobs.runDueJobs();
    expect((await refundsOf(no)).map((r) => [r.amountFen, r.status])).toEqual([[returned.data.refund - diff, "refunded"]]);
    expect(asked.filter((a) => a.outTradeNo === no).map((a) => a.refundFen)).toEqual([returned.data.refund - diff]);
    expect(await paymentStatus(no)).toBe("refunded");
    expect(await paymentStatus(t.data.outTradeNo)).toBe("refunded");
  });
});

describe("a train ticket paid from the wallet", () => {
  it("changed to a cheaper train, then returned: both refunds reach the wallet", async () => {
    const first = await pick(16, "M");
    const id = await book(first);
    const no = await payByWallet(id);
    const d = await issue(id);
    const next = await pick(16, "O");
    const before = await balanceFen();
    const changed = await api(P.changeConfirm, { orderId: id, trainKey: next.train.trainKey, seatClass: "O" });
    expect(changed.ret, changed.msg).toBe(0);
    setClock(() => Date.parse(`${d.depDate}T${d.depTime}:00+08:00`) - 30 * HOUR);
    const returned = await api(P.refund, { orderId: id, mode: "confirm" });
    expect(returned.ret, returned.msg).toBe(0);
    expect(await balanceFen()).toBe(before + changed.data.refund + returned.data.refund);
    expect((await ledgerRefunds(no)).map((l) => [l.account, l.amountFen])).toEqual([
      ["wallet", changed.data.refund],
      ["wallet", returned.data.refund],
    ]);
    expect(await refundsOf(no)).toEqual([]);
    // Returned once: a second return changes nothing.
    expect((await api(P.refund, { orderId: id, mode: "confirm" })).ret).toBe(409);
    expect(await ledgerRefunds(no)).toHaveLength(2);
  });
});
