// The finance operator's withdrawal queue on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): the list and its filters (bad input writes nothing), the badge's count, approve
// then the processor's payout, pay by hand, reject with a reason (the money back exactly once, the
// member reads why), a hold that keeps the timed review away until it is released, an operator
// and the timer or two operators at once (exactly one lands), and every action's audit row written
// in the action's own transaction (an action that fails leaves none; an audit that fails undoes
// the action).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startHarness, type Harness } from "./harness";
import { PAY_PASSWORD_MD5, call, freshClient, givePayPassword, login } from "./account-helpers";
import { demoOpsToken, opsCall } from "./ops-kit";
import { expectBooksBalanced } from "./money-audit";
import { setClock } from "../../server/services/clock";
import { seedDemoOperators } from "../../server/ops/demo";
import { PAYOUT_AFTER_MS, REVIEW_AFTER_MS } from "../../server/withdrawals/withdrawals";
import { WITHDRAWAL_PATHS as W } from "../../src/domain/payments/types";
import { OPS_WITHDRAWAL_PATHS as O } from "../../src/domain/ops/finance-paths";

// The audit log as the server writes it, with a switch that makes the next writes fail: an action
// whose audit row cannot be written must not happen either.
const auditSwitch = vi.hoisted(() => ({ fail: false }));
vi.mock("../../server/ops/audit", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/ops/audit")>();
  return {
    ...real,
    auditLog: async (...args: Parameters<typeof real.auditLog>) => {
      if (auditSwitch.fail) throw new Error("the audit log is not writable");
      return real.auditLog(...args);
    },
  };
});

const A = "13800000030"; // business member, balance 5620.80
const B = "13800000050"; // city operator, balance 18760.40
const ICBC = "6222020200001234562";

let h: Harness;
let t = Date.UTC(2026, 10, 30, 2, 0);
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const cards: Record<string, number> = {};
const ops: Record<string, string> = {};
const opIds: Record<string, number> = {};

