// Partner (third-party) demo data: for each site of src/access/partners.ts a partners row with
// its signing secret (PARTNER_SECRET_<NAME>, default demo-secret-<name>) and the member its
// verified entries sign in as. Idempotent: an appId already present is left alone.
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { hashPassword, md5 } from "../../services/accounts/passwords";
import { partnerSecretFromEnv, partnerSecretVariable } from "../../services/accounts/partner-sign";
import { THIRD_PARTY_SITES } from "../../../src/access/partners";
import { isoAt } from "../../services/clock";

export const PARTNER_PASSWORD = "demo123456";

/** The demo user of each partner. tianhe: an employee (7_0) of the demo company; weilan: type 10. */
const PARTNER_USERS: Record<string, { mobilePhone: string; realName: string; sex: number; employee: boolean }> = {
  tianhe: { mobilePhone: "13800000081", realName: "周文博", sex: 1, employee: true },
  weilan: { mobilePhone: "13800000082", realName: "林晓雨", sex: 2, employee: false },
};

export async function seedPartners(db: Kysely<Database>, companyName: string): Promise<void> {
  const passwordHash = await hashPassword(md5(PARTNER_PASSWORD));
  const now = isoAt();
  await db.transaction().execute(async (trx) => {
    for (const site of THIRD_PARTY_SITES) {
      const exists = await trx.selectFrom("partners").select("id").where("appId", "=", site.appId).executeTakeFirst();
      if (exists) continue;
      const user = PARTNER_USERS[site.thirdName];
      let memberId: number | null = null;
      if (user) {
        const m = await trx
          .insertInto("members")
          .values({
            memberType: "10",
            memberLevel: 1,
            status: 1,
            appId: site.appId,
            isThirdParty: 1,
            thirdPartyName: site.thirdName,
            realName: user.realName,
            sex: user.sex,
            mobilePhone: user.mobilePhone,
            account: user.mobilePhone,
            username: user.mobilePhone,
            passwordHash,
            // Partner users settle through the partner (site.pay false) or pay here.
            paymentLimits: site.pay ? "wallet,alipay,wechat" : "wallet,alipay,wechat,creditpay",
            createTime: now,
            updateTime: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        memberId = m.id;
        if (user.employee) await employInDemoCompany(trx, companyName, memberId, now);
      }
      await trx
        .insertInto("partners")
        .values({ name: site.thirdName, appId: site.appId, secret: partnerSecretFromEnv(site.thirdName), memberId, createTime: now })
        .execute();
    }
  });
}

// tianhe's users book, apply and approve (its role shows items 23, 24, 26, 27): a trip level
// with approval flags and canAudit=1.
async function employInDemoCompany(trx: Kysely<Database>, companyName: string, memberId: number, now: string) {
  const company = await trx.selectFrom("companies").select("id").where("name", "=", companyName).executeTakeFirst();
  if (!company) return;
  const level = await trx
    .insertInto("trip_levels")
    .values({ companyId: company.id, name: "合作方差旅", approveFlag: 1, feeFlag: 1, changeApprove: 1, overproof: 1, overApprove: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const dept = await trx.selectFrom("departments").select("id").where("companyId", "=", company.id).where("name", "=", "市场部").executeTakeFirst();
  const m = await trx.selectFrom("members").select(["realName", "mobilePhone", "email"]).where("id", "=", memberId).executeTakeFirstOrThrow();
  const e = await trx
    .insertInto("employees")
    .values({ companyId: company.id, memberId, departmentId: dept?.id ?? null, tripLevelId: level.id, canAudit: 1, employeeLevel: "差旅专员", createTime: now, ...m, updateTime: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.updateTable("members").set({ creditEmployeeId: e.id }).where("id", "=", memberId).execute();
}

/**
 * Partner rows take their secret from PARTNER_SECRET_<NAME> at every start, so a secret set or
 * rotated in the environment replaces the one a database was seeded with.
 */
export async function applyPartnerSecrets(db: Kysely<Database>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  for (const site of THIRD_PARTY_SITES) {
    const secret = env[partnerSecretVariable(site.thirdName)];
    if (!secret) continue;
    await db.updateTable("partners").set({ secret }).where("appId", "=", site.appId).where("secret", "!=", secret).execute();
  }
}
