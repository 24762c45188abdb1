// The settlement screens' calls under an operator session on a fresh database (SQLite, or
// PostgreSQL with DATABASE_URL): statements of every company listed and filtered (bad input
// writes nothing), the badge's count, the company picker, and a statement's whole way from the
// console — generate, send, the company's dispute answered, confirm, settle (the credit line given
// back) — with each action's audit row written in the action's own transaction: an action that
// fails leaves none, and an audit that cannot be written undoes the action. Two operators
// answering one dispute at once: one lands. The operator key still works and is audited by nobody.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, counts, freshClient, login } from "./account-helpers";
import { demoOpsToken, opsCall } from "./ops-kit";
import { clearCreditLine, expectBooksBalanced, setCreditUsed } from "./money-audit";
import { setClock } from "../../server/services/clock";
import { seedDemoOperators } from "../../server/ops/demo";
import { DEMO_OPERATOR_KEY } from "../../server/routes/settlement";
import { SETTLEMENT_PATHS as S } from "../../src/domain/settlement";
import { OPS_SETTLEMENT_PATHS as O } from "../../src/domain/ops/finance-paths";

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

const ADMIN = "13800000070";
const NOW = Date.UTC(2026, 10, 30, 2, 0);
const TABLES = ["settlement_statements", "settlement_lines", "settlement_events", "operator_audit"];

let h: Harness;
let adminToken = "";
let adminId = 0;
let companyId = 0;
const ops: Record<string, string> = {};
const opIds: Record<string, number> = {};

beforeAll(async () => {
  setClock(() => NOW);
  h = await startHarness();
  freshClient();
  await seedDemoOperators(h.db.db);
  for (const [role, account] of [["finance", "ops-finance"], ["admin", "ops-admin"], ["ticketing", "ops-ticket"]] as const) {
    ops[role] = await demoOpsToken(h.app, account);
    opIds[role] = (await h.db.db.selectFrom("operators").select("id").where("account", "=", account).executeTakeFirstOrThrow()).id;
  }
  adminToken = await login(h.app, ADMIN);
  const admin = await h.db.db.selectFrom("members").select(["id", "creditMemberId"]).where("mobilePhone", "=", ADMIN).executeTakeFirstOrThrow();
  adminId = admin.id;
  companyId = admin.creditMemberId;
  // Two charges on the company's line, billed like any charge: the statement's two lines.
  await clearCreditLine(h.db.db, adminId);
  await setCreditUsed(h.db.db, adminId, "1200.00");
  await setCreditUsed(h.db.db, adminId, "1500.00");
});
afterAll(async () => {
  setClock(null);
  if (h) await expectBooksBalanced(h.db.db);
  await h?.close();
});

const member = async (url: string, body: Record<string, string | number>) => (await call(h.app, url, { ...body, token: adminToken })).body;
const audits = (action: string) => h.db.db.selectFrom("operator_audit").selectAll().where("action", "=", action).orderBy("id").execute();
const usedFen = async () => (await h.db.db.selectFrom("wallets").select("creditUsedFen").where("memberId", "=", adminId).executeTakeFirstOrThrow()).creditUsedFen;

async function failingAudit<T>(fn: () => Promise<T>): Promise<T> {
  auditSwitch.fail = true;
  try {
    return await fn();
  } finally {
    auditSwitch.fail = false;
  }
}

