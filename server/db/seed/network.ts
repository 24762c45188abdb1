// Demo member network: three child companies of the demo company, three members who registered
// with 13800000010 as referrer, and the members the agents recruited (their subordinates):
// 13800000040 (distribution service provider) three personal members, 13800000050 (city
// operator) a distribution service provider and a personal member. Recruits sign in with the
// demo password. Added once, also to a database seeded before these tables existed.
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { isoAt } from "../../services/clock";
import { hashPassword, md5 } from "../../services/accounts/passwords";
import { usccCheckChar } from "../../../src/domain/people/invoice-title";

const uscc = (first17: string) => first17 + usccCheckChar(first17);

const SUBSIDIARIES = [
  { name: "华信科技（上海）有限公司", creditCode: uscc("91310115MA1K4A2B3"), contactName: "周敏", contactMobile: "13900000701", address: "上海市浦东新区张江路88号", status: 1 },
  { name: "华信科技（深圳）有限公司", creditCode: uscc("91440300MA5F6C7D8"), contactName: "郑浩", contactMobile: "13900000702", address: "深圳市南山区科技园南路12号", status: 1 },
  { name: "华信数据服务（成都）有限公司", creditCode: uscc("91510100MA6H8J9K0"), contactName: "冯雪", contactMobile: "13900000703", address: null, status: 0 },
];

/** Recruits: referrer mobile, own mobile, type, name, and how many days ago they registered. */
const RECRUITS: [string, string, string, string, number][] = [
  ["13800000010", "13800000111", "10", "钱进", 40],
  ["13800000010", "13800000112", "20", "孙丽", 21],
  ["13800000010", "13800000113", "30", "周涛", 5],
  ["13800000040", "13800000141", "10", "马超", 60],
  ["13800000040", "13800000142", "30", "林峰", 33],
  ["13800000040", "13800000143", "20", "何静", 12],
  ["13800000050", "13800000151", "40", "高远", 50],
  ["13800000050", "13800000152", "10", "罗兰", 9],
];

export async function seedNetwork(db: Kysely<Database>, companyName: string, password: string): Promise<void> {
  const company = await db.selectFrom("companies").select("id").where("name", "=", companyName).executeTakeFirst();
  const done = await db.selectFrom("members").select("id").where("mobilePhone", "=", RECRUITS[0][1]).executeTakeFirst();
  if (done) return;
  const referrers = await db.selectFrom("members").select(["id", "mobilePhone"]).where("mobilePhone", "in", [...new Set(RECRUITS.map((r) => r[0]))]).execute();
  const idOf = new Map(referrers.map((r) => [r.mobilePhone, r.id]));
  const passwordHash = await hashPassword(md5(password));
  const at = isoAt();
  await db.transaction().execute(async (trx) => {
    if (company) {
      for (const [i, s] of SUBSIDIARIES.entries()) {
        const time = new Date(Date.parse(at) - (SUBSIDIARIES.length - i) * 86_400_000).toISOString();
        await trx.insertInto("subsidiaries").values({ ...s, companyId: company.id, createTime: time, updateTime: time }).execute();
      }
    }
    for (const [referrer, mobilePhone, memberType, realName, daysAgo] of RECRUITS) {
      const referrerId = idOf.get(referrer);
      if (!referrerId) continue;
      const time = new Date(Date.parse(at) - daysAgo * 86_400_000).toISOString();
      await trx
        .insertInto("members")
        .values({ memberType, realName, mobilePhone, account: mobilePhone, username: mobilePhone, passwordHash, referrerId, memberLevel: 1, status: 1, createTime: time, updateTime: time })
        .execute();
    }
  });
}
