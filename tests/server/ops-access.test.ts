// Every operator route called by every role, an enrolling session and no session: what the
// policy denies answers 401 (no session) or 403 and writes nothing; what it allows gets past the
// check. Also: the company administrator's view of the audit log, the settlement calls under an
// operator session, and the command that creates the first administrator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { demoPasswordMd5, ownTables, post, startHarness, type Harness } from "./harness";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { opsRoutes } from "../../server/routes/ops";
import { auditLog } from "../../server/ops/audit";
import { createOperator } from "../../server/ops/operators";
import { CreateAdminRefused, createFirstAdmin, parseCreateAdminArgs } from "../../server/ops/create-admin";
import { md5 } from "../../server/services/accounts/passwords";
import { getAccess } from "../../src/access";
import { OPS_PATHS as P } from "../../src/domain/ops";
import { SETTLEMENT_PATHS } from "../../src/domain/settlement";

let h: Harness;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  await seedDemoOperators(h.db.db);
  tokens.admin = await demoOpsToken(h.app, "ops-admin");
  tokens.finance = await demoOpsToken(h.app, "ops-finance");
  tokens.ticketing = await demoOpsToken(h.app, "ops-ticket");
  await createOperator(h.db.db, { account: "enrolling", name: "待绑定", password: md5("first-pass-9"), role: "admin" }, null);
  const enrol = await opsCall(h.app, P.login, { account: "enrolling", password: md5("first-pass-9") });
  tokens.enrol = enrol.data.token as string;
});
afterAll(async () => h?.close());

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await ownTables(h.db)) {
    if (name.startsWith("kysely_") || name === "exception_events") continue;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(h.db.db);
    out[name] = Number(row.rows[0].n);
  }
  return out;
}

