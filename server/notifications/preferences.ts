// Where one notification goes: the channels its member chose for its group (else their company's
// defaults, else the built-in ones), the language of its email, and the company's group robots
// that post its group. Read in the dispatcher's transaction, once per notification.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { NOTICE_GROUP, type NoticeGroup, type NoticeKind } from "../../src/domain/notifications";
import { chosenChannels } from "../../src/domain/notice-preferences";

type Groups = Partial<Record<NoticeGroup, string[]>>;

const readJson = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** The company a member works for or runs (0: none). */
export async function companyIdOfMember(db: Kysely<Database>, memberId: number): Promise<number> {
  const m = await db.selectFrom("members").select(["memberType", "creditMemberId", "creditEmployeeId"]).where("id", "=", memberId).executeTakeFirst();
  if (!m) return 0;
  if (m.creditEmployeeId > 0) {
    const e = await db.selectFrom("employees").select("companyId").where("id", "=", m.creditEmployeeId).executeTakeFirst();
    return e?.companyId ?? 0;
  }
  return String(m.memberType) === "70" ? m.creditMemberId : 0;
}

export interface Routing {
  channels: Set<string>;
  lang: "zh" | "en";
  /** Ids of the company's enabled robots that post this kind's group. */
  robots: number[];
}

export async function routingOf(db: Kysely<Database>, memberId: number, kind: NoticeKind): Promise<Routing> {
  const mine = await db.selectFrom("notification_preferences").select(["channels", "lang"]).where("memberId", "=", memberId).executeTakeFirst();
  const companyId = await companyIdOfMember(db, memberId);
  const company = companyId ? await db.selectFrom("company_notice_settings").select(["channels", "robotGroups"]).where("companyId", "=", companyId).executeTakeFirst() : undefined;
  const channels = new Set(chosenChannels(kind, readJson<Groups | null>(mine?.channels, null), readJson<Groups | null>(company?.channels, null)));
  const robotGroups = readJson<string[]>(company?.robotGroups, []);
  const robots =
    companyId && robotGroups.includes(NOTICE_GROUP[kind])
      ? (await db.selectFrom("company_robots").select("id").where("companyId", "=", companyId).where("status", "=", 1).orderBy("id").execute()).map((r) => r.id)
      : [];
  return { channels, lang: mine?.lang === "en" ? "en" : "zh", robots };
}

/** The language a member's emails are written in. */
export async function langOf(db: Kysely<Database>, memberId: number): Promise<"zh" | "en"> {
  const row = await db.selectFrom("notification_preferences").select("lang").where("memberId", "=", memberId).executeTakeFirst();
  return row?.lang === "en" ? "en" : "zh";
}
