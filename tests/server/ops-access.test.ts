// Every operator route called by every role, an enrolling session and no session: what the
// policy denies answers 401 (no session) or 403 and writes nothing; what it allows gets past the
// check. Also: the company administrator's view of the audit log, the settlement calls under an
// operator session, and the command that creates the first administrator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { demoPasswordMd5, ownTables, post, startHarness, type Harness } from "./harness";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { opsRoutes as accountRoutes } from "../../server/routes/ops";
import { opsFinanceRoutes } from "../../server/routes/ops-finance";
import { auditLog } from "../../server/ops/audit";
import { createOperator } from "../../server/ops/operators";
import { CreateAdminRefused, createFirstAdmin, parseCreateAdminArgs } from "../../server/ops/create-admin";
import { md5 } from "../../server/services/accounts/passwords";
import { getAccess } from "../../src/access";
import { OPS_PATHS as P } from "../../src/domain/ops";
import { SETTLEMENT_PATHS } from "../../src/domain/settlement";
import { AFTER_SALES_PATHS as Q } from "../../src/domain/ops/after-sales";
import { OPS_SETTLEMENT_PATHS as OS, OPS_WITHDRAWAL_PATHS as OW } from "../../src/domain/ops/finance-paths";

/** Every route the console's server declares. */
const opsRoutes = [...accountRoutes, ...opsFinanceRoutes];
import { DISRUPTION_PATHS } from "../../src/domain/disruptions";
import { SITE_CONFIG_PATHS as SC } from "../../src/domain/ops/site-config";

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
  tokens.member = (await post(h.app, "/login/appNewLogin", { mobilePhone: "13800000070", loginPsw: demoPasswordMd5 })).body.data.token as string;
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
  [P.ticketingList]: { pageNum: 1, pageSize: 10 },
  [P.ticketingCount]: {},
  [P.ticketingDetail]: { id: 999999 },
  [P.ticketingTake]: { id: 999999 },
  [P.ticketingRelease]: { id: 999999 },
  [P.ticketingTicket]: { id: 999999, tickets: [{ passengerId: 999999, ticketNo: "999-1234567890" }] },
  [P.ticketingFail]: { id: 999999, reason: "矩阵" },
  [Q.list]: { pageNum: 1, pageSize: 10 },
  [Q.count]: {},
  [Q.detail]: { id: "refund-999999" },
  [Q.take]: { id: "refund-999999" },
  [Q.release]: { id: "change-999999" },
  [Q.accept]: { id: "refund-999999" },
  [Q.adjust]: { id: "refund-999999", fee: 0, reason: "矩阵" },
  [Q.reject]: { id: "change-999999", reason: "矩阵" },
  [Q.policy]: {},
  [Q.setPolicy]: { autoAccept: true },
  [OW.list]: { pageNum: 1, pageSize: 10 },
  [OW.count]: {},
  [OW.hold]: { id: 999999 },
  [OW.release]: { id: 999999 },
  [OW.approve]: { id: 999999 },
  [OW.pay]: { id: 999999 },
  [OW.reject]: { id: 999999, reason: "矩阵驳回" },
  [OS.list]: { pageNum: 1, pageSize: 10 },
  [OS.count]: {},
  [OS.companies]: { pageNum: 1, pageSize: 10 },
  [OS.detail]: { id: 999999 },
  [OS.generate]: { companyId: 999999 },
  [OS.send]: { id: 999999 },
  [OS.answer]: { lineId: 999999, decision: "accept" },
  [OS.settle]: { id: 999999 },
  [P.disruptionList]: { pageNum: 1, pageSize: 10, product: "train" },
  // A train that runs on no day: recorded, it flags nothing.
  [P.disruptionRecord]: { kind: "trainStopCancelled", no: "G9999", date: "2026-12-10", reason: "矩阵" },
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
  // Site settings: a read, and saves from a version that does not exist (refused, nothing written).
  [SC.list]: {},
  [SC.updatePartner]: {
    thirdName: "weilan", version: 999, airTicket: true, hotel: false, train: true, applyForForm: false, pay: true, disableRefund: true, disableChange: true,
    disableHotelBooking: true, hideSearchForms: true, payLabel: "立即支付", telephones: ["400-600-2002"], headerQrUrl: "", permissionsIds: [2, 12], titleZh: "",
  },
  [SC.updateBrand]: { key: "paynow", version: 999, air: true, hotel: true, train: true, phones: ["400-800-1234"], hiddenSearchForms: [], confirmInsteadOfPay: false },
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
      // A member's session is not an operator's, in either header.
      expect((await opsCall(h.app, r.url, SAMPLES[r.url], tokens.member)).ret, `${r.url} with a member's token`).toBe(401);
      expect((await opsCall(h.app, r.url, { ...SAMPLES[r.url], token: tokens.member }, undefined, { authorization: `Bearer ${tokens.member}` })).ret, `${r.url} as a member`).toBe(401);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a member's token on every operator route, in either header, and writes nothing", async () => {
    const login = await post(h.app, "/login/appNewLogin", { mobilePhone: "13800000070", loginPsw: demoPasswordMd5 });
    const member = login.body.data.token as string;
    const before = await tableCounts();
    for (const r of opsRoutes.filter((x) => x.access !== "public")) {
      expect((await opsCall(h.app, r.url, SAMPLES[r.url], member)).ret, `${r.url} with a member's token`).toBe(401);
      expect((await opsCall(h.app, r.url, SAMPLES[r.url], undefined, { authorization: `Bearer ${member}` })).ret, `${r.url} with a member's bearer`).toBe(401);
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

  it("grants the after-sales queue to ticketing and admin, never to finance", async () => {
    const access = await getAccess();
    expect(["admin", "finance", "ticketing"].map((r) => access.canOps(r, "afterSales"))).toEqual([true, false, true]);
    expect(access.canOps("70", "afterSales")).toBe(false);
  });

  it("grants admin everything, finance settlement, ticketing neither staff nor audit", async () => {
    const access = await getAccess();
    expect(["ticketing", "disruptions"].map((r) => access.canOps("admin", r))).toEqual([true, true]);
    expect(["ticketing", "disruptions"].map((r) => access.canOps("ticketing", r))).toEqual([true, true]);
    expect(access.canOps("finance", "ticketing")).toBe(false);
    // 航变登记: ticketing and admin, not finance; the console's menu follows.
    expect(["admin", "finance", "ticketing"].map((r) => access.canOps(r, "disruptions"))).toEqual([true, false, true]);
    expect(["admin", "finance", "ticketing"].map((r) => access.opsMenu(r).some((m) => m.key === "disruptions"))).toEqual([true, false, true]);
    expect(["staff", "audit", "settlement", "self"].map((r) => access.canOps("admin", r))).toEqual([true, true, true, true]);
    expect(["staff", "audit", "settlement", "self"].map((r) => access.canOps("finance", r))).toEqual([false, false, true, true]);
    expect(["staff", "audit", "settlement", "self"].map((r) => access.canOps("ticketing", r))).toEqual([false, false, false, true]);
  });

  it("grants admin everything, finance settlement and withdrawals, ticketing neither staff nor audit nor money", async () => {
    const access = await getAccess();
    expect(["staff", "audit", "settlement", "withdrawals", "self"].map((r) => access.canOps("admin", r))).toEqual([true, true, true, true, true]);
    expect(["staff", "audit", "settlement", "withdrawals", "self"].map((r) => access.canOps("finance", r))).toEqual([false, false, true, true, true]);
    expect(["staff", "audit", "settlement", "withdrawals", "self"].map((r) => access.canOps("ticketing", r))).toEqual([false, false, false, false, true]);
    // The console's menu: finance sees its two queues and the companies, ticketing none of them.
    expect(access.opsMenu("finance").map((m) => m.key)).toEqual(["withdrawals", "settlement", "companies"]);
    expect(access.opsMenu("admin").map((m) => m.key)).toEqual(expect.arrayContaining(["staff", "audit", "withdrawals", "settlement"]));
    expect(access.opsMenu("ticketing").map((m) => m.key)).not.toContain("withdrawals");
    // Companies' terms: finance and admin; a company's state and members' accounts: admin only.
    expect(["companies", "company-control", "members"].map((r) => access.canOps("admin", r))).toEqual([true, true, true]);
    expect(["companies", "company-control", "members"].map((r) => access.canOps("finance", r))).toEqual([true, false, false]);
    expect(["companies", "company-control", "members"].map((r) => access.canOps("ticketing", r))).toEqual([false, false, false]);
    // Site settings change what whole sites offer: the administrator's alone, menu included.
    expect(["admin", "finance", "ticketing"].map((r) => access.canOps(r, "site-config"))).toEqual([true, false, false]);
    expect(["admin", "finance", "ticketing"].map((r) => access.opsMenu(r).some((m) => m.key === "site-config"))).toEqual([true, false, false]);
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

describe("the operator key's 航变 route under an operator session", () => {
  const body = { kind: "flightCancelled", no: "ZZ9999", date: "2026-12-11", reason: "矩阵" };
  it("takes a ticketing or administrator session (audited), refuses finance, and still takes the key", async () => {
    const before = await h.db.db.selectFrom("disruptions").select("id").execute();
    expect((await opsCall(h.app, DISRUPTION_PATHS.record, body, tokens.finance)).ret).toBe(403);
    expect((await opsCall(h.app, DISRUPTION_PATHS.record, body)).ret).toBe(403);
    expect(await h.db.db.selectFrom("disruptions").select("id").execute()).toEqual(before);
    const r = await opsCall(h.app, DISRUPTION_PATHS.record, body, tokens.ticketing);
    expect(r.ret, r.msg).toBe(0);
    const audit = await h.db.db.selectFrom("operator_audit").selectAll().where("action", "=", "disruption.record").where("objectId", "=", String(r.data.id)).executeTakeFirstOrThrow();
    expect(audit.objectType).toBe("disruption");
    expect((await opsCall(h.app, DISRUPTION_PATHS.record, body, undefined, { "x-operator-key": "demo-settlement-operator-key-not-for-production" })).ret).toBe(0);
  });
});

describe("a company administrator's view of the audit log", () => {
  it("shows the rows of its own company's objects only, and to nobody else", async () => {
    const admin = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
    const own = admin.creditMemberId;
    const opId = (await opsCall(h.app, P.me, {}, tokens.finance)).data.id as number;
    await auditLog(h.db.db, { operatorId: opId, action: "settlement.generate", objectType: "statement", objectId: 987001, companyId: own, after: { n: 1 } });
    await auditLog(h.db.db, { operatorId: opId, action: "settlement.send", objectType: "statement", objectId: 987002, companyId: own + 1000 });
    const login = await post(h.app, "/login/appNewLogin", { mobilePhone: "13800000070", loginPsw: demoPasswordMd5 });
    const r = await post(h.app, P.companyAuditList, { token: login.body.data.token, pageNum: 1, pageSize: 50 });
    expect(r.body.ret, r.body.msg).toBe(0);
    const objects = r.body.data.list.map((x: { objectId: string }) => x.objectId);
    expect(objects).toContain("987001");
    expect(objects).not.toContain("987002");
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
