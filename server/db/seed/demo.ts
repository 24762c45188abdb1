// Demo data: one account per member type, a company with departments, trip levels, employees
// and its travel management. Deterministic, so tests can rely on it.
import { usccCheckChar } from "../../../src/domain/people/invoice-title";
import type { Kysely } from "kysely";
import type { Database, NewMember } from "../schema";
import { hashPassword, md5 } from "../../services/accounts/passwords";
import { seedPartners } from "./partners";
import { seedWallets } from "./wallets";
import { seedTravelPolicy } from "./travel-policy";
import { seedPeople } from "./people";
import { seedNetwork } from "./network";
import { isoAt } from "../../services/clock";

export const DEMO_PASSWORD = "demo123456";
export const DEMO_COMPANY = "华信科技有限公司";
/** The demo company's 统一社会信用代码 (its check character computed), printed on business trips' documents. */
export const DEMO_COMPANY_CREDIT_CODE = "91310000MA1FL8XC4" + usccCheckChar("91310000MA1FL8XC4");

type DemoMember = Partial<NewMember> & { mobilePhone: string; memberType: string; realName: string };

const PEOPLE: DemoMember[] = [
  { mobilePhone: "13800000010", memberType: "10", realName: "李明", sex: 1, email: "liming@example.com" },
  { mobilePhone: "13800000020", memberType: "20", realName: "王芳", sex: 2, email: "wangfang@example.com" },
  { mobilePhone: "13800000030", memberType: "30", realName: "赵强", sex: 1, memberLevel: 2 },
  { mobilePhone: "13800000040", memberType: "40", realName: "孙立", sex: 1, pnrImport: 1, memberLevel: 3 },
  { mobilePhone: "13800000050", memberType: "50", realName: "吴刚", sex: 1, memberLevel: 3 },
  // The company admin imports employees and external travellers (items 39, 40 need pnrImport).
  { mobilePhone: "13800000070", memberType: "70", realName: "刘建国", sex: 1, pnrImport: 1, paymentLimits: "wallet,alipay,wechat,creditpay" },
  { mobilePhone: "13800000071", memberType: "10", realName: "陈静", sex: 2, paymentLimits: "wallet,alipay,wechat,creditpay" },
  { mobilePhone: "13800000072", memberType: "10", realName: "杨帆", sex: 1, paymentLimits: "wallet,alipay,wechat,creditpay" },
  { mobilePhone: "13800000073", memberType: "10", realName: "黄磊", sex: 1, paymentLimits: "wallet,alipay,wechat,creditpay" },
];

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000010").executeTakeFirst();
  return Boolean(row);
}

export async function seedDemo(db: Kysely<Database>): Promise<void> {
  // Partners are also added to a database seeded before they existed.
  if (await isSeeded(db)) return seedPartners(db, DEMO_COMPANY).then(() => seedNetwork(db, DEMO_COMPANY, DEMO_PASSWORD)).then(() => seedWallets(db)).then(() => seedTravelPolicy(db, DEMO_COMPANY)).then(() => seedPeople(db));
  const passwordHash = await hashPassword(md5(DEMO_PASSWORD));
  const now = isoAt();
  await db.transaction().execute(async (trx) => {
    const ids: Record<string, number> = {};
    for (const p of PEOPLE) {
      const row = await trx
        .insertInto("members")
        .values({
          memberLevel: 1,
          status: 1,
          account: p.mobilePhone,
          username: p.mobilePhone,
          passwordHash,
          createTime: now,
          updateTime: now,
          ...p,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[p.mobilePhone] = row.id;
    }

    const company = await trx
      .insertInto("companies")
      .values({ name: DEMO_COMPANY, adminMemberId: ids["13800000070"], dometicketServerFeeFen: 2000, creditCode: DEMO_COMPANY_CREDIT_CODE, createTime: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("members").set({ creditMemberId: company.id }).where("id", "=", ids["13800000070"]).execute();

    const dept: Record<string, number> = {};
    for (const [i, name] of ["总经办", "研发部", "市场部", "财务部"].entries()) {
      const d = await trx.insertInto("departments").values({ companyId: company.id, parentId: null, name, sort: i }).returning("id").executeTakeFirstOrThrow();
      dept[name] = d.id;
    }

    const level = async (name: string, f: [number, number, number, number, number]) =>
      (
        await trx
          .insertInto("trip_levels")
          .values({ companyId: company.id, name, approveFlag: f[0], feeFlag: f[1], changeApprove: f[2], overproof: f[3], overApprove: f[4] })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const managers = await level("管理层", [1, 1, 1, 1, 1]);
    const staff = await level("普通员工", [0, 0, 0, 0, 0]);
    const travellers = await level("差旅专员", [1, 1, 1, 1, 1]);

    const contactOf = (mobile: string) => {
      const p = PEOPLE.find((x) => x.mobilePhone === mobile)!;
      return { realName: p.realName, mobilePhone: p.mobilePhone, email: p.email ?? null, updateTime: now };
    };
    const employ = async (mobile: string, departmentId: number, tripLevelId: number, canAudit: number, employeeLevel: string) => {
      const e = await trx
        .insertInto("employees")
        // The employee keeps its own name and mobile, its member is its sign-in.
        .values({ companyId: company.id, memberId: ids[mobile], departmentId, tripLevelId, canAudit, employeeLevel, createTime: now, ...contactOf(mobile) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("members").set({ creditEmployeeId: e.id }).where("id", "=", ids[mobile]).execute();
    };
    await employ("13800000071", dept["研发部"], managers, 1, "部门主管");
    await employ("13800000072", dept["市场部"], staff, 0, "员工");
    await employ("13800000073", dept["研发部"], travellers, 0, "员工");
  });
  await seedPartners(db, DEMO_COMPANY);
  // Before the wallets: the recruits it adds get one like every member.
  await seedNetwork(db, DEMO_COMPANY, DEMO_PASSWORD);
  await seedWallets(db);
  await seedTravelPolicy(db, DEMO_COMPANY);
  await seedPeople(db);
}
