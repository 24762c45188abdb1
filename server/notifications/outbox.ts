// Writing notifications: one outbox row per recipient, in the caller's transaction, so the
// message exists exactly when the change that causes it does. The params are checked against the
// kind's schema first and a bad set is dropped with a log line: a notification must never fail
// the business action (on PostgreSQL a failed insert would abort the caller's whole transaction).
// Sending happens later, by the dispatcher.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import { NOTICE_PARAMS, type NoticeKind, type NoticeParams, type NoticeSubject } from "../../src/domain/notifications";
import { noticeLog } from "./log";

export interface NewNotice<K extends NoticeKind> {
  kind: K;
  /** Members to tell; blanks and repeats are dropped (a booker who travels hears it once). */
  to: readonly (number | null | undefined)[];
  params: NoticeParams<K>;
  subject: { type: NoticeSubject; id: number } | null;
}

/** Writes the rows; answers their ids (none when there is nobody to tell or the params do not read). */
export async function writeNotice<K extends NoticeKind>(trx: Kysely<Database>, n: NewNotice<K>): Promise<number[]> {
  const members = [...new Set(n.to.filter((m): m is number => Number.isSafeInteger(m) && (m as number) > 0))];
  if (!members.length) return [];
  const parsed = NOTICE_PARAMS[n.kind].safeParse(n.params);
  if (!parsed.success) {
    noticeLog().error({ kind: n.kind, issue: parsed.error.issues[0]?.message, path: parsed.error.issues[0]?.path.join(".") }, "notification dropped: its params do not read");
    return [];
  }
  const params = JSON.stringify(parsed.data);
  const at = isoAt();
  const rows = await trx
    .insertInto("notifications")
    .values(members.map((memberId) => ({ kind: n.kind, memberId, params, subjectType: n.subject?.type ?? null, subjectId: n.subject?.id ?? null, createTime: at })))
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}