beforeAll(async () => {
  setClock(() => t);
  h = await startHarness();
  freshClient();
  await seedDemoOperators(h.db.db);
  for (const [role, account] of [["finance", "ops-finance"], ["admin", "ops-admin"], ["ticketing", "ops-ticket"]] as const) {
    ops[role] = await demoOpsToken(h.app, account);
    opIds[role] = (await h.db.db.selectFrom("operators").select("id").where("account", "=", account).executeTakeFirstOrThrow()).id;
  }
  for (const m of [A, B]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
    const at = new Date(t).toISOString();
    cards[m] = (
      await h.db.db
        .insertInto("bank_cards")
        .values({ memberId: ids[m], cardNo: ICBC, bankCode: "ICBC", bankName: "中国工商银行", holderName: "赵强", status: "bound", createTime: at, updateTime: at })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  }
  await givePayPassword(h.db.db, Object.values(ids));
});
afterAll(async () => {
  setClock(null);
  // Whatever the tests did, every fen is explained: each wallet equals its ledger.
  if (h) await expectBooksBalanced(h.db.db);
  await h?.close();
});

const advance = (ms: number) => {
  t += ms;
};

async function apply(who: string, amount: string): Promise<{ id: number; withdrawNo: string }> {
  const r = (await call(h.app, W.apply, { token: tokens[who], cardId: cards[who], amount, payPassword: PAY_PASSWORD_MD5 })).body;
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

const statusOf = async (id: number) => (await h.db.db.selectFrom("withdrawals").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const returnsOf = (withdrawNo: string) => h.db.db.selectFrom("ledger").selectAll().where("outTradeNo", "=", `${withdrawNo}R`).execute();
const auditsOf = (id: number) => h.db.db.selectFrom("operator_audit").selectAll().where("objectType", "=", "withdrawal").where("objectId", "=", String(id)).orderBy("id").execute();
const balanceOf = async (who: string) => (await h.db.db.selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;

describe("the queue", () => {
  it("lists every member's withdrawals, filtered by status, member, amount and day, with the badge's count", async () => {
    const a1 = await apply(A, "10.00");
    const a2 = await apply(A, "250.50");
    const b1 = await apply(B, "99.99");
    const all = await opsCall(h.app, O.list, { pageNum: 1, pageSize: 50 }, ops.finance);
    expect(all.ret, all.msg).toBe(0);
    expect(all.data.list.map((w: { id: number }) => w.id).slice(0, 3)).toEqual([b1.id, a2.id, a1.id]);
    expect(all.data.list[0]).toMatchObject({ memberId: ids[B], mobilePhone: B, bankName: "中国工商银行", cardNoMasked: "**** **** **** 4562", holderName: "赵强", status: "requested", heldBy: null, actions: ["hold", "approve", "reject"] });
    expect(JSON.stringify(all)).not.toContain(ICBC);

    const ids_ = async (body: Record<string, unknown>) => (await opsCall(h.app, O.list, body, ops.finance)).data.list.map((w: { id: number }) => w.id);
    expect(await ids_({ member: A })).toEqual([a2.id, a1.id]);
    expect(await ids_({ member: String(ids[B]) })).toEqual([b1.id]);
    expect(await ids_({ amountStart: "50", amountEnd: "100" })).toEqual([b1.id]);
    expect(await ids_({ amountStart: "100.00" })).toEqual([a2.id]);
    expect(await ids_({ status: "paid" })).toEqual([]);
    expect(await ids_({ createDateStart: "2026-12-01" })).toEqual([]);
    expect((await ids_({ createDateStart: "2026-11-30", status: "requested" })).length).toBe(3);

    expect((await opsCall(h.app, O.count, {}, ops.finance)).data).toEqual({ count: 3 });
    expect((await opsCall(h.app, O.count, {}, ops.admin)).data).toEqual({ count: 3 });
  });

  it("refuses bad filters with a clear message", async () => {
    expect(await opsCall(h.app, O.list, { amountStart: "abc" }, ops.finance)).toMatchObject({ ret: 400, msg: "金额须为不小于0的数字，最多两位小数" });
    expect(await opsCall(h.app, O.list, { amountStart: "100", amountEnd: "50" }, ops.finance)).toMatchObject({ ret: 400, msg: "最低金额不能大于最高金额" });
    expect(await opsCall(h.app, O.list, { member: "abc" }, ops.finance)).toMatchObject({ ret: 400, msg: "会员请填写手机号或会员编号" });
    expect(await opsCall(h.app, O.list, { status: "lost" }, ops.finance)).toMatchObject({ ret: 400, msg: "提现状态不正确" });
    expect((await opsCall(h.app, O.list, { pageSize: 1000 }, ops.finance)).ret).toBe(400);
  });

  it("is the finance operators' and the administrators' only", async () => {
    expect((await opsCall(h.app, O.list, {}, ops.ticketing)).ret).toBe(403);
    expect((await opsCall(h.app, O.count, {}, ops.ticketing)).ret).toBe(403);
    expect((await opsCall(h.app, O.list, {})).ret).toBe(401);
    // A member's token is not an operator's session.
    expect((await opsCall(h.app, O.list, {}, tokens[A])).ret).toBe(401);
  });
});

describe("decisions by hand", () => {
  it("approves (the processor pays it out later) and writes the audit row", async () => {
    const w = await apply(A, "20.00");
    const r = await opsCall(h.app, O.approve, { id: w.id }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: "approved", heldBy: null, actions: ["hold", "pay", "reject"] });
    expect(await auditsOf(w.id)).toEqual([expect.objectContaining({ operatorId: opIds.finance, action: "withdrawal.approve" })]);
    // Approving again is refused and leaves no second row.
    expect((await opsCall(h.app, O.approve, { id: w.id }, ops.finance)).ret).toBe(409);
    expect(await auditsOf(w.id)).toHaveLength(1);
    advance(PAYOUT_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(w.id)).toBe("paid");
  });

  it("confirms a payout by hand; the processor then finds nothing to do", async () => {
    const w = await apply(A, "21.00");
    expect((await opsCall(h.app, O.pay, { id: w.id }, ops.finance)).ret).toBe(409);
    expect((await opsCall(h.app, O.approve, { id: w.id }, ops.admin)).ret).toBe(0);
    const paid = await opsCall(h.app, O.pay, { id: w.id }, ops.finance);
    expect(paid.ret, paid.msg).toBe(0);
    expect(paid.data).toMatchObject({ status: "paid", actions: [] });
    advance(PAYOUT_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(w.id)).toBe("paid");
    expect((await auditsOf(w.id)).map((a) => [a.action, a.operatorId])).toEqual([["withdrawal.approve", opIds.admin], ["withdrawal.pay", opIds.finance]]);
  });

  it("rejects with a reason the member reads; the money comes back exactly once", async () => {
    const before = await balanceOf(B);
    const w = await apply(B, "300.00");
    expect(await balanceOf(B)).toBe(before - 30_000);
    // No reason, or one too short: refused, nothing written.
    expect(await opsCall(h.app, O.reject, { id: w.id }, ops.finance)).toMatchObject({ ret: 400, msg: "请填写驳回原因" });
    expect(await opsCall(h.app, O.reject, { id: w.id, reason: "否" }, ops.finance)).toMatchObject({ ret: 400, msg: "驳回原因至少2个字符" });
    expect(await statusOf(w.id)).toBe("requested");
    expect(await auditsOf(w.id)).toEqual([]);

    const r = await opsCall(h.app, O.reject, { id: w.id, reason: "收款人姓名与实名不符" }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: "rejected", reason: "收款人姓名与实名不符", actions: [] });
    expect(await balanceOf(B)).toBe(before);
    expect(await returnsOf(w.withdrawNo)).toEqual([expect.objectContaining({ direction: "in", amountFen: 30_000, memberId: ids[B] })]);
    // A second rejection (or the timer's review) changes nothing.
    expect((await opsCall(h.app, O.reject, { id: w.id, reason: "再次驳回" }, ops.admin)).ret).toBe(409);
    advance(REVIEW_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(await returnsOf(w.withdrawNo)).toHaveLength(1);
    expect(await balanceOf(B)).toBe(before);
    expect(await auditsOf(w.id)).toEqual([expect.objectContaining({ action: "withdrawal.reject", operatorId: opIds.finance })]);

    // The member reads the reason on the record.
    const mine = (await call(h.app, W.detail, { token: tokens[B], id: w.id })).body;
    expect(mine.data).toMatchObject({ status: "rejected", reason: "收款人姓名与实名不符" });
  });

  it("rejects one the review approved before it is paid out, returning the money", async () => {
    const w = await apply(B, "40.00");
    advance(REVIEW_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(w.id)).toBe("approved");
    expect((await opsCall(h.app, O.reject, { id: w.id, reason: "风控复核未通过" }, ops.finance)).ret).toBe(0);
    advance(PAYOUT_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(w.id)).toBe("rejected");
    expect(await returnsOf(w.withdrawNo)).toHaveLength(1);
  });

  it("answers 404 for a withdrawal that does not exist", async () => {
    expect((await opsCall(h.app, O.approve, { id: 999_999 }, ops.finance)).ret).toBe(404);
    expect((await opsCall(h.app, O.hold, { id: 999_999 }, ops.finance)).ret).toBe(404);
  });
});

describe("holding a request", () => {
  it("keeps the timed review away and other operators out until it is released", async () => {
    const w = await apply(A, "30.00");
    const held = await opsCall(h.app, O.hold, { id: w.id }, ops.finance);
    expect(held.ret, held.msg).toBe(0);
    expect(held.data).toMatchObject({ heldBy: opIds.finance, heldByName: "钱财务", actions: ["release", "approve", "reject"] });
    // Another operator sees it taken: no hold, no decisions; the administrator may release it.
    const seen = (await opsCall(h.app, O.list, { member: A, status: "requested" }, ops.admin)).data.list.find((x: { id: number }) => x.id === w.id);
    expect(seen.actions).toEqual(["release"]);
    expect(await opsCall(h.app, O.approve, { id: w.id }, ops.admin)).toMatchObject({ ret: 409, msg: "该笔提现已由其他财务人员接手处理" });
    expect((await opsCall(h.app, O.hold, { id: w.id }, ops.admin)).ret).toBe(409);
    // The review's time comes and goes: it is left alone.
    advance(REVIEW_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(w.id)).toBe("requested");
    // Released: the review is scheduled again and approves it.
    const released = await opsCall(h.app, O.release, { id: w.id }, ops.finance);
    expect(released.ret, released.msg).toBe(0);
    expect(released.data.heldBy).toBeNull();
    expect((await opsCall(h.app, O.release, { id: w.id }, ops.finance)).ret).toBe(409);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(w.id)).toBe("approved");
    expect((await auditsOf(w.id)).map((a) => a.action)).toEqual(["withdrawal.hold", "withdrawal.release"]);
  });

  it("lets the holder decide, and the member still cancel", async () => {
    const w = await apply(A, "31.00");
    expect((await opsCall(h.app, O.hold, { id: w.id }, ops.finance)).ret).toBe(0);
    expect((await opsCall(h.app, O.approve, { id: w.id }, ops.finance)).data).toMatchObject({ status: "approved", heldBy: null });

    const c = await apply(A, "32.00");
    expect((await opsCall(h.app, O.hold, { id: c.id }, ops.finance)).ret).toBe(0);
    expect((await call(h.app, W.cancel, { token: tokens[A], id: c.id })).body.ret).toBe(0);
    expect((await opsCall(h.app, O.reject, { id: c.id, reason: "已被撤销" }, ops.finance)).ret).toBe(409);
    expect(await returnsOf(c.withdrawNo)).toHaveLength(1);
  });
});

describe("races", () => {
  it("of two operators approving and rejecting one withdrawal at once, exactly one lands", async () => {
    for (let i = 0; i < 4; i++) {
      const w = await apply(B, "5.00");
      // Both decide on the 申请中 they saw.
      const [x, y] = await Promise.all([
        opsCall(h.app, O.approve, { id: w.id, from: "requested" }, ops.finance),
        opsCall(h.app, O.reject, { id: w.id, from: "requested", reason: "同时驳回" }, ops.admin),
      ]);
      expect([x.ret, y.ret].sort(), `${x.msg} / ${y.msg}`).toEqual([0, 409]);
      const status = await statusOf(w.id);
      expect(status).toBe(x.ret === 0 ? "approved" : "rejected");
      expect(await returnsOf(w.withdrawNo)).toHaveLength(status === "rejected" ? 1 : 0);
      expect(await auditsOf(w.id)).toHaveLength(1);
    }
  });

  it("of the timed review and an operator's approval at once, exactly one lands and one payout follows", async () => {
    const w = await apply(B, "6.00");
    advance(REVIEW_AFTER_MS);
    const [, r] = await Promise.all([h.app.jobs.runDueJobs(), opsCall(h.app, O.approve, { id: w.id }, ops.finance)]);
    expect([0, 409]).toContain(r.ret);
    expect(await statusOf(w.id)).toBe("approved");
    // The operator's row only when the operator's move landed.
    expect(await auditsOf(w.id)).toHaveLength(r.ret === 0 ? 1 : 0);
    advance(PAYOUT_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(w.id)).toBe("paid");
    expect(await returnsOf(w.withdrawNo)).toHaveLength(0);
  });
});

describe("two rejections at once", () => {
  it("return the money exactly once", async () => {
    const w = await apply(B, "7.00");
    const replies = await Promise.all([
      opsCall(h.app, O.reject, { id: w.id, reason: "第一次驳回" }, ops.finance),
      opsCall(h.app, O.reject, { id: w.id, reason: "第二次驳回" }, ops.admin),
    ]);
    expect(replies.map((r) => r.ret).sort()).toEqual([0, 409]);
    expect(await returnsOf(w.withdrawNo)).toHaveLength(1);
    expect(await auditsOf(w.id)).toHaveLength(1);
    // A decision on a status that has moved on is refused too.
    const v = await apply(B, "8.00");
    expect((await opsCall(h.app, O.approve, { id: v.id }, ops.finance)).ret).toBe(0);
    expect((await opsCall(h.app, O.reject, { id: v.id, from: "requested", reason: "没看到已审核" }, ops.admin)).ret).toBe(409);
    expect(await statusOf(v.id)).toBe("approved");
  });
});

describe("the audit row shares the action's transaction", () => {
  it("an audit that cannot be written undoes the rejection: no status change, no money moved", async () => {
    const w = await apply(A, "12.00");
    const balance = await balanceOf(A);
    auditSwitch.fail = true;
    try {
      expect((await opsCall(h.app, O.reject, { id: w.id, reason: "审计写入失败" }, ops.finance)).ret).not.toBe(0);
      expect((await opsCall(h.app, O.hold, { id: w.id }, ops.finance)).ret).not.toBe(0);
    } finally {
      auditSwitch.fail = false;
    }
    expect(await statusOf(w.id)).toBe("requested");
    expect((await h.db.db.selectFrom("withdrawals").select("heldBy").where("id", "=", w.id).executeTakeFirstOrThrow()).heldBy).toBeNull();
    expect(await returnsOf(w.withdrawNo)).toEqual([]);
    expect(await balanceOf(A)).toBe(balance);
    expect(await auditsOf(w.id)).toEqual([]);
    // Once the log is writable again, the same rejection goes through.
    expect((await opsCall(h.app, O.reject, { id: w.id, reason: "审计恢复后驳回" }, ops.finance)).ret).toBe(0);
    expect(await returnsOf(w.withdrawNo)).toHaveLength(1);
  });
});