/** Inputs that pass validation and change nothing lasting (ids name no operator). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  [P.login]: {},
  [P.totpEnrol]: {},
  [P.totpConfirm]: { code: "000000" },
  [P.logout]: {},
  [P.me]: {},
  [P.staffList]: { pageNum: 1, pageSize: 10 },
  [P.staffCreate]: { account: "matrix-op", name: "矩阵", password: md5("x"), role: "ticketing" },
  [P.staffUpdate]: { id: 999999, name: "矩阵", role: "ticketing", status: 1 },
  [P.auditList]: { pageNum: 1, pageSize: 10 },
  // Companies and members: ids that name none (404), or reads.
  [P.companyList]: { pageNum: 1, pageSize: 10 },
  [P.companyDetail]: { id: 999999 },
  [P.companyCreditLimit]: { id: 999999, creditLimitFen: 0 },
  [P.companySettlementDay]: { id: 999999, settlementDay: 1 },
  [P.companyServiceFees]: { id: 999999, domesticFlight: 0, internationalFlight: 0 },
  [P.companyStatus]: { id: 999999, status: 1 },
  [P.memberList]: { pageNum: 1, pageSize: 10 },
  [P.memberStatus]: { id: 999999, status: 1 },
  [P.memberUnlock]: { id: 999999 },
};

describe("server-side enforcement of every operator route", () => {
  it("has a sample for every route", () => {
    expect(opsRoutes.map((r) => r.url).filter((u) => !(u in SAMPLES))).toEqual([]);
  });

  it("refuses a caller without an operator session and writes nothing", async () => {
    const before = await tableCounts();
    for (const r of opsRoutes.filter((x) => x.access !== "public")) {
      expect((await opsCall(h.app, r.url, SAMPLES[r.url])).ret, `${r.url} without session`).toBe(401);
      expect((await opsCall(h.app, r.url, SAMPLES[r.url], "f".repeat(64))).ret, `${r.url} with a made-up token`).toBe(401);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses an enrolling session everything but enrolment and writes nothing", async () => {
    const before = await tableCounts();
    for (const r of opsRoutes.filter((x) => x.access !== "public" && x.access !== "enrol")) {
      expect((await opsCall(h.app, r.url, SAMPLES[r.url], tokens.enrol)).ret, `${r.url} while enrolling`).toBe(403);
    }
    expect(await tableCounts()).toEqual(before);
  });

  for (const role of ["admin", "finance", "ticketing"] as const) {
    it(`decides every route for ${role} as the policy says (0 leaks)`, async () => {
      const access = await getAccess();
      for (const r of opsRoutes.filter((x) => x.access !== "public" && x.url !== P.logout)) {
        const allowed = r.access === "enrol" || access.canOps(role, r.access);
        const before = allowed ? null : await tableCounts();
        const reply = await opsCall(h.app, r.url, SAMPLES[r.url], tokens[role]);
        if (!allowed) {
          expect(reply.ret, `${r.url} as ${role} must be denied`).toBe(403);
          expect(await tableCounts(), `${r.url} as ${role} wrote on denial`).toEqual(before);
        } else {
          expect([401, 403], `${r.url} as ${role}: ${reply.msg}`).not.toContain(reply.ret);
        }
      }
    });
  }

  it("grants admin everything, finance settlement, ticketing neither staff nor audit", async () => {
    const access = await getAccess();
    expect(["staff", "audit", "settlement", "self"].map((r) => access.canOps("admin", r))).toEqual([true, true, true, true]);
    expect(["staff", "audit", "settlement", "self"].map((r) => access.canOps("finance", r))).toEqual([false, false, true, true]);
    expect(["staff", "audit", "settlement", "self"].map((r) => access.canOps("ticketing", r))).toEqual([false, false, false, true]);
    // Companies' terms: finance and admin; a company's state and members' accounts: admin only.
    expect(["companies", "company-control", "members"].map((r) => access.canOps("admin", r))).toEqual([true, true, true]);
    expect(["companies", "company-control", "members"].map((r) => access.canOps("finance", r))).toEqual([true, false, false]);
    expect(["companies", "company-control", "members"].map((r) => access.canOps("ticketing", r))).toEqual([false, false, false]);
    // No member-type key reaches an operator object, nor an operator role a member's.
    expect(access.can(null, "ops-api:staff", "read")).toBe(false);
    expect(access.canOps("70", "staff")).toBe(false);
    expect(access.canApi({ memberType: "ops:admin" } as never, "staff")).toBe(false);
  });
});

describe("settlement calls under an operator session", () => {
  it("take a finance or administrator session, refuse ticketing, and still take the key", async () => {
    expect((await opsCall(h.app, SETTLEMENT_PATHS.operatorAudit, {}, tokens.finance)).ret).toBe(0);
    expect((await opsCall(h.app, SETTLEMENT_PATHS.operatorAudit, {}, tokens.admin)).ret).toBe(0);
    expect((await opsCall(h.app, SETTLEMENT_PATHS.operatorAudit, {}, tokens.ticketing)).ret).toBe(403);
    expect((await opsCall(h.app, SETTLEMENT_PATHS.operatorAudit, {}, tokens.enrol)).ret).toBe(403);
    expect((await opsCall(h.app, SETTLEMENT_PATHS.operatorAudit, {}, "f".repeat(64))).ret).toBe(401);
    expect((await opsCall(h.app, SETTLEMENT_PATHS.operatorAudit, {}, undefined, { "x-operator-key": "demo-settlement-operator-key-not-for-production" })).ret).toBe(0);
    expect((await opsCall(h.app, SETTLEMENT_PATHS.operatorAudit, {})).ret).toBe(403);
  });

  it("audits a credit limit granted under a session, with the company", async () => {
    const company = await h.db.db.selectFrom("companies").select("id").orderBy("id").executeTakeFirstOrThrow();
    const r = await opsCall(h.app, SETTLEMENT_PATHS.operatorCreditLimit, { companyId: company.id, creditLimitFen: 50_000_000 }, tokens.finance);
    expect(r.ret, r.msg).toBe(0);
    const row = await h.db.db.selectFrom("operator_audit").selectAll().where("action", "=", "settlement.credit-limit").executeTakeFirstOrThrow();
    expect(row.companyId).toBe(company.id);
  });
});

describe("a company administrator's view of the audit log", () => {
  it("shows the rows of its own company's objects only, and to nobody else", async () => {
    const admin = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
    const own = admin.creditMemberId;
    const opId = (await opsCall(h.app, P.me, {}, tokens.finance)).data.id as number;
    await auditLog(h.db.db, { operatorId: opId, action: "test.own", objectType: "statement", objectId: 1, companyId: own, after: { n: 1 } });
    await auditLog(h.db.db, { operatorId: opId, action: "test.other", objectType: "statement", objectId: 2, companyId: own + 1000 });
    const login = await post(h.app, "/login/appNewLogin", { mobilePhone: "13800000070", loginPsw: demoPasswordMd5 });
    const r = await post(h.app, P.companyAuditList, { token: login.body.data.token, pageNum: 1, pageSize: 50 });
    expect(r.body.ret, r.body.msg).toBe(0);
    const actions = r.body.data.list.map((x: { action: string }) => x.action);
    expect(actions).toContain("test.own");
    expect(actions).not.toContain("test.other");
    expect(r.body.data.list.every((x: { companyId: number }) => x.companyId === own)).toBe(true);
    const employee = await post(h.app, "/login/appNewLogin", { mobilePhone: "13800000071", loginPsw: demoPasswordMd5 });
    expect((await post(h.app, P.companyAuditList, { token: employee.body.data.token })).body.ret).toBe(403);
  });
});

describe("npm run ops:create-admin", () => {
  it("creates the first administrator, refuses a second unless forced, never takes a password from argv", async () => {
    const fresh = await startHarness({ seed: false });
    try {
      await expect(createFirstAdmin(fresh.db.db, { account: "boss", name: "老板", password: "short" })).rejects.toBeInstanceOf(CreateAdminRefused);
      const admin = await createFirstAdmin(fresh.db.db, { account: "boss", name: "老板", password: "a-long-password" });
      expect(admin).toMatchObject({ account: "boss", role: "admin", totpEnabled: false });
      await expect(createFirstAdmin(fresh.db.db, { account: "boss2", name: "二号", password: "a-long-password" })).rejects.toThrow(/--force/);
      expect((await createFirstAdmin(fresh.db.db, { account: "boss2", name: "二号", password: "a-long-password", force: true })).role).toBe("admin");
      const first = await opsCall(fresh.app, P.login, { account: "boss", password: md5("a-long-password") });
      expect(first.data.stage).toBe("enrol");
    } finally {
      await fresh.close();
    }
    expect(() => parseCreateAdminArgs(["--account", "a", "--name", "b", "--password", "x"])).toThrow(CreateAdminRefused);
    expect(() => parseCreateAdminArgs(["--account", "a"])).toThrow(CreateAdminRefused);
    expect(parseCreateAdminArgs(["--account", "a", "--name", "b", "--force"])).toEqual({ account: "a", name: "b", force: true });
  });
});
