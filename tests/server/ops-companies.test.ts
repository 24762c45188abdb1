// The operator console's companies and members: every action as the role that may take it, its
// audit row (before and after, the company named so its administrator reads it), bad input and
// refused roles writing nothing, and the effects: a disabled company's or member's people cannot
// sign in and their sessions end; an unlock lifts a member's locks from every address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { demoPasswordMd5, ownTables, post, startHarness, type Harness } from "./harness";
import { call, freshClient } from "./account-helpers";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { agreedServiceFees, supplierContext } from "../../server/suppliers";
import { agreedFeeFor, callerServiceFee } from "../../server/inventory/air/pricing";
import { md5 } from "../../server/services/accounts/passwords";
import { OPS_PATHS as P } from "../../src/domain/ops";

let h: Harness;
const ops: Record<string, string> = {};
let companyId = 0;
let adminMemberId = 0;

beforeAll(async () => {
  h = await startHarness();
  await seedDemoOperators(h.db.db);
  ops.admin = await demoOpsToken(h.app, "ops-admin");
  ops.finance = await demoOpsToken(h.app, "ops-finance");
  ops.ticketing = await demoOpsToken(h.app, "ops-ticket");
  const admin = await h.db.db.selectFrom("members").select(["id", "creditMemberId"]).where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
  companyId = admin.creditMemberId;
  adminMemberId = admin.id;
});
afterAll(async () => h?.close());

const db = () => h.db.db;

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await ownTables(h.db)) {
    if (name.startsWith("kysely_") || name === "exception_events") continue;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db());
    out[name] = Number(row.rows[0].n);
  }
  return out;
}

async function auditRows(action: string) {
  return db().selectFrom("operator_audit").selectAll().where("action", "=", action).orderBy("id", "desc").execute();
}

const parsed = (text: string | null) => (text === null ? null : JSON.parse(text));

async function memberLogin(mobilePhone: string, loginPsw = demoPasswordMd5) {
  return call(h.app, "/login/appNewLogin", { mobilePhone, loginPsw, accCode: "-9990" }, freshClient());
}

async function memberToken(mobilePhone: string): Promise<string> {
  const r = await memberLogin(mobilePhone);
  if (r.body.ret !== 0) throw new Error(`${mobilePhone}: ${r.body.msg}`);
  return r.body.data.token as string;
}

describe("company list and detail", () => {
  it("pages on the server and filters by name, credit code and state", async () => {
    const all = await opsCall(h.app, P.companyList, { pageNum: 1, pageSize: 10 }, ops.finance);
    expect(all.ret, all.msg).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(1);
    const demo = all.data.list.find((c: { id: number }) => c.id === companyId);
    expect(demo).toMatchObject({ status: 1, adminMobile: "13800000070" });
    expect(demo.employeeCount).toBeGreaterThan(0);
    const byName = await opsCall(h.app, P.companyList, { name: demo.name.slice(0, 2) }, ops.finance);
    expect(byName.data.list.map((c: { id: number }) => c.id)).toContain(companyId);
    const byCode = await opsCall(h.app, P.companyList, { creditCode: demo.creditCode.slice(2, 10).toLowerCase() }, ops.finance);
    expect(byCode.data.list.map((c: { id: number }) => c.id)).toEqual([companyId]);
    expect((await opsCall(h.app, P.companyList, { name: "没有这家企业" }, ops.finance)).data).toMatchObject({ list: [], total: 0 });
    expect((await opsCall(h.app, P.companyList, { status: 0 }, ops.finance)).data.list).toEqual([]);
    expect((await opsCall(h.app, P.companyList, { status: 2 }, ops.finance)).ret).toBe(400);
    expect((await opsCall(h.app, P.companyList, { pageSize: 1000 }, ops.finance)).ret).toBe(400);
  });

  it("shows one company's terms, and answers 404 for none", async () => {
    const r = await opsCall(h.app, P.companyDetail, { id: companyId }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ id: companyId, serviceFees: { domesticFlight: expect.any(Number) } });
    expect((await opsCall(h.app, P.companyDetail, { id: 999_999 }, ops.finance)).ret).toBe(404);
    expect((await opsCall(h.app, P.companyDetail, { id: "x" }, ops.finance)).ret).toBe(400);
  });
});

