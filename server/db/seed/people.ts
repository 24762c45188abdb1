// Demo people and paperwork: the family member (13800000020) keeps three frequent travellers
// (herself, her husband with a passport, their child), a mailing address and an invoice title.
// Added once, also to a database seeded before these tables existed.
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { isoAt } from "../../services/clock";
import { idCardCheckChar } from "../../../src/domain/validators";
import { passengerFormSchema } from "../../../src/domain/people";
import { divisionPath } from "../../../src/domain/people/division";
import { writeTraveller, type TravellerInput } from "../../people/travellers";

const OWNER_MOBILE = "13800000020";
const idNo = (first17: string) => first17 + idCardCheckChar(first17);

export async function seedPeople(db: Kysely<Database>): Promise<void> {
  const member = await db.selectFrom("members").select("id").where("mobilePhone", "=", OWNER_MOBILE).executeTakeFirst();
  if (!member) return;
  const has = await db.selectFrom("travellers").select("id").where("ownerKind", "=", "member").where("ownerId", "=", member.id).executeTakeFirst();
  if (has) return;
  const childYear = new Date().getFullYear() - 6;
  const passengers = [
    { name: "王芳", mobilePhone: OWNER_MOBILE, isDefault: true, certificates: [{ certType: 1, certNo: idNo("31011519880412002") }] },
    {
      name: "陈立", surname: "CHEN", givenName: "LI", mobilePhone: "13900000021",
      certificates: [{ certType: 1, certNo: idNo("31011519860918003") }, { certType: 2, certNo: "E87654321", expiry: `${new Date().getFullYear() + 6}-09-17`, issueCountry: "中国" }],
    },
    { name: "陈小雨", remark: "儿童", certificates: [{ certType: 1, certNo: idNo(`310115${childYear}0601004`) }] },
  ].map((p) => passengerFormSchema.parse(p) as TravellerInput);
  const at = isoAt();
  const place = divisionPath("31", "3101", "310115")!;
  await db.transaction().execute(async (trx) => {
    for (const p of passengers) await writeTraveller(trx, { kind: "member", id: member.id }, p, at);
    await trx
      .insertInto("addresses")
      .values({ memberId: member.id, receiver: "王芳", mobilePhone: OWNER_MOBILE, ...place, detail: "世纪大道100号 15楼", postcode: "200120", isDefault: 1, createTime: at, updateTime: at })
      .execute();
    await trx.insertInto("invoice_titles").values({ memberId: member.id, titleType: 1, title: "王芳", isDefault: 1, createTime: at, updateTime: at }).execute();
  });
}
