// Exception events the portal reports (business errors, failed calls, timeouts): the event map
// and send calls, and a member's own list.
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { label } from "../../src/domain/codes";
import { defineRoute } from "../services/http/route";
import { pageInput, type ReplyPage } from "../services/http/paging";
import {
  EXCEPTION_EVENT_TYPES,
  EXCEPTION_EVENT_TYPE_KEYS,
  EVENT_TEXT_MAX,
} from "../../src/domain/events";
import { zInt, zText } from "../../src/domain/zod";
import { memberEvents, recordEvent } from "../events/exception-events";

const text = (max: number, label: string) => zText({ max, label });
// The portal cuts param and response to EVENT_TEXT_MAX before sending; they may hold line breaks.
const longText = (label: string) => zText({ max: EVENT_TEXT_MAX, multiline: true, label });

const sendInput = z
  .object({
    api: text(300, say("routes.apiPath")).min(1, say("routes.giveApiPath")),
    type: z.enum(EXCEPTION_EVENT_TYPE_KEYS, { error: saidLazy("routes.unknownExceptionType") }),
    httpCode: zInt({ min: 0, max: 999, error: saidLazy("routes.httpStatusCodeMustInteger") }).optional(),
    ret: text(40, "ret").optional(),
    param: longText(say("routes.requestParameters")).optional(),
    response: longText(say("routes.responseContent")).optional(),
    costTime: zInt({ min: 0, max: 24 * 3600 * 1000, error: saidLazy("routes.durationMustNonNegativeInteger") }).optional(),
    appVer: text(40, say("routes.version")).optional(),
  })
  .strict();

const isoDate = z.string().max(30, say("routes.datesAreWrittenYyyyMm")).regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, say("routes.datesAreWrittenYyyyMm"));

const listInput = z
  .object({
    ...pageInput(["createTime", "costTime"] as const),
    type: z.enum(EXCEPTION_EVENT_TYPE_KEYS, { error: saidLazy("routes.unknownExceptionType") }).optional(),
    api: text(300, say("routes.apiPath")).optional(),
    createTimeStart: isoDate.optional(),
    createTimeEnd: isoDate.optional(),
  })
  .strict();

export const eventRoutes = [
  defineRoute({
    method: "POST",
    url: "/event/map",
    summary: "异常事件类型表",
    tags: ["event"],
    access: "public",
    input: z.object({}).strict(),
    // Each type with its name in both languages, from the code labels.
    handler: () => Object.fromEntries(EXCEPTION_EVENT_TYPES.codes.map((type) => [type, { zh: label(EXCEPTION_EVENT_TYPES, type), en: label(EXCEPTION_EVENT_TYPES, type, "en") }])),
  }),
  defineRoute({
    method: "POST",
    url: "/event/send",
    summary: "上报接口异常事件",
    tags: ["event"],
    access: "public",
    input: sendInput,
    rateLimit: { max: 120, timeWindow: 60_000 },
    handler: async ({ input, member, device, req, ctx }) => {
      const id = await recordEvent(ctx.db, {
        memberId: member?.id ?? null,
        api: input.api,
        type: input.type,
        httpCode: input.httpCode ?? null,
        ret: input.ret ?? null,
        param: input.param ?? null,
        response: input.response ?? null,
        costTime: input.costTime ?? null,
        device: device ?? null,
        appVer: input.appVer ?? null,
        userAgent: (req.headers["user-agent"] ?? "").slice(0, 300) || null,
      });
      return { id };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/event/list",
    summary: "我的异常事件（分页）",
    tags: ["event"],
    access: "member",
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<ReplyPage<unknown>> => {
      return memberEvents(ctx.db, member!.id, input);
    },
  }),
];