describe("credit limit", () => {
  it("is granted in integer fen with its audit row (before and after) in the same transaction", async () => {
    const before = (await opsCall(h.app, P.companyDetail, { id: companyId }, ops.finance)).data;
    const r = await opsCall(h.app, P.companyCreditLimit, { id: companyId, creditLimitFen: 12_345_600 }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.creditLimitFen).toBe(12_345_600);
    const wallet = await db().selectFrom("wallets").select("creditLimitFen").where("memberId", "=", adminMemberId).executeTakeFirstOrThrow();
    expect(Number(wallet.creditLimitFen)).toBe(12_345_600);
    const [row] = await auditRows("company.credit-limit");
    expect(row).toMatchObject({ objectType: "company", objectId: String(companyId), companyId });
    expect(parsed(row.before)).toEqual({ creditLimitFen: before.creditLimitFen, creditUsedFen: before.creditUsedFen });
    expect(parsed(row.after)).toEqual({ creditLimitFen: 12_345_600, creditUsedFen: before.creditUsedFen });
  });

  it("refuses bad amounts and a limit below what is used, writing nothing", async () => {
    await db().updateTable("wallets").set({ creditUsedFen: 500_000 }).where("memberId", "=", adminMemberId).execute();
    try {
      const counts = await tableCounts();
      for (const bad of [-1, 12.5, "abc", 10_000_000_001, ""]) {
        const r = await opsCall(h.app, P.companyCreditLimit, { id: companyId, creditLimitFen: bad }, ops.finance);
        expect(r.ret, `creditLimitFen ${String(bad)}`).toBe(400);
        expect(r.msg).toMatch(/授信额度/);
      }
      const below = await opsCall(h.app, P.companyCreditLimit, { id: companyId, creditLimitFen: 499_999 }, ops.finance);
      expect(below.ret).not.toBe(0);
      expect(below.data?.errors?.creditLimitFen).toBeTruthy();
      expect((await opsCall(h.app, P.companyCreditLimit, { id: 999_999, creditLimitFen: 1 }, ops.finance)).ret).toBe(404);
      expect((await opsCall(h.app, P.companyCreditLimit, { id: companyId, creditLimitFen: 1, extra: 1 }, ops.finance)).ret).toBe(400);
      expect(await tableCounts()).toEqual(counts);
      const wallet = await db().selectFrom("wallets").select("creditLimitFen").where("memberId", "=", adminMemberId).executeTakeFirstOrThrow();
      expect(Number(wallet.creditLimitFen)).toBe(12_345_600);
      // Exactly what is used is allowed.
      expect((await opsCall(h.app, P.companyCreditLimit, { id: companyId, creditLimitFen: 500_000 }, ops.finance)).ret).toBe(0);
    } finally {
      await db().updateTable("wallets").set({ creditUsedFen: 0 }).where("memberId", "=", adminMemberId).execute();
    }
  });

  it("is refused to ticketing, and shows in the company administrator's audit view and settlement settings", async () => {
    const counts = await tableCounts();
    expect((await opsCall(h.app, P.companyCreditLimit, { id: companyId, creditLimitFen: 1 }, ops.ticketing)).ret).toBe(403);
    expect(await tableCounts()).toEqual(counts);
    expect((await opsCall(h.app, P.companyCreditLimit, { id: companyId, creditLimitFen: 8_800_000 }, ops.admin)).ret).toBe(0);
    const token = await memberToken("13800000070");
    const view = await post(h.app, P.companyAuditList, { token, pageNum: 1, pageSize: 10, action: "company.credit-limit" });
    expect(view.body.ret, view.body.msg).toBe(0);
    expect(view.body.data.list[0]).toMatchObject({ operatorName: "周运营", companyId, after: { creditLimitFen: 8_800_000 } });
    const settings = await post(h.app, "/finance/settlement/settings", { token });
    expect(settings.body.data.creditLimitFen).toBe(8_800_000);
  });
});

