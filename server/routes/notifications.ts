// The member's message centre: their own messages only, a page at a time by index (the member's
// rows of notification_inbox, in id order, per filter), the unread count the header's bell shows,
// and marking one or all read. Another member's message answers as missing, never as forbidden,
// so ids reveal nothing.
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { pageInput, type Page } from "../services/http/paging";
import { BizError, RET } from "../services/http/envelope";
import { zInt } from "../../src/domain/zod";
import { NOTICE_PATHS, noticeFilterShape, type NoticeRow } from "../../src/domain/notifications";
import { inboxPage, markAllRead, markRead, unreadCount } from "../notifications/inbox";

const TAGS = ["notifications"];
const NOT_FOUND = said("notifications.noticeFound");
const listInput = z.object({ ...pageInput(["createTime"] as const), ...noticeFilterShape }).strict();
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("notifications.invalidNoticeId") }) }).strict();

export const notificationRoutes = [
  defineRoute({
    method: "POST",
    url: NOTICE_PATHS.list,
    summary: "消息中心：本人消息（分页，按类型、已读状态筛选，新的在前）",
    tags: TAGS,
    access: "member",
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<NoticeRow>> => {
      return inboxPage(ctx.db, member!.id, input);
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
      return { count: await unreadCount(ctx.db, member!.id) };
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
      if (!(await markRead(ctx.db, member!.id, input.id))) throw new BizError(RET.NOT_FOUND, NOT_FOUND);
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
      return { updated: await markAllRead(ctx.db, member!.id) };
    },
  }),
];