describe("a statement's way through the console", () => {
  let id = 0;
  let lines: { id: number; amountFen: number }[] = [];

  it("is generated for a company; when its audit row cannot be written, nothing is", async () => {
    const before = await counts(h.db.db, TABLES);
    expect((await failingAudit(() => opsCall(h.app, O.generate, { companyId }, ops.finance))).ret).not.toBe(0);
    expect(await counts(h.db.db, TABLES)).toEqual(before);
    // A company that does not exist, or bad input: refused, nothing written.
    expect((await opsCall(h.app, O.generate, { companyId: companyId + 1000 }, ops.finance)).ret).toBe(404);
    expect((await opsCall(h.app, O.generate, { companyId: "x" }, ops.finance)).ret).toBe(400);
    expect(await counts(h.db.db, TABLES)).toEqual(before);

    const r = await opsCall(h.app, O.generate, { companyId }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: "generated", lineCount: 2, totalFen: 150_000, actions: ["send"] });
    id = r.data.id;
    lines = r.data.lines;
    expect(await audits("settlement.generate")).toEqual([expect.objectContaining({ operatorId: opIds.finance, objectType: "statement", objectId: String(id), companyId })]);
  });

  it("is listed across companies with its filters, and the companies are picked by name", async () => {
    const list = await opsCall(h.app, O.list, { pageNum: 1, pageSize: 20 }, ops.finance);
    expect(list.ret, list.msg).toBe(0);
    expect(list.data.list).toEqual([expect.objectContaining({ id, companyId, status: "generated", openDisputes: 0, periodEnd: "2026-11-30" })]);
    expect(list.data.list[0].companyName).toBeTruthy();
    const total = async (body: Record<string, unknown>) => (await opsCall(h.app, O.list, body, ops.admin)).data.total;
    expect(await total({ companyId })).toBe(1);
    expect(await total({ companyId: companyId + 1000 })).toBe(0);
    expect(await total({ status: "generated", month: "2026-11" })).toBe(1);
    expect(await total({ month: "2026-10" })).toBe(0);
    expect(await total({ status: "sent" })).toBe(0);
    expect(await opsCall(h.app, O.list, { month: "2026-13" }, ops.finance)).toMatchObject({ ret: 400, msg: "月份格式不正确" });
    expect(await opsCall(h.app, O.list, { status: "lost" }, ops.finance)).toMatchObject({ ret: 400, msg: "对账单状态不正确" });

    const name = list.data.list[0].companyName as string;
    const companies = await opsCall(h.app, O.companies, { keyword: name.slice(0, 2) }, ops.finance);
    expect(companies.data.list).toContainEqual({ id: companyId, name });
    expect((await opsCall(h.app, O.companies, { keyword: "没有这样的企业" }, ops.finance)).data.total).toBe(0);
    expect((await opsCall(h.app, O.detail, { id }, ops.finance)).data.lines).toHaveLength(2);
  });

  it("is sent; an audit that cannot be written leaves it generated, and a second send writes no row", async () => {
    expect((await failingAudit(() => opsCall(h.app, O.send, { id }, ops.finance))).ret).not.toBe(0);
    expect((await opsCall(h.app, O.detail, { id }, ops.finance)).data).toMatchObject({ status: "generated", events: [expect.objectContaining({ action: "generate" })] });
    expect(await audits("settlement.send")).toEqual([]);
    const r = await opsCall(h.app, O.send, { id }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe("sent");
    expect((await opsCall(h.app, O.send, { id }, ops.admin)).ret).toBe(409);
    expect(await audits("settlement.send")).toEqual([expect.objectContaining({ operatorId: opIds.finance, before: JSON.stringify({ status: "generated" }), after: JSON.stringify({ status: "sent" }) })]);
  });

  it("shows the company's dispute in the badge and the list; two operators answering at once: one lands", async () => {
    expect((await opsCall(h.app, O.count, {}, ops.finance)).data).toEqual({ count: 0 });
    const d = await member(S.dispute, { lineId: lines[1].id, reason: "该笔费用重复计入" });
    expect(d.ret, d.msg).toBe(0);
    expect((await opsCall(h.app, O.count, {}, ops.finance)).data).toEqual({ count: 1 });
    expect((await opsCall(h.app, O.list, { status: "disputed" }, ops.finance)).data.list[0]).toMatchObject({ id, openDisputes: 1 });

    // Rejecting needs a reason; refused, nothing written.
    const before = await counts(h.db.db, TABLES);
    expect(await opsCall(h.app, O.answer, { lineId: lines[1].id, decision: "reject" }, ops.finance)).toMatchObject({ ret: 400, msg: "驳回异议须说明理由（至少 2 个字）" });
    expect((await opsCall(h.app, O.answer, { lineId: lines[1].id, decision: "maybe" }, ops.finance)).ret).toBe(400);
    expect((await opsCall(h.app, O.answer, { lineId: 999_999, decision: "accept" }, ops.finance)).ret).toBe(404);
    expect((await failingAudit(() => opsCall(h.app, O.answer, { lineId: lines[1].id, decision: "accept" }, ops.finance))).ret).not.toBe(0);
    expect(await counts(h.db.db, TABLES)).toEqual(before);

    const [x, y] = await Promise.all([
      opsCall(h.app, O.answer, { lineId: lines[1].id, decision: "accept", reason: "核实重复，下期冲回" }, ops.finance),
      opsCall(h.app, O.answer, { lineId: lines[1].id, decision: "reject", reason: "未发现重复" }, ops.admin),
    ]);
    expect([x.ret, y.ret].sort(), `${x.msg} / ${y.msg}`).toEqual([0, 409]);
    const answers = await audits("settlement.answer");
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ objectType: "statement-line", objectId: String(lines[1].id), companyId, operatorId: x.ret === 0 ? opIds.finance : opIds.admin });
    const after = (await opsCall(h.app, O.detail, { id }, ops.finance)).data;
    expect(after.lines[1].disputeStatus).toBe(x.ret === 0 ? "accepted" : "rejected");
    // Answered: the statement now waits for the company, not the operator.
    expect(after.status).toBe("disputed");
    expect((await opsCall(h.app, O.count, {}, ops.finance)).data).toEqual({ count: 0 });
    // The company confirms once nothing waits for an answer.
    expect((await member(S.confirm, { id })).ret).toBe(0);
    expect((await opsCall(h.app, O.count, {}, ops.finance)).data).toEqual({ count: 0 });
  });

  it("is settled: the credit line gets the billed amount back, with the audit row", async () => {
    expect(await usedFen()).toBe(150_000);
    expect((await failingAudit(() => opsCall(h.app, O.settle, { id }, ops.finance))).ret).not.toBe(0);
    expect(await usedFen()).toBe(150_000);
    const r = await opsCall(h.app, O.settle, { id }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: "settled", actions: [] });
    expect(await usedFen()).toBe(0);
    expect((await opsCall(h.app, O.settle, { id }, ops.finance)).ret).toBe(409);
    expect(await usedFen()).toBe(0);
    expect(await audits("settlement.settle")).toEqual([expect.objectContaining({ operatorId: opIds.finance, companyId })]);
  });
});

