// Bank cards and withdrawals on a fresh database (SQLite, or PostgreSQL with DATABASE_URL):
// binding needs the right SMS code and shows the number only masked; a card is bound once and at
// most 5; withdrawing needs the pay password (5 wrong tries lock it), never takes more than the
// balance (20 concurrent withdrawals of all of it: one lands), the review and payout jobs approve
// and pay, a rejection or a cancel returns the money with a ledger row; another member gets 403.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, freshClient, lastCode, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { hashPassword, md5 } from "../../server/services/accounts/passwords";
import { BANK_CARD_PATHS as CARD, WITHDRAWAL_PATHS as W } from "../../src/domain/payments/types";
import { PAYOUT_AFTER_MS, REVIEW_AFTER_MS } from "../../server/withdrawals/withdrawals";
import { REJECT_NOTES } from "../../server/withdrawals/jobs";
import { fenToYuan, parseYuan } from "../../src/domain/money";

const A = "13800000020"; // family member, balance 865.00
const B = "13800000030"; // business member, balance 5620.80
const C = "13800000050"; // city operator, balance 18760.40
const PAY_PWD = "246810";

// Real BINs with the Luhn check digit: 工商银行 (19), 招商银行 (16), 建设银行 (19), 兴业银行 (16).
const ICBC = "6222020200001234562";
const CMB = "6225880123456783";
const CCB = "6217001234567890122";
const CIB = "6229091234567890";

let h: Harness;
let t = Date.UTC(2026, 10, 30, 2, 0);
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  setClock(() => t);
  h = await startHarness();
  freshClient();
  for (const m of [A, B, C]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  for (const m of [A, C]) await h.db.db.updateTable("members").set({ payPasswordHash: await hashPassword(md5(PAY_PWD)) }).where("id", "=", ids[m]).execute();
});
afterAll(async () => {
  setClock(null);
  await h?.close();
});
beforeEach(() => {
  freshClient();
});

