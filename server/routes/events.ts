// Exception events the portal reports (business errors, failed calls, timeouts): the event map
// and send calls, and a member's own list.
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { label } from "../../src/domain/codes";
import { defineRoute } from "../services/http/route";
import { pageInput, offsetOf, type ReplyPage } from "../services/http/paging";
import { toCount } from "../db";
import { prepareQuery } from "../db/prepared";
import {
  EXCEPTION_EVENT_TYPES,
  EXCEPTION_EVENT_TYPE_KEYS,
  EVENT_TEXT_MAX,
} from "../../src/domain/events";
import { zInt, zText } from "../../src/domain/zod";
import { isoAt } from "../services/clock";
// The migration's numbering is the list's: one definition of a member's places.
import { renumberEvents } from "../db/migrations/097_event_sequence";

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
      const row = await ctx.db.transaction().execute(async (trx) => {
        // Counted first: the count's lock orders concurrent reports, so each takes the next place
        // in the member's list, and its time is read after the place is taken.
        const memberSeq = member ? await bumpTotal(trx, member.id) : null;
        return trx
          .insertInto("exception_events")
          .values({
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
            createTime: isoAt(),
            memberSeq,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      });
      return { id: row.id };
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
      const shape: ListShape = {
        orderBy: input.orderBy ?? "createTime",
        orderType: input.orderType,
        type: input.type !== undefined,
        api: Boolean(input.api),
        start: input.createTimeStart !== undefined,
        end: input.createTimeEnd !== undefined,
      };
      const params: ListParams = {
        memberId: member!.id,
        type: input.type ?? "",
        api: input.api ? `%${input.api.replace(/[%_\\]/g, "")}%` : "",
        start: input.createTimeStart ?? "",
        end: input.createTimeEnd ? endOfDay(input.createTimeEnd) : "",
        limit: input.pageSize,
        offset: offsetOf(input),
      };
      const filtered = shape.type || shape.api || shape.start || shape.end;
      if (!filtered && shape.orderBy === "createTime") {
        // The default list: its page is a range of list places, however deep (see memberSeq).
        const total = toCount((await totalQuery.first(ctx.db, { memberId: member!.id }, undefined))?.total);
        const { offset, limit } = params;
        const [from, to] = shape.orderType === "desc" ? [total - offset - limit + 1, total - offset] : [offset + 1, offset + limit];
        const list = await placesQuery.reply(ctx.db, { memberId: member!.id, from, to }, shape.orderType);
        return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
      }
      const [list, total] = await Promise.all([
        pageQuery.reply(ctx.db, params, shape),
        filtered
          ? countQuery.first(ctx.db, params, shape).then((r) => toCount(r?.n))
          : totalQuery.first(ctx.db, { memberId: member!.id }, undefined).then((r) => toCount(r?.total)),
      ]);
      return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
];

/** Atomic in both dialects, so concurrent reports never lose a count; answers the new count. */
export async function bumpTotal(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db
    .insertInto("exception_event_totals")
    .values({ memberId, total: 1 })
    .onConflict((oc) => oc.column("memberId").doUpdateSet((eb) => ({ total: eb("exception_event_totals.total", "+", 1) })))
    .returning("total")
    .executeTakeFirstOrThrow();
  return toCount(row.total);
}

/** Recomputes every member's total and list places (after rows were written around the send route, e.g. in bulk). */
export async function rebuildEventTotals(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("exception_event_totals").execute();
    await trx
      .insertInto("exception_event_totals")
      .columns(["memberId", "total"])
      .expression((eb) =>
        eb
          .selectFrom("exception_events")
          .select((e) => [e.ref("memberId").$notNull().as("memberId"), e.fn.countAll<number>().as("total")])
          .where("memberId", "is not", null)
          .groupBy("memberId"),
      )
      .execute();
    await renumberEvents(trx);
  });
}

interface ListShape {
  orderBy: "createTime" | "costTime";
  orderType: "asc" | "desc";
  /** Which filters apply. */
  type: boolean;
  api: boolean;
  start: boolean;
  end: boolean;
}
interface ListParams extends Record<string, unknown> {
  memberId: number;
  type: string;
  api: string;
  start: string;
  end: string;
  limit: number;
  offset: number;
}
const shapeKey = (s: ListShape) => `${s.orderBy} ${s.orderType} ${+s.type}${+s.api}${+s.start}${+s.end}`;

function filteredEvents(db: Kysely<Database>, p: ListParams, s: ListShape) {
  let q = db.selectFrom("exception_events").where("memberId", "=", p.memberId);
  if (s.type) q = q.where("type", "=", p.type);
  if (s.api) q = q.where("api", "like", p.api);
  if (s.start) q = q.where("createTime", ">=", p.start);
  if (s.end) q = q.where("createTime", "<", p.end);
  return q;
}

/** What the list shows of an event. */
const LIST_COLUMNS = ["id", "api", "type", "httpCode", "ret", "costTime", "device", "appVer", "createTime"] as const;

const pageQuery = prepareQuery(
  (db, p: ListParams, s: ListShape) =>
    filteredEvents(db, p, s)
      .select(LIST_COLUMNS)
      .orderBy(s.orderBy, s.orderType)
      .orderBy("id", s.orderType)
      .limit(p.limit)
      .offset(p.offset),
  shapeKey,
);

// Places from..to of a member's list. Places are given in report order, which is createTime
// order: a report's time is read after its place is taken (and rebuildEventTotals numbers by time).
const placesQuery = prepareQuery(
  (db, p: { memberId: number; from: number; to: number }, orderType: "asc" | "desc") =>
    db
      .selectFrom("exception_events")
      .select(LIST_COLUMNS)
      .where("memberId", "=", p.memberId)
      .where("memberSeq", ">=", p.from)
      .where("memberSeq", "<=", p.to)
      .orderBy("memberSeq", orderType),
  (orderType) => orderType,
);

const countQuery = prepareQuery((db, p: ListParams, s: ListShape) => filteredEvents(db, p, s).select((eb) => eb.fn.countAll().as("n")), shapeKey);

const totalQuery = prepareQuery((db, p: { memberId: number }) => db.selectFrom("exception_event_totals").select("total").where("memberId", "=", p.memberId));

// A date-only end bound includes that whole day.
function endOfDay(value: string): string {
  if (value.length > 10) return value;
  const d = new Date(`${value}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}