describe("who may call", () => {
  it("is finance and the administrator; ticketing, a member and nobody are refused", async () => {
    for (const url of Object.values(O)) {
      expect((await opsCall(h.app, url, {}, ops.ticketing)).ret, url).toBe(403);
      expect((await opsCall(h.app, url, {}, adminToken)).ret, url).toBe(401);
      expect((await opsCall(h.app, url, {})).ret, url).toBe(401);
    }
    expect((await opsCall(h.app, O.list, {}, ops.admin)).ret).toBe(0);
  });
});

describe("the older operator paths", () => {
  it("still take the operator key, which leaves no audit row", async () => {
    await setCreditUsed(h.db.db, adminId, "10.00");
    const rows = (await audits("settlement.generate")).length;
    const r = await opsCall(h.app, S.operatorGenerate, { companyId }, undefined, { "x-operator-key": DEMO_OPERATOR_KEY });
    expect(r.ret, r.msg).toBe(0);
    expect(await audits("settlement.generate")).toHaveLength(rows);
    expect((await opsCall(h.app, S.operatorSend, { id: r.data.id }, undefined, { "x-operator-key": DEMO_OPERATOR_KEY })).ret).toBe(0);
  });

  it("under a session write the audit row in the action's transaction", async () => {
    const limit = async () => (await h.db.db.selectFrom("wallets").select("creditLimitFen").where("memberId", "=", adminId).executeTakeFirstOrThrow()).creditLimitFen;
    const before = await limit();
    expect((await failingAudit(() => opsCall(h.app, S.operatorCreditLimit, { companyId, creditLimitFen: before + 100_000 }, ops.finance))).ret).not.toBe(0);
    expect(await limit()).toBe(before);
    expect((await opsCall(h.app, S.operatorCreditLimit, { companyId, creditLimitFen: before + 100_000 }, ops.finance)).ret).toBe(0);
    expect(await limit()).toBe(before + 100_000);
    expect(await audits("settlement.credit-limit")).toEqual([expect.objectContaining({ operatorId: opIds.finance, companyId })]);
  });
});
