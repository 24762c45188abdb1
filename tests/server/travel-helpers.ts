// Helpers of the travel-policy tests: calls as a demo account with nested bodies encoded the way
// the portal encodes them (dot keys), row counts for "nothing written", and a second company
// for the cross-company checks.
import type { Kysely } from "kysely";
import { toFormBody } from "../../src/providers/form-encode";
import { createSession } from "../../server/services/accounts/sessions";
import { isoAt } from "../../server/services/clock";
import type { Database } from "../../server/db/schema";
import type { Harness } from "./harness";

export interface Envelope {
  ret: number;
  msg: string;
  data: any;
}

export function travelClient(h: Harness) {
  const tokens = new Map<string, string>();
  async function tokenOf(mobile: string): Promise<string> {
    if (!tokens.has(mobile)) {
      const m = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
      tokens.set(mobile, await createSession(h.db.db, m.id));
    }
    return tokens.get(mobile)!;
  }
  async function as(mobile: string | null, url: string, body: Record<string, unknown> = {}): Promise<Envelope> {
    const token = mobile ? await tokenOf(mobile) : undefined;
    const res = await h.app.inject({
      method: "POST",
      url: `/api${url}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: toFormBody({ ...body, ...(token ? { token } : {}), device: "web" }),
    });
    return res.json() as Envelope;
  }
  return { as, tokenOf, forget: () => tokens.clear() };
}

/** Row counts of the tables a test's calls could write. */
export async function counts(db: Kysely<Database>, tables: (keyof Database)[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await db.selectFrom(t).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
    out[t] = Number((row as { n: unknown } | undefined)?.n ?? 0);
  }
  return out;
}

export const POLICY_TABLES: (keyof Database)[] = [
  "travel_standards", "company_travel_settings", "car_standards", "car_standard_levels", "approval_flows", "replace_bookers",
  "trip_applications", "trip_application_travellers", "approvals", "approval_assignees", "approval_steps", "jobs", "trip_levels",
];

export const DEMO = { admin: "13800000070", head: "13800000071", staff: "13800000072", traveller: "13800000073", partner: "13800000081", individual: "13800000010" } as const;

/** Ids of the demo company's rows by name. */
export async function demoIds(db: Kysely<Database>) {
  const levels = await db.selectFrom("trip_levels").select(["id", "name"]).execute();
  const depts = await db.selectFrom("departments").select(["id", "name"]).execute();
  const emps = await db.selectFrom("employees as e").innerJoin("members as m", "m.id", "e.memberId").select(["e.id", "m.mobilePhone", "m.id as memberId"]).execute();
  const company = await db.selectFrom("companies").select("id").where("name", "=", "华信科技有限公司").executeTakeFirstOrThrow();
  return {
    companyId: company.id,
    level: Object.fromEntries(levels.map((l) => [l.name, l.id])) as Record<string, number>,
    dept: Object.fromEntries(depts.map((d) => [d.name, d.id])) as Record<string, number>,
    employee: Object.fromEntries(emps.map((e) => [e.mobilePhone, e.id])) as Record<string, number>,
    member: Object.fromEntries(emps.map((e) => [e.mobilePhone, e.memberId])) as Record<string, number>,
  };
}

/**
 * Another company: 远航贸易有限公司 with its administrator (13900000070), a department, a trip
 * level, an auditing head (13900000071) and a traveller with trip flags (13900000073).
 */
export async function otherCompany(db: Kysely<Database>) {
  const now = isoAt();
  const member = async (mobilePhone: string, memberType: string, realName: string) =>
    (await db.insertInto("members").values({ memberType, mobilePhone, realName, account: mobilePhone, username: mobilePhone, createTime: now, updateTime: now }).returning("id").executeTakeFirstOrThrow()).id;
  const admin = await member("13900000070", "70", "钱总");
  const companyId = (await db.insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: admin, dometicketServerFeeFen: 0, createTime: now }).returning("id").executeTakeFirstOrThrow()).id;
  await db.updateTable("members").set({ creditMemberId: companyId }).where("id", "=", admin).execute();
  const deptId = (await db.insertInto("departments").values({ companyId, parentId: null, name: "采购部", sort: 0 }).returning("id").executeTakeFirstOrThrow()).id;
  const levelId = (await db.insertInto("trip_levels").values({ companyId, name: "远航员工", approveFlag: 1, feeFlag: 1, changeApprove: 1, overproof: 1, overApprove: 1 }).returning("id").executeTakeFirstOrThrow()).id;
  const employ = async (mobile: string, name: string, canAudit: number) => {
    const m = await member(mobile, "10", name);
    const e = (await db.insertInto("employees").values({ companyId, memberId: m, departmentId: deptId, tripLevelId: levelId, employeeLevel: "员工", canAudit, createTime: now }).returning("id").executeTakeFirstOrThrow()).id;
    await db.updateTable("members").set({ creditEmployeeId: e }).where("id", "=", m).execute();
    return { memberId: m, employeeId: e };
  };
  const head = await employ("13900000071", "孙悦", 1);
  const traveller = await employ("13900000073", "周航", 0);
  return { companyId, adminMemberId: admin, deptId, levelId, head, traveller, mobiles: { admin: "13900000070", head: "13900000071", traveller: "13900000073" } };
}