describe("settlement day and service fees", () => {
  it("sets the settlement day (1–31), schedules its statement and audits it", async () => {
    const counts = await tableCounts();
    for (const bad of [0, 32, 1.5, "x"]) expect((await opsCall(h.app, P.companySettlementDay, { id: companyId, settlementDay: bad }, ops.finance)).ret).toBe(400);
    expect(await tableCounts()).toEqual(counts);
    const r = await opsCall(h.app, P.companySettlementDay, { id: companyId, settlementDay: 28 }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.settlementDay).toBe(28);
    expect(r.data.nextSettlementDate).toMatch(/^\d{4}-\d{2}-28$/);
    const settings = await db().selectFrom("settlement_settings").selectAll().where("companyId", "=", companyId).executeTakeFirstOrThrow();
    expect(settings.settlementDay).toBe(28);
    const [row] = await auditRows("company.settlement-day");
    expect(parsed(row.after)).toEqual({ settlementDay: 28, nextSettlementDate: r.data.nextSettlementDate });
    expect(row.companyId).toBe(companyId);
  });

  it("sets the service fee table in fen, which prices the company's flights, and audits it", async () => {
    const counts = await tableCounts();
    for (const bad of [-1, 100_001, 9.9, "ten"]) {
      expect((await opsCall(h.app, P.companyServiceFees, { id: companyId, domesticFlight: bad, internationalFlight: 0 }, ops.finance)).ret).toBe(400);
      expect((await opsCall(h.app, P.companyServiceFees, { id: companyId, domesticFlight: 0, internationalFlight: bad }, ops.finance)).ret).toBe(400);
    }
    expect((await opsCall(h.app, P.companyServiceFees, { id: companyId, domesticFlight: 100 }, ops.finance)).ret).toBe(400);
    expect((await opsCall(h.app, P.companyServiceFees, { id: companyId, domesticFlight: 100, internationalFlight: 100, train: 1 }, ops.finance)).ret).toBe(400);
    expect(await tableCounts()).toEqual(counts);
    const admin = await db().selectFrom("members").selectAll().where("id", "=", adminMemberId).executeTakeFirstOrThrow();
    // Before a fee of its own, an international ticket pays the company's domestic fee.
    const domesticBefore = (await db().selectFrom("companies").select("dometicketServerFeeFen").where("id", "=", companyId).executeTakeFirstOrThrow()).dometicketServerFeeFen;
    const shown = (await opsCall(h.app, P.companyDetail, { id: companyId }, ops.finance)).data.serviceFees;
    expect(shown).toEqual({ domesticFlight: domesticBefore, internationalFlight: domesticBefore });
    expect(await agreedServiceFees(db(), admin)).toEqual({ domestic: domesticBefore, international: null });

    const r = await opsCall(h.app, P.companyServiceFees, { id: companyId, domesticFlight: 1500, internationalFlight: 6000 }, ops.finance);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.serviceFees).toEqual({ domesticFlight: 1500, internationalFlight: 6000 });
    const fees = await agreedServiceFees(db(), admin);
    expect(fees).toEqual({ domestic: 1500, international: 6000 });
    expect(callerServiceFee(fees.domestic, "domestic", fees.international)).toBe(1500);
    expect(callerServiceFee(fees.domestic, "international", fees.international)).toBe(6000);
    // What a change of a ticket charges reads the same rule: an international ticket's fee is the international one.
    const context = await supplierContext(db(), admin);
    expect([agreedFeeFor(context, "domestic"), agreedFeeFor(context, "international")]).toEqual([1500, 6000]);
    expect(agreedFeeFor({ agreedServiceFee: 1500, agreedIntlServiceFee: null }, "international")).toBe(1500);
    expect(agreedFeeFor(await supplierContext(db(), null), "international")).toBeNull();
    const rows = await db().selectFrom("company_service_fees").select(["product", "feeFen"]).where("companyId", "=", companyId).orderBy("product").execute();
    expect(rows.map((f) => [f.product, Number(f.feeFen)])).toEqual([["domesticFlight", 1500], ["internationalFlight", 6000]]);
    const [row] = await auditRows("company.service-fees");
    expect([parsed(row.before), parsed(row.after)]).toEqual([
      { domesticFlight: domesticBefore, internationalFlight: domesticBefore },
      { domesticFlight: 1500, internationalFlight: 6000 },
    ]);
    // The member's own view reads the domestic fee as its serverItem.
    const token = await memberToken("13800000070");
    const info = await post(h.app, "/member/info", { token });
    expect(JSON.stringify(info.body.data)).toContain('"dometicketServerFee":"15.00"');
  });
});

describe("enabling and disabling a company", () => {
  it("is the administrator's: finance and ticketing are refused and nothing is written", async () => {
    const counts = await tableCounts();
    expect((await opsCall(h.app, P.companyStatus, { id: companyId, status: 0 }, ops.finance)).ret).toBe(403);
    expect((await opsCall(h.app, P.companyStatus, { id: companyId, status: 0 }, ops.ticketing)).ret).toBe(403);
    expect((await opsCall(h.app, P.companyStatus, { id: companyId, status: 2 }, ops.admin)).ret).toBe(400);
    expect(await tableCounts()).toEqual(counts);
  });

  it("disabled, ends its members' sessions and refuses their sign-in; enabled, lets them in again", async () => {
    const adminToken = await memberToken("13800000070");
    const employeeToken = await memberToken("13800000071");
    const outsider = await memberToken("13800000010");
    const r = await opsCall(h.app, P.companyStatus, { id: companyId, status: 0 }, ops.admin);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(0);
    expect((await post(h.app, "/member/info", { token: adminToken })).body.ret).toBe(401);
    expect((await post(h.app, "/member/info", { token: employeeToken })).body.ret).toBe(401);
    expect((await post(h.app, "/member/info", { token: outsider })).body.ret).toBe(0);
    for (const phone of ["13800000070", "13800000071", "13800000073"]) {
      expect((await memberLogin(phone)).body).toMatchObject({ ret: 1203, msg: "该账号所属企业已停用，请联系客服" });
    }
    const [row] = await auditRows("company.disable");
    expect(parsed(row.before)).toEqual({ status: 1 });
    expect(parsed(row.after)).toMatchObject({ status: 0 });
    expect(parsed(row.after).membersSignedOut).toBeGreaterThanOrEqual(2);
    expect((await opsCall(h.app, P.companyList, { status: 0 }, ops.finance)).data.list.map((c: { id: number }) => c.id)).toEqual([companyId]);

    expect((await opsCall(h.app, P.companyStatus, { id: companyId, status: 1 }, ops.admin)).ret).toBe(0);
    expect((await memberLogin("13800000071")).body.ret).toBe(0);
    expect((await auditRows("company.enable")).length).toBe(1);
  });
});

