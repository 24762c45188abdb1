// The member's message centre: their own messages only, a page at a time by index (the member's
// rows of notification_inbox, in id order, per filter), the unread count the header's bell shows,
// and marking one or all read. Another member's message answers as missing, never as forbidden,
// so ids reveal nothing.
import { z } from "zod";
import { toCount } from "../db";
import { defineRoute } from "../services/http/route";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { zInt } from "../../src/domain/zod";
import { said, saidLazy } from "../services/i18n/text";
import { NOTICE_PATHS, noticeFilterShape, type NoticeKind, type NoticeRow, type NoticeSubject } from "../../src/domain/notifications";

const TAGS = ["notifications"];
const NOT_FOUND = said("notifications.noticeFound");
const listInput = z.object({ ...pageInput(["createTime"] as const), ...noticeFilterShape }).strict();
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("notifications.invalidNoticeId") }) }).strict();

const readJson = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

export const notificationRoutes = [
  defineRoute({
    method: "POST",
    url: NOTICE_PATHS.list,
    summary: "消息中心：本人消息（分页，按类型、已读状态筛选，新的在前）",
    tags: TAGS,
    access: "member",
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<NoticeRow>> => {
      let q = ctx.db.selectFrom("notification_inbox").where("memberId", "=", member!.id);
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
    },
  }),
  defineRoute({
    method: "POST",
    url: NOTICE_PATHS.unread,
    summary: "消息中心：本人未读消息数（页头铃铛）",
    tags: TAGS,
    access: "member",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const row = await ctx.db.selectFrom("notification_inbox").select((eb) => eb.fn.countAll().as("n")).where("memberId", "=", member!.id).where("isRead", "=", 0).executeTakeFirst();
      return { count: toCount(row?.n) };
    },
  }),
  defineRoute({
    method: "POST",
    url: NOTICE_PATHS.read,
    summary: "消息中心：标记一条本人消息为已读",
    tags: TAGS,
    access: "member",
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      const row = await ctx.db.selectFrom("notification_inbox").select(["id", "isRead"]).where("id", "=", input.id).where("memberId", "=", member!.id).executeTakeFirst();
      if (!row) throw new BizError(RET.NOT_FOUND, NOT_FOUND);
      await ctx.db.updateTable("notification_inbox").set({ isRead: 1, readAt: isoAt() }).where("id", "=", input.id).where("memberId", "=", member!.id).where("isRead", "=", 0).execute();
      return { id: input.id };
    },
  }),
  defineRoute({
    method: "POST",
    url: NOTICE_PATHS.readAll,
    summary: "消息中心：本人全部消息标记为已读",
    tags: TAGS,
    access: "member",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const r = await ctx.db.updateTable("notification_inbox").set({ isRead: 1, readAt: isoAt() }).where("memberId", "=", member!.id).where("isRead", "=", 0).executeTakeFirst();
      return { updated: Number(r.numUpdatedRows) };
    },
  }),
];
