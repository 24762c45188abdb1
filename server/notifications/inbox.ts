// The member's message centre over notification_inbox: a member reads and marks only their own
// rows, so every query here is bound to the member's id.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { isoAt } from "../services/clock";
import { offsetOf, type Page } from "../services/http/paging";
import type { NoticeKind, NoticeRow, NoticeSubject } from "../../src/domain/notifications";

/** What the message list is asked for. */
export interface InboxQuery {
  pageNum: number;
  pageSize: number;
  orderType: "asc" | "desc";
  kind?: NoticeKind;
  isRead?: number;
}

const readJson = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** A page of the member's messages, in id order, per filter. */
export async function inboxPage(db: Kysely<Database>, memberId: number, input: InboxQuery): Promise<Page<NoticeRow>> {
  let q = db.selectFrom("notification_inbox").where("memberId", "=", memberId);
  if (input.kind !== undefined) q = q.where("kind", "=", input.kind);
  if (input.isRead !== undefined) q = q.where("isRead", "=", input.isRead);
  const [rows, count] = await Promise.all([
    q
      .select(["id", "kind", "params", "subjectType", "subjectId", "isRead", "readAt", "createTime"])
      .orderBy("id", input.orderType)
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  const list = rows.map((r) => ({
    ...r, kind: r.kind as NoticeKind, params: readJson(r.params), subjectType: r.subjectType as NoticeSubject | null, isRead: (r.isRead ? 1 : 0) as 0 | 1,
  }));
  return { list, total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** How many of the member's messages are unread. */
export async function unreadCount(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db.selectFrom("notification_inbox").select((eb) => eb.fn.countAll().as("n")).where("memberId", "=", memberId).where("isRead", "=", 0).executeTakeFirst();
  return toCount(row?.n);
}

/** Marks one of the member's messages read; false when the member has no message of that id. */
export async function markRead(db: Kysely<Database>, memberId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom("notification_inbox").select(["id", "isRead"]).where("id", "=", id).where("memberId", "=", memberId).executeTakeFirst();
  if (!row) return false;
  await db.updateTable("notification_inbox").set({ isRead: 1, readAt: isoAt() }).where("id", "=", id).where("memberId", "=", memberId).where("isRead", "=", 0).execute();
  return true;
}

/** Marks all the member's unread messages read; how many were. */
export async function markAllRead(db: Kysely<Database>, memberId: number): Promise<number> {
  const r = await db.updateTable("notification_inbox").set({ isRead: 1, readAt: isoAt() }).where("memberId", "=", memberId).where("isRead", "=", 0).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
