// The stored notification settings: a member's channel choices and email language, a company's
// defaults and robot groups, and the company's group robots. Another company's robot reads as
// missing, so ids reveal nothing.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { said } from "../services/i18n/text";
import type { NoticeGroup } from "../../src/domain/notifications";
import type { RobotInput } from "../../src/domain/notice-preferences";

type Groups = Partial<Record<NoticeGroup, string[]>>;

export const ROBOTS_MAX = 20;

export function memberPreferences(db: Kysely<Database>, memberId: number) {
  return db.selectFrom("notification_preferences").select(["channels", "lang"]).where("memberId", "=", memberId).executeTakeFirst();
}

export async function saveMemberPreferences(db: Kysely<Database>, memberId: number, groups: Groups, lang: string): Promise<void> {
  const row = { memberId, channels: JSON.stringify(groups), lang, updateTime: isoAt() };
  await db.insertInto("notification_preferences").values(row).onConflict((oc) => oc.column("memberId").doUpdateSet({ channels: row.channels, lang, updateTime: row.updateTime })).execute();
}

export async function companySettings(db: Kysely<Database>, companyId: number) {
  return companyId ? db.selectFrom("company_notice_settings").select(["channels", "robotGroups"]).where("companyId", "=", companyId).executeTakeFirst() : undefined;
}

export async function saveCompanySettings(db: Kysely<Database>, companyId: number, groups: Groups, robotGroups: string[]): Promise<void> {
  const row = { companyId, channels: JSON.stringify(groups), robotGroups: JSON.stringify(robotGroups), updateTime: isoAt() };
  await db.insertInto("company_notice_settings").values(row).onConflict((oc) => oc.column("companyId").doUpdateSet({ channels: row.channels, robotGroups: row.robotGroups, updateTime: row.updateTime })).execute();
}

export function companyRobots(db: Kysely<Database>, companyId: number) {
  return db.selectFrom("company_robots").selectAll().where("companyId", "=", companyId).orderBy("id").execute();
}

export async function ownRobot(db: Kysely<Database>, companyId: number, id: number) {
  const r = await db.selectFrom("company_robots").selectAll().where("id", "=", id).where("companyId", "=", companyId).executeTakeFirst();
  if (!r) throw new BizError(RET.NOT_FOUND, said("notices.robotNotFound"));
  return r;
}

export async function addRobot(db: Kysely<Database>, companyId: number, input: RobotInput) {
  const count = await db.selectFrom("company_robots").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", companyId).executeTakeFirst();
  if (Number(count?.n ?? 0) >= ROBOTS_MAX) throw new BizError(RET.BAD_INPUT, said("notices.tooManyRobots", { max: ROBOTS_MAX }));
  const at = isoAt();
  return db.insertInto("company_robots").values({ companyId, ...input, createTime: at, updateTime: at }).returningAll().executeTakeFirstOrThrow();
}

export async function updateRobot(db: Kysely<Database>, companyId: number, id: number, set: { platform: string; name: string; url: string; secret: string | null; status: number }): Promise<void> {
  await db.updateTable("company_robots").set({ ...set, updateTime: isoAt() }).where("id", "=", id).where("companyId", "=", companyId).execute();
}

export async function deleteRobot(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  await ownRobot(db, companyId, id);
  await db.deleteFrom("company_robots").where("id", "=", id).where("companyId", "=", companyId).execute();
}
