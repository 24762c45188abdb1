// Workbench facts: /account/AppAccount (any member) and /member/center/companystatistics (70),
// against the demo seed, on SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { seedDemo } from "../../server/db/seed/demo";
import { DEMO_WALLETS } from "../../server/db/seed/wallets";

let h: Harness;
const db = () => h.db.db;
const wallets = () => db();
const tokens: Record<string, string> = {};

async function tokenOf(mobile: string): Promise<string> {
  if (!tokens[mobile]) {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
    tokens[mobile] = await createSession(db(), m.id);
  }
  return tokens[mobile];
}
const as = async (mobile: string, url: string, body: Record<string, string | number> = {}) =>
  (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const ROUTES = ["/account/AppAccount", "/member/center/companystatistics"];

describe("access", () => {
  it("answers 401 to guests and to unknown tokens", async () => {
    for (const url of ROUTES) {
      expect((await post(h.app, url)).body, url).toMatchObject({ ret: 401, msg: "登录已过期，请重新登录" });
      expect((await post(h.app, url, { token: "f".repeat(64) })).body.ret, url).toBe(401);
    }
  });

  it("refuses company statistics to every type but 70, with 403", async () => {
    for (const mobile of ["13800000010", "13800000020", "13800000030", "13800000040", "13800000050", "13800000071", "13800000073"]) {
      expect(await as(mobile, "/member/center/companystatistics"), mobile).toMatchObject({ ret: 403, msg: "您没有权限执行此操作", data: null });
    }
  });

  it("rejects unknown fields with 400", async () => {
    for (const url of ROUTES) {
      const r = await as("13800000070", url, { memberId: 1 });
      expect(r.ret, url).toBe(400);
      expect(r.msg).toContain("memberId");
    }
  });
});

describe("/account/AppAccount", () => {
  it("answers an individual member's own wallet, without credit", async () => {
    const r = await as("13800000010", "/account/AppAccount");
    expect(r).toMatchObject({ ret: 0 });
    expect(r.data).toEqual({
      owner: "member", companyName: null, balanceFen: 128_050, frozenFen: 0, availableFen: 128_050, points: 3260,
      creditEnabled: false, creditLimitFen: 0, creditUsedFen: 0, creditAvailableFen: 0,
    });
  });

  it("subtracts frozen money from the available balance (distribution provider)", async () => {
    const r = await as("13800000040", "/account/AppAccount");
    expect(r.data).toMatchObject({ balanceFen: 2_345_000, frozenFen: 120_000, availableFen: 2_225_000, points: 15600, creditEnabled: false });
  });

  it("answers the company's wallet and credit line to its main member (70)", async () => {
    const r = await as("13800000070", "/account/AppAccount");
    expect(r.data).toEqual({
      owner: "company", companyName: "华信科技有限公司", balanceFen: 12_000_000, frozenFen: 0, availableFen: 12_000_000, points: 0,
      creditEnabled: true, creditLimitFen: 50_000_000, creditUsedFen: 8_642_000, creditAvailableFen: 41_358_000,
    });
  });

  it("answers an employee's own wallet plus the company's credit when creditpay is allowed", async () => {
    const r = await as("13800000071", "/account/AppAccount");
    expect(r.data).toMatchObject({
      owner: "member", companyName: "华信科技有限公司", balanceFen: 32_000, availableFen: 32_000, points: 560,
      creditEnabled: true, creditLimitFen: 50_000_000, creditUsedFen: 8_642_000, creditAvailableFen: 41_358_000,
    });
  });

  it("hides the company's credit from an employee without creditpay", async () => {
    await db().updateTable("members").set({ paymentLimits: "wallet,alipay" }).where("mobilePhone", "=", "13800000073").execute();
    const r = await as("13800000073", "/account/AppAccount");
    expect(r.data).toMatchObject({ balanceFen: 15_000, creditEnabled: false, creditLimitFen: 0, creditUsedFen: 0, creditAvailableFen: 0 });
  });

  it("answers integer fen and reads the stored figures on every call", async () => {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", "13800000030").executeTakeFirstOrThrow();
    await wallets().updateTable("wallets").set({ balanceFen: 30, frozenFen: 10, points: 9 }).where("memberId", "=", m.id).execute();
    const r = await as("13800000030", "/account/AppAccount");
    // 0.3 - 0.1 in floats is 0.19999999999999998; in fen it is 20.
    expect(r.data).toMatchObject({ balanceFen: 30, frozenFen: 10, availableFen: 20, points: 9 });
    for (const key of ["balanceFen", "frozenFen", "availableFen", "creditLimitFen", "creditUsedFen", "creditAvailableFen"]) expect(Number.isSafeInteger(r.data[key]), key).toBe(true);
  });

  it("answers zeros for a member who has no wallet yet", async () => {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", "13800000020").executeTakeFirstOrThrow();
    await wallets().deleteFrom("wallets").where("memberId", "=", m.id).execute();
    const r = await as("13800000020", "/account/AppAccount");
    expect(r.data).toMatchObject({ balanceFen: 0, frozenFen: 0, availableFen: 0, points: 0, creditEnabled: false });
  });
});

describe("/member/center/companystatistics", () => {
  it("counts the seeded company: 4 departments, its employees, trip levels and auditors", async () => {
    const r = await as("13800000070", "/member/center/companystatistics");
    expect(r.ret).toBe(0);
    // Seed: 3 demo employees (陈静, 杨帆, 黄磊) plus the tianhe partner user (周文博, 市场部,
    // canAudit=1) with its own trip level; departments 总经办, 研发部, 市场部, 财务部.
    expect(r.data).toMatchObject({
      companyName: "华信科技有限公司", departmentCount: 4, employeeCount: 4, tripLevelCount: 4, auditorCount: 2,
    });
    expect(r.data.departments.map((d: { name: string; employeeCount: number }) => [d.name, d.employeeCount])).toEqual([
      ["总经办", 0], ["研发部", 2], ["市场部", 2], ["财务部", 0],
    ]);
    const demoEmployees = await db()
      .selectFrom("employees").innerJoin("members", "members.id", "employees.memberId")
      .select("members.mobilePhone").where("members.isThirdParty", "=", 0).execute();
    expect(demoEmployees.map((e) => e.mobilePhone).sort()).toEqual(["13800000071", "13800000072", "13800000073"]);
  });

  it("reflects changes at once: a new unassigned employee and a new auditor", async () => {
    const company = await db().selectFrom("companies").select("id").executeTakeFirstOrThrow();
    await db().insertInto("employees").values({ companyId: company.id, memberId: null, departmentId: null, tripLevelId: null, employeeLevel: "实习生", canAudit: 1, createTime: new Date().toISOString() }).execute();
    const r = await as("13800000070", "/member/center/companystatistics");
    expect(r.data).toMatchObject({ employeeCount: 5, auditorCount: 3, departmentCount: 4 });
    expect(r.data.departments.at(-1)).toMatchObject({ name: "未分配部门", employeeCount: 1 });
  });
});

describe("wallet seed", () => {
  it("gives every demo member a wallet and is idempotent", async () => {
    const before = await wallets().selectFrom("wallets").selectAll().orderBy("memberId").execute();
    await seedDemo(db());
    const after = await wallets().selectFrom("wallets").selectAll().orderBy("memberId").execute();
    // 13800000020's wallet was deleted above; the re-run restores it and touches nothing else.
    expect(after.length).toBe(before.length + 1);
    for (const w of before) expect(after.find((a) => a.memberId === w.memberId)).toEqual(w);
    const members = await db().selectFrom("members").select(["id", "mobilePhone"]).execute();
    expect(after.length).toBe(members.length);
    const family = members.find((m) => m.mobilePhone === "13800000020")!;
    expect(after.find((w) => w.memberId === family.id)).toMatchObject({ balanceFen: DEMO_WALLETS["13800000020"].balanceFen });
  });
});