async function api(who: string, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, { ...body, token: tokens[who] })).body;
}
const advance = (ms: number) => {
  t += ms;
};
const setBalance = (who: string, balance: string, frozen = "0.00") => h.db.db.updateTable("wallets").set({ balanceFen: parseYuan(balance)!, frozenFen: parseYuan(frozen)! }).where("memberId", "=", ids[who]).execute();
const balanceOf = async (who: string) => fenToYuan((await h.db.db.selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen);
const ledgerOf = (who: string) => h.db.db.selectFrom("ledger").selectAll().where("memberId", "=", ids[who]).where("entry", "=", "withdraw").orderBy("id").execute();

async function smsCode(who: string): Promise<string> {
  advance(61_000); // one send per phone and purpose per 60 s
  const sent = await api(who, "/common/sendCode", { mobilePhone: who, type: "bindBankCard" });
  expect(sent.ret, sent.msg).toBe(0);
  return lastCode(h.app, who);
}

async function bind(who: string, cardNo: string, holderName = "李娜") {
  return api(who, CARD.bind, { cardNo, holderName, smsCode: await smsCode(who) });
}

async function cardOf(who: string, cardNo: string): Promise<number> {
  const r = await bind(who, cardNo);
  expect(r.ret, r.msg).toBe(0);
  return r.data.id;
}

const apply = (who: string, cardId: number, amount: string, payPassword: string | null = PAY_PWD) =>
  api(who, W.apply, { cardId, amount, ...(payPassword !== null ? { payPassword: md5(payPassword) } : {}) });

describe("bank cards", () => {
  it("tells the bank of a number from its BIN, and refuses a wrong or unknown number", async () => {
    expect((await api(A, CARD.bankType, { cardNo: ICBC })).data).toEqual({ code: "ICBC", name: "中国工商银行", cardNoMasked: "**** **** **** 4562" });
    expect((await api(A, CARD.bankType, { cardNo: "6225 8801 2345 6783" })).data.name).toBe("招商银行");
    expect(await api(A, CARD.bankType, { cardNo: "6225880123456784" })).toMatchObject({ ret: 400, msg: "银行卡号有误，请核对后重新输入" });
    expect(await api(A, CARD.bankType, { cardNo: "62258801234567" })).toMatchObject({ ret: 400, msg: "银行卡号须为16或19位数字" });
    expect(await api(A, CARD.bankType, { cardNo: "4111111111111111" })).toMatchObject({ ret: 400, msg: "暂不支持该银行卡" });
  });

  it("binds only with the right SMS code sent to the member's own phone, and shows the number masked", async () => {
    // The code goes only to the member's own phone.
    expect((await api(A, "/common/sendCode", { mobilePhone: B, type: "bindBankCard" })).ret).toBe(1304);
    expect((await call(h.app, "/common/sendCode", { mobilePhone: A, type: "bindBankCard" })).body.ret).toBe(401);
    const code = await smsCode(A);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await api(A, CARD.bind, { cardNo: ICBC, holderName: "李娜", smsCode: wrong });
    expect(refused.msg).toMatch(/验证码/);
    expect((await api(A, CARD.list)).data.list).toEqual([]);
    // A code of another purpose does not bind.
    advance(61_000);
    await api(A, "/common/sendCode", { mobilePhone: A, type: "paypwd" });
    expect((await api(A, CARD.bind, { cardNo: ICBC, holderName: "李娜", smsCode: await lastCode(h.app, A) })).ret).not.toBe(0);

    const r = await api(A, CARD.bind, { cardNo: ICBC, holderName: "李娜", smsCode: code });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ bankName: "中国工商银行", cardNoMasked: "**** **** **** 4562", holderName: "李娜" });
    expect(JSON.stringify(r)).not.toContain(ICBC);
    const list = await api(A, CARD.list);
    expect(list.data.list).toEqual([expect.objectContaining({ id: r.data.id, bankName: "中国工商银行", cardNoMasked: "**** **** **** 4562" })]);
    expect(JSON.stringify(list)).not.toContain(ICBC.slice(0, 12));
    // The code was used up.
    expect((await api(A, CARD.bind, { cardNo: CMB, holderName: "李娜", smsCode: code })).ret).not.toBe(0);
  });

  it("refuses the holder name rule, an unsupported bank, the same card twice and a sixth card", async () => {
    expect(await api(B, CARD.bind, { cardNo: ICBC, holderName: "L", smsCode: "123456" })).toMatchObject({ ret: 400, msg: "持卡人姓名须为2-20个汉字" });
    expect(await api(B, CARD.bind, { cardNo: "4111111111111111", holderName: "王强", smsCode: "123456" })).toMatchObject({ ret: 400, msg: "暂不支持该银行卡" });
    expect((await bind(B, CCB, "王强")).ret).toBe(0);
    const again = await bind(B, CCB, "王强");
    expect(again).toMatchObject({ ret: 409, msg: "该银行卡已绑定，请勿重复添加" });
    for (const no of [ICBC, CMB, CIB, "6228480012345678903"]) expect((await bind(B, no, "王强")).ret).toBe(0);
    expect(await bind(B, "6230580000123456787", "王强")).toMatchObject({ ret: 409, msg: "最多可绑定5张银行卡，请先解绑不用的银行卡" });
    expect((await api(B, CARD.list)).data.list).toHaveLength(5);
  });

  it("unbinds with the member's own card only; another member's card is 403", async () => {
    const id = (await api(B, CARD.list)).data.list.at(-1).id;
    expect((await api(A, CARD.unbind, { id })).ret).toBe(403);
    expect((await api(B, CARD.unbind, { id })).ret).toBe(0);
    expect((await api(B, CARD.unbind, { id })).ret).toBe(404);
    expect((await api(B, CARD.list)).data.list).toHaveLength(4);
  });
});

