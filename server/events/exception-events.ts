// Exception events the portal reports: storing one in its place in the member's list, and a
// member's own list, read by list place when unfiltered so a deep page costs what the first does.
import type { Kysely } from "kysely";
import type { Database, ExceptionEventsTable } from "../db/schema";
import { toCount } from "../db";
import { prepareQuery } from "../db/prepared";
import { offsetOf, type ReplyPage } from "../services/http/paging";
import { isoAt } from "../services/clock";
import type { ExceptionEventType } from "../../src/domain/events";
// The migration's numbering is the list's: one definition of a member's places.
import { renumberEvents } from "../db/migrations/097_event_sequence";

/** What a report stores besides its time and list place. */
export type EventReport = { [K in Exclude<keyof ExceptionEventsTable, "id" | "createTime" | "memberSeq">]: ExceptionEventsTable[K] };

/** Stores a report; a member's takes the next place in their list. The new event's id. */
export async function recordEvent(db: Kysely<Database>, report: EventReport): Promise<number> {
  const row = await db.transaction().execute(async (trx) => {
    // Counted first: the count's lock orders concurrent reports, so each takes the next place
    // in the member's list, and its time is read after the place is taken.
    const memberSeq = report.memberId !== null ? await bumpTotal(trx, report.memberId) : null;
    return trx
      .insertInto("exception_events")
      .values({
        ...report,
        createTime: isoAt(),
        memberSeq,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  return row.id;
}

/** What a member's event list is asked for. */
export interface EventListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "createTime" | "costTime";
  orderType: "asc" | "desc";
  type?: ExceptionEventType;
  api?: string;
  createTimeStart?: string;
  createTimeEnd?: string;
}

/** A page of the member's own events. */
export async function memberEvents(db: Kysely<Database>, memberId: number, input: EventListQuery): Promise<ReplyPage<unknown>> {
  const shape: ListShape = {
    orderBy: input.orderBy ?? "createTime",
    orderType: input.orderType,
    type: input.type !== undefined,
    api: Boolean(input.api),
    start: input.createTimeStart !== undefined,
    end: input.createTimeEnd !== undefined,
  };
  const params: ListParams = {
    memberId,
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
    const total = toCount((await totalQuery.first(db, { memberId }, undefined))?.total);
    const { offset, limit } = params;
    const [from, to] = shape.orderType === "desc" ? [total - offset - limit + 1, total - offset] : [offset + 1, offset + limit];
    const list = await placesQuery.reply(db, { memberId, from, to }, shape.orderType);
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  }
  const [list, total] = await Promise.all([
    pageQuery.reply(db, params, shape),
    filtered
      ? countQuery.first(db, params, shape).then((r) => toCount(r?.n))
      : totalQuery.first(db, { memberId }, undefined).then((r) => toCount(r?.total)),
  ]);
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

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