describe("members", () => {
  it("are searched on the server by mobile, name or account, company and state (administrator only)", async () => {
    const r = await opsCall(h.app, P.memberList, { keyword: "13800000071" }, ops.admin);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.list).toHaveLength(1);
    expect(r.data.list[0]).toMatchObject({ mobilePhone: "13800000071", typeKey: "7_0", companyId, status: 1, locked: false });
    const staff = await opsCall(h.app, P.memberList, { companyId, pageSize: 100 }, ops.admin);
    const phones = staff.data.list.map((m: { mobilePhone: string }) => m.mobilePhone);
    expect(phones).toEqual(expect.arrayContaining(["13800000070", "13800000071", "13800000072", "13800000073"]));
    expect(phones).not.toContain("13800000010");
    const counts = await tableCounts();
    expect((await opsCall(h.app, P.memberList, {}, ops.finance)).ret).toBe(403);
    expect((await opsCall(h.app, P.memberStatus, { id: adminMemberId, status: 0 }, ops.finance)).ret).toBe(403);
    expect((await opsCall(h.app, P.memberUnlock, { id: adminMemberId }, ops.ticketing)).ret).toBe(403);
    expect((await opsCall(h.app, P.memberStatus, { id: adminMemberId, status: 5 }, ops.admin)).ret).toBe(400);
    expect((await opsCall(h.app, P.memberStatus, { id: 999_999, status: 0 }, ops.admin)).ret).toBe(404);
    expect(await tableCounts()).toEqual(counts);
  });

  it("disabled, a member's sessions end and it cannot sign in; enabled, it can", async () => {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", "13800000072").executeTakeFirstOrThrow();
    const token = await memberToken("13800000072");
    expect((await opsCall(h.app, P.memberStatus, { id: m.id, status: 0 }, ops.admin)).ret).toBe(0);
    expect((await post(h.app, "/member/info", { token })).body.ret).toBe(401);
    expect((await memberLogin("13800000072")).body.ret).toBe(1203);
    const [row] = await auditRows("member.disable");
    expect(row).toMatchObject({ objectType: "member", objectId: String(m.id), companyId });
    expect([parsed(row.before).status, parsed(row.after).status]).toEqual([1, 0]);
    expect((await opsCall(h.app, P.memberStatus, { id: m.id, status: 1 }, ops.admin)).ret).toBe(0);
    expect((await memberLogin("13800000072")).body.ret).toBe(0);
  });

  it("unlocked, a member locked by wrong passwords from several addresses signs in again", async () => {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", "13800000073").executeTakeFirstOrThrow();
    const addresses = [freshClient(), freshClient()];
    for (const ip of addresses) {
      for (let i = 0; i < 5; i++) await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000073", loginPsw: md5("wrong"), accCode: "-9990" }, ip);
      expect((await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000073", loginPsw: demoPasswordMd5, accCode: "-9990" }, ip)).body.ret).toBe(1202);
    }
    const listed = await opsCall(h.app, P.memberList, { keyword: "13800000073" }, ops.admin);
    expect(listed.data.list[0].locked).toBe(true);
    const r = await opsCall(h.app, P.memberUnlock, { id: m.id }, ops.admin);
    expect(r.ret, r.msg).toBe(0);
    for (const ip of addresses) {
      expect((await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000073", loginPsw: demoPasswordMd5, accCode: "-9990" }, ip)).body.ret).toBe(0);
    }
    expect((await opsCall(h.app, P.memberList, { keyword: "13800000073" }, ops.admin)).data.list[0].locked).toBe(false);
    const [row] = await auditRows("member.unlock");
    expect(parsed(row.before)).toMatchObject({ locked: true });
    expect(parsed(row.after)).toMatchObject({ locked: false });
    expect(row.companyId).toBe(companyId);
  });
});

describe("the console's audit log", () => {
  it("names the company of each row and filters by it", async () => {
    const r = await opsCall(h.app, P.auditList, { companyId, pageSize: 100 }, ops.admin);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.list.length).toBeGreaterThan(0);
    expect(r.data.list.every((x: { companyId: number; companyName: string }) => x.companyId === companyId && x.companyName.length > 0)).toBe(true);
  });
});