describe("withdrawals", () => {
  it("refuses without a pay password set, without one given and with a wrong one; 5 wrong tries lock it", async () => {
    await setBalance(B, "5620.80");
    const card = (await api(B, CARD.list)).data.list[0].id;
    expect(await apply(B, card, "50.00")).toMatchObject({ ret: 1210, msg: "请先设置支付密码" });

    await setBalance(C, "18760.40");
    const cCard = await cardOf(C, ICBC);
    expect(await apply(C, cCard, "50.00", null)).toMatchObject({ ret: 400, msg: "请输入支付密码" });
    for (let i = 1; i <= 4; i++) expect((await apply(C, cCard, "50.00", "000000")).msg).toBe(`支付密码错误，还可尝试${5 - i}次`);
    expect((await apply(C, cCard, "50.00", "000000")).msg).toMatch(/^支付密码错误次数过多，请15分钟后再试/);
    // Locked: even the right password is refused until the lock runs out; nothing was taken.
    expect((await apply(C, cCard, "50.00")).msg).toMatch(/^支付密码错误次数过多/);
    expect(await balanceOf(C)).toBe("18760.40");
    expect(await ledgerOf(C)).toHaveLength(0);
    advance(15 * 60_000 + 1000);
    const ok = await apply(C, cCard, "50.00");
    expect(ok.ret, ok.msg).toBe(0);
    expect(await balanceOf(C)).toBe("18710.40");
  });

  it("checks the amount: at least 1.00, 2 decimals, not more than the withdrawable balance", async () => {
    const card = (await api(A, CARD.list)).data.list[0].id;
    await setBalance(A, "865.00", "100.00");
    expect((await apply(A, card, "0.99")).msg).toBe("单笔提现金额不能低于1.00元");
    expect((await apply(A, card, "1.005")).msg).toBe("提现金额须大于0，最多两位小数");
    expect((await apply(A, card, "-5")).msg).toBe("提现金额须大于0，最多两位小数");
    // 865.00 less 100.00 frozen.
    expect(await apply(A, card, "765.01")).toMatchObject({ ret: 409, msg: "提现金额不能超过可提现余额" });
    expect(await balanceOf(A)).toBe("865.00");
    await setBalance(A, "865.00");
  });

  it("takes the money at once with a ledger row; the review approves and the payout pays", async () => {
    await setBalance(A, "865.00");
    const card = (await api(A, CARD.list)).data.list[0].id;
    const r = await apply(A, card, "100.5");
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ amount: 10050, status: "requested", statusName: "申请中", bankName: "中国工商银行", cardNoMasked: "**** **** **** 4562", actions: ["cancel"] });
    expect(JSON.stringify(r)).not.toContain(ICBC);
    expect(await balanceOf(A)).toBe("764.50");
    expect(await ledgerOf(A)).toEqual([expect.objectContaining({ account: "wallet", entry: "withdraw", direction: "out", amountFen: 10050, balanceAfterFen: 76450, outTradeNo: r.data.withdrawNo })]);
    // The card is in use: it cannot be unbound.
    expect(await api(A, CARD.unbind, { id: card })).toMatchObject({ ret: 409, msg: "该银行卡有正在处理的提现，暂不能解绑" });

    // Not yet due.
    await h.app.jobs.runDueJobs();
    expect((await api(A, W.detail, { id: r.data.id })).data.status).toBe("requested");
    advance(REVIEW_AFTER_MS);
    await h.app.jobs.runDueJobs();
    const approved = (await api(A, W.detail, { id: r.data.id })).data;
    expect(approved).toMatchObject({ status: "approved", statusName: "已审核", actions: [] });
    expect(approved.reviewTime).not.toBeNull();
    expect(await api(A, W.cancel, { id: r.data.id })).toMatchObject({ ret: 409, msg: "该提现已处理，不能撤销" });
    advance(PAYOUT_AFTER_MS);
    await h.app.jobs.runDueJobs();
    const paid = (await api(A, W.detail, { id: r.data.id })).data;
    expect(paid).toMatchObject({ status: "paid", statusName: "已到账" });
    expect(paid.paidTime).not.toBeNull();
    // The payout tells the member, in its own transaction: the amount and the card's last digits.
    const told = await h.db.db.selectFrom("notifications").select("params").where("kind", "=", "withdrawalPaid").where("subjectId", "=", r.data.id).execute();
    expect(told.map((n) => JSON.parse(n.params))).toEqual([{ withdrawNo: r.data.withdrawNo, amountFen: 10050, cardTail: expect.stringMatching(/^\d{4}$/) }]);
    expect(await balanceOf(A)).toBe("764.50");
    expect(await ledgerOf(A)).toHaveLength(1);
    // PutforwardBill lists the withdrawal's ledger row.
    const bill = await api(A, "/bill/putforwardBill/list", { pageNum: 1, pageSize: 10 });
    expect(bill.ret, bill.msg).toBe(0);
    expect(bill.data.list).toEqual([expect.objectContaining({ outTradeNo: r.data.withdrawNo, outFen: 10050 })]);
    // Paid out: the card is free to unbind again (not done here: later tests use it).
  });

  it("cancel returns the money at once with a ledger row, and only while requested", async () => {
    const card = (await api(A, CARD.list)).data.list[0].id;
    const before = await balanceOf(A);
    const r = await apply(A, card, "50.00");
    expect(r.ret, r.msg).toBe(0);
    const c = await api(A, W.cancel, { id: r.data.id });
    expect(c.ret, c.msg).toBe(0);
    expect(c.data).toMatchObject({ status: "cancelled", statusName: "已撤销", reason: "提现已撤销，款项退回余额", actions: [] });
    expect(await balanceOf(A)).toBe(before);
    const rows = (await ledgerOf(A)).filter((l) => l.orderNo === r.data.withdrawNo);
    expect(rows.map((l) => [l.direction, l.amountFen, l.note])).toEqual([["out", 5000, expect.stringContaining("提现至中国工商银行")], ["in", 5000, "提现已撤销，款项退回余额"]]);
    expect(await api(A, W.cancel, { id: r.data.id })).toMatchObject({ ret: 409 });
    // The review that was scheduled finds nothing to do.
    advance(REVIEW_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect((await api(A, W.detail, { id: r.data.id })).data.status).toBe("cancelled");
    expect(await balanceOf(A)).toBe(before);
  });

  it("returns the money once when 20 cancels race, and a cancel racing the review has one winner", async () => {
    const card = (await api(A, CARD.list)).data.list[0].id;
    const before = await balanceOf(A);
    const r = await apply(A, card, "20.00");
    expect(r.ret, r.msg).toBe(0);
    const replies = await Promise.all(Array.from({ length: 20 }, () => api(A, W.cancel, { id: r.data.id })));
    expect(replies.filter((x) => x.ret === 0)).toHaveLength(1);
    expect(await balanceOf(A)).toBe(before);
    expect((await ledgerOf(A)).filter((l) => l.orderNo === r.data.withdrawNo && l.direction === "in")).toHaveLength(1);

    const s = await apply(A, card, "30.00");
    advance(REVIEW_AFTER_MS);
    const [cancelled] = await Promise.all([api(A, W.cancel, { id: s.data.id }), h.app.jobs.runDueJobs()]);
    const status = (await api(A, W.detail, { id: s.data.id })).data.status;
    expect(status).toBe(cancelled.ret === 0 ? "cancelled" : "approved");
    const back = (await ledgerOf(A)).filter((l) => l.orderNo === s.data.withdrawNo && l.direction === "in");
    expect(back).toHaveLength(status === "cancelled" ? 1 : 0);
    if (status === "approved") {
      advance(PAYOUT_AFTER_MS);
      await h.app.jobs.runDueJobs();
    }
    await setBalance(A, "764.50");
  });

  it("the review rejects what passes the daily limit and returns the money", async () => {
    await setBalance(C, "60000.00");
    const card = (await api(C, CARD.list)).data.list[0].id;
    const a = await apply(C, card, "30000.00");
    const b = await apply(C, card, "25000.00");
    expect([a.ret, b.ret]).toEqual([0, 0]);
    expect(await balanceOf(C)).toBe("5000.00");
    advance(REVIEW_AFTER_MS);
    await h.app.jobs.runDueJobs();
    // The 50.00 of the earlier test was that day too: 30,050.00 fits, another 25,000.00 does not.
    expect((await api(C, W.detail, { id: a.data.id })).data.status).toBe("approved");
    const rejected = (await api(C, W.detail, { id: b.data.id })).data;
    expect(rejected).toMatchObject({ status: "rejected", statusName: "已驳回", reason: REJECT_NOTES.overDailyLimit });
    const refused = await h.db.db.selectFrom("notifications").select("params").where("kind", "=", "withdrawalRejected").where("subjectId", "=", b.data.id).execute();
    expect(refused.map((n) => JSON.parse(n.params))).toEqual([expect.objectContaining({ amountFen: 2_500_000, reason: REJECT_NOTES.overDailyLimit })]);
    expect(await balanceOf(C)).toBe("30000.00");
    const back = (await ledgerOf(C)).filter((l) => l.orderNo === b.data.withdrawNo && l.direction === "in");
    expect(back).toEqual([expect.objectContaining({ amountFen: 2_500_000, note: REJECT_NOTES.overDailyLimit, outTradeNo: `${b.data.withdrawNo}R` })]);
    advance(PAYOUT_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect((await api(C, W.detail, { id: a.data.id })).data.status).toBe("paid");
  });

  it("the review rejects a withdrawal whose card was unbound meanwhile", async () => {
    await setBalance(C, "1000.00");
    const card = await cardOf(C, CMB);
    const r = await apply(C, card, "200.00");
    expect(r.ret, r.msg).toBe(0);
    // Unbinding is refused while it is in progress; a card gone another way is caught by the review.
    expect((await api(C, CARD.unbind, { id: card })).ret).toBe(409);
    await h.db.db.updateTable("bank_cards").set({ status: "unbound" }).where("id", "=", card).execute();
    advance(REVIEW_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect((await api(C, W.detail, { id: r.data.id })).data).toMatchObject({ status: "rejected", reason: REJECT_NOTES.cardGone });
    expect(await balanceOf(C)).toBe("1000.00");
  });

  it("never lets the balance go negative: 20 concurrent withdrawals of the whole balance, one lands", async () => {
    await setBalance(C, "300.00");
    const card = (await api(C, CARD.list)).data.list[0].id;
    const before = (await ledgerOf(C)).length;
    const replies = await Promise.all(Array.from({ length: 20 }, () => apply(C, card, "300.00")));
    expect(replies.filter((r) => r.ret === 0)).toHaveLength(1);
    // The right pay password takes no try, so none of the 20 is told it was tried too often:
    // every refusal is the balance's.
    for (const r of replies.filter((x) => x.ret !== 0)) expect(r.msg).toMatch(/余额/);
    expect(await balanceOf(C)).toBe("0.00");
    expect((await ledgerOf(C)).length - before).toBe(1);
    const n = await h.db.db.selectFrom("withdrawals").select((eb) => eb.fn.countAll().as("n")).where("memberId", "=", ids[C]).where("amountFen", "=", 30000).executeTakeFirst();
    expect(Number(n?.n)).toBe(1);
  });

  it("lists the member's own withdrawals, paged and filtered; another member's are 403", async () => {
    const all = await api(A, W.list, { pageNum: 1, pageSize: 10 });
    expect(all.ret, all.msg).toBe(0);
    const statuses: string[] = all.data.list.map((w: { status: string }) => w.status);
    expect(all.data.total).toBe(4);
    // Newest first: the first withdrawal (paid) is last.
    expect(statuses.at(-1)).toBe("paid");
    expect(all.data.withdrawable).toBe(76450);
    const paid = await api(A, W.list, { status: "paid" });
    expect(paid.data.list.map((w: { status: string }) => w.status)).toEqual(statuses.filter((x) => x === "paid"));
    expect(paid.data.total).toBe(statuses.filter((x) => x === "paid").length);
    expect((await api(A, W.list, { pageNum: 2, pageSize: 1 })).data.list).toHaveLength(1);
    expect(JSON.stringify(all)).not.toContain(ICBC);
    const mine = all.data.list[0].id;
    expect((await api(B, W.detail, { id: mine })).ret).toBe(403);
    expect((await api(B, W.cancel, { id: mine })).ret).toBe(403);
    expect((await api(B, W.list, {})).data.list).toEqual([]);
    // Withdrawing to another member's card is refused too.
    const cardA = (await api(A, CARD.list)).data.list[0].id;
    await setBalance(B, "1000.00");
    expect((await apply(B, cardA, "10.00")).ret).toBe(403);
    expect((await api(B, W.detail, { id: 999999 })).ret).toBe(404);
  });
});
