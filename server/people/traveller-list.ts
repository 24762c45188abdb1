// A frequent- or external-traveller list (/new_beneficiary/list and the company's external
// travellers): filters, keyword search, sorting and paging over one owner's travellers with their
// certificates, phones and certificate numbers masked. Its queries are compiled once per shape;
// on SQLite the unfiltered order and the keyword matches are read as ids first, and only the
// page's rows are read in full.
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import type { ExpressionBuilder, Kysely } from "kysely";
import { z } from "zod";
import type { Database, TravellerOwnerKind } from "../db/schema";
import { candidateRows, notIndexed, storedTravellerTotal, trigramKeywords } from "./search";
import { prepareQuery } from "../db/prepared";
import { WatchedCache } from "../db/watched-cache";
import { peopleWatchOf, toCount } from "../db";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { ymdOf } from "../../src/domain/format";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { birthdayRange, type TravellerRow } from "../../src/domain/people";
import { inIdOrder } from "../db/in-id-order";
import { COLUMNS, withCertificates, type Owner, type TravellerRecord } from "./travellers";

export const travellerListInput = z
  .object({
    ...pageInput(["name", "createTime", "updateTime", "birthday"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    certType: zInt({ min: 0, max: 9, error: saidLazy("people.invalidCertificateType") }).optional(),
    psgType: z.enum(["ADT", "CHD", "INF"], { error: saidLazy("people.travellerTypeOnlyAdtChd") }).optional(),
  })
  .strict();
export type TravellerListInput = z.output<typeof travellerListInput>;

const ORDER_COLUMNS = { name: "t.name", createTime: "t.createTime", updateTime: "t.updateTime", birthday: "t.birthday" } as const;

async function countOwned(db: Kysely<Database>, owner: Owner): Promise<number> {
  const row = await db.selectFrom("travellers").select((eb) => eb.fn.countAll().as("n")).where("ownerKind", "=", owner.kind).where("ownerId", "=", owner.id).executeTakeFirst();
  return toCount(row?.n);
}

/** What decides the text of a list query: its order and which filters apply. */
interface ListShape {
  column: (typeof ORDER_COLUMNS)[keyof typeof ORDER_COLUMNS];
  /** No order asked for: the default traveller leads. */
  defaultFirst: boolean;
  dir: "asc" | "desc";
  keyword: boolean;
  /** Keywords looked up in the trigram table (0: none, the owner's rows are tested instead). */
  candidates: number;
  certType: boolean;
  after: boolean;
  upTo: boolean;
  orUnknown: boolean;
  pagedByIds: boolean;
  /** The page's ids given (i0, i1, …) from the kept order instead of read off the index. */
  givenIds: number;
}
interface ListParams extends Record<string, unknown> {
  kind: TravellerOwnerKind;
  ownerId: number;
  pattern: string;
  upper: string;
  /** LIKE patterns of the candidate keywords: c0, c1, … */
  [candidate: `c${number}`]: string;
  certType: number;
  after: string;
  upTo: string;
  limit: number;
  offset: number;
}
const shapeKey = (s: ListShape) =>
  `${s.column} ${+s.defaultFirst} ${s.dir} ${+s.keyword}${s.candidates}${+s.certType}${+s.after}${+s.upTo}${+s.orUnknown}${+s.pagedByIds} ${s.givenIds}`;

/** The ids of the owner's travellers in the list's unfiltered order. */
function ownerOrder(db: Kysely<Database>, kind: TravellerOwnerKind, ownerId: number, s: { defaultFirst: boolean; dir: "asc" | "desc" }) {
  return db
    .selectFrom("travellers as t")
    .select("t.id")
    .where("t.ownerKind", "=", kind)
    .where("t.ownerId", "=", ownerId)
    .$if(s.defaultFirst, (qb) => qb.orderBy("t.isDefault", "desc"))
    .orderBy("t.createTime", s.dir)
    .orderBy("t.id", s.dir);
}

/** The owner's rows the list's filters keep (the page and its total read the same). */
function filteredTravellers(db: Kysely<Database>, p: ListParams, s: ListShape) {
  const candidates = s.candidates ? candidateRows("travellers_search", Array.from({ length: s.candidates }, (_, i) => p[`c${i}`])) : null;
  // Unfiltered and in join order, the page's ids are read off an (owner, [isDefault,] createTime,
  // id) index alone and only those rows are read: with an offset, every skipped row was read too.
  const pageIds = s.givenIds
    ? Array.from({ length: s.givenIds }, (_, i) => p[`i${i}`] as number)
    : s.pagedByIds
    ? ownerOrder(db, p.kind, p.ownerId, s).limit(p.limit).offset(p.offset)
    : null;
  let q = db.selectFrom("travellers as t");
  // Keyword candidates and a page's ids are few: those rows are looked up and checked for the
  // owner, instead of every row of the owner being checked against them.
  const leading = candidates ?? pageIds;
  q = leading
    ? q.where("t.id", "in", leading).where(notIndexed(db, "t.ownerKind", p.kind)).where(notIndexed(db, "t.ownerId", p.ownerId))
    : q.where("t.ownerKind", "=", p.kind).where("t.ownerId", "=", p.ownerId);
  if (s.keyword) {
    const ownerCertificates = (eb: ExpressionBuilder<Database & { t: Database["travellers"] }, "t">) =>
      eb.selectFrom("traveller_certificates as c").where("c.ownerKind", "=", p.kind).where("c.ownerId", "=", p.ownerId).where("c.certNo", "like", p.upper);
    q = q.where((eb) =>
      eb.or([
        eb("t.name", "like", p.pattern),
        eb("t.surname", "like", p.upper),
        eb("t.givenName", "like", p.upper),
        eb("t.mobilePhone", "like", p.pattern),
        // Among a few candidates each one's certificates are looked at; otherwise the owner's
        // matching certificates are found once, not once per traveller.
        candidates
          ? eb.exists(ownerCertificates(eb).select("c.id").whereRef("c.travellerId", "=", "t.id"))
          : eb("t.id", "in", ownerCertificates(eb).select("c.travellerId")),
      ]),
    );
  }
  if (s.certType) {
    q = q.where((eb) => eb.exists(eb.selectFrom("traveller_certificates as c").select("c.id").whereRef("c.travellerId", "=", "t.id").where("c.certType", "=", p.certType)));
  }
  if (s.after || s.upTo || s.orUnknown) {
    q = q.where((eb) => {
      const bounds = [];
      if (s.after) bounds.push(eb("t.birthday", ">", p.after));
      if (s.upTo) bounds.push(eb("t.birthday", "<=", p.upTo));
      const known = eb.and(bounds);
      return s.orUnknown ? eb.or([known, eb("t.birthday", "is", null)]) : known;
    });
  }
  return q;
}

// Built and compiled once per shape: the query builder cost more CPU than SQLite reading the page.
const travellerPage = prepareQuery(
  (db, p: ListParams, s: ListShape) =>
    filteredTravellers(db, p, s)
      .select([...COLUMNS])
      // Given ids are put in their kept order afterwards (inIdOrder), without a sort here.
      .$if(!s.givenIds, (qb) =>
        qb
          // The default traveller leads the unsorted list; nulls last in both dialects; the id breaks ties.
          .$if(s.defaultFirst, (qb) => qb.orderBy("t.isDefault", "desc"))
          // createTime is never null: asked as the index holds it, PostgreSQL walks the index in
          // order instead of sorting (its backward walk puts nulls first).
          .orderBy(s.column, (ob) => {
            const o = s.dir === "asc" ? ob.asc() : ob.desc();
            return s.column === "t.createTime" ? o : o.nullsLast();
          })
          .orderBy("t.id", s.dir)
          .limit(p.limit)
          .offset(s.pagedByIds ? 0 : p.offset),
      ),
  shapeKey,
);
/** Every id of the owner's travellers in the list's unfiltered order (see listOrders). */
const travellerOrder = prepareQuery(
  (db, p: { kind: TravellerOwnerKind; ownerId: number }, s: { defaultFirst: boolean; dir: "asc" | "desc" }) => ownerOrder(db, p.kind, p.ownerId, s),
  (s) => `${+s.defaultFirst} ${s.dir}`,
);

/**
 * The unfiltered lists' order, kept on SQLite until a traveller is written (see WatchedCache):
 * a page deep in a long list then costs its own rows, where the offset walked every row before
 * it in the index (5,000 entries for page 250 of 20).
 */
const listOrders = new WatchedCache<number[]>(500, peopleWatchOf);

/** The ids of every row the list's filters keep, in the list's order. */
const travellerMatches = prepareQuery(
  (db, p: ListParams, s: ListShape) =>
    filteredTravellers(db, p, s)
      .select("t.id")
      .$if(s.defaultFirst, (qb) => qb.orderBy("t.isDefault", "desc"))
      .orderBy(s.column, (ob) => (s.dir === "asc" ? ob.asc() : ob.desc()).nullsLast())
      .orderBy("t.id", s.dir),
  shapeKey,
);

/** The rows of a page whose ids already passed the list's filters, in the ids' order. */
async function travellersByIds(db: Kysely<Database>, params: ListParams, shape: ListShape, ids: number[]): Promise<TravellerRecord[]> {
  if (!ids.length) return [];
  ids.forEach((id, i) => (params[`i${i}`] = id));
  // Only the owner is checked again; the filters were applied when the ids were chosen.
  const byIds: ListShape = { ...shape, keyword: false, candidates: 0, certType: false, after: false, upTo: false, orUnknown: false, pagedByIds: true, givenIds: ids.length };
  return inIdOrder(ids, (await travellerPage.all(db, params, byIds)) as TravellerRecord[]);
}

const travellerCount = prepareQuery((db, p: ListParams, s: ListShape) => filteredTravellers(db, p, s).select((eb) => eb.fn.countAll().as("n")), shapeKey);

/** One page of the owner's travellers, masked, searched by name, English name, mobile or certificate number. */
export async function listTravellers(db: Kysely<Database>, owner: Owner, input: TravellerListInput): Promise<Page<TravellerRow>> {
  // LIKE wildcards typed by the user are dropped: 1_3 must not match 1x3.
  const keyword = input.keyword?.replace(/[%_\\]/g, "");
  // English names and certificate numbers are stored in capitals; PostgreSQL's LIKE is case-sensitive.
  const upperKeyword = keyword?.toUpperCase();
  const candidates = keyword ? trigramKeywords(db, [keyword, upperKeyword!]) : null;
  const filtered = Boolean(keyword) || input.certType !== undefined || Boolean(input.psgType);
  const column = ORDER_COLUMNS[input.orderBy ?? "createTime"];
  const range = input.psgType ? birthdayRange(input.psgType, ymdOf(new Date())) : null;
  const shape: ListShape = {
    column,
    defaultFirst: input.orderBy === undefined,
    dir: input.orderType,
    keyword: Boolean(keyword),
    candidates: candidates?.length ?? 0,
    certType: input.certType !== undefined,
    after: Boolean(range?.after),
    upTo: Boolean(range?.upTo),
    orUnknown: Boolean(range?.orUnknown),
    pagedByIds: !filtered && column === "t.createTime",
    givenIds: 0,
  };
  const params: ListParams = {
    kind: owner.kind,
    ownerId: owner.id,
    pattern: `%${keyword ?? ""}%`,
    upper: `%${upperKeyword ?? ""}%`,
    certType: input.certType ?? 0,
    after: range?.after ?? "",
    upTo: range?.upTo ?? "",
    limit: input.pageSize,
    offset: offsetOf(input),
  };
  candidates?.forEach((k, i) => (params[`c${i}`] = `%${k}%`));
  if (shape.pagedByIds && listOrders.keeps(db)) {
    const order = await listOrders.get(db, `${owner.kind}|${owner.id}|${shape.defaultFirst}|${shape.dir}`, async () =>
      (await travellerOrder.all(db, { kind: owner.kind, ownerId: owner.id }, shape)).map((r) => r.id),
    );
    const rows = await travellersByIds(db, params, shape, order.slice(params.offset, params.offset + params.limit));
    return { list: await withCertificates(db, rows, true), total: order.length, pageNum: input.pageNum, pageSize: input.pageSize };
  }
  if (candidates) {
    // The trigram table narrows a keyword to few rows: their ids, read once in the list's order,
    // give the total and the page, and only the page's rows are read. The page and its count
    // otherwise each matched the keyword again, and the page sorted whole rows.
    const matches = await travellerMatches.all(db, params, shape);
    const rows = await travellersByIds(db, params, shape, matches.slice(params.offset, params.offset + params.limit).map((r) => r.id));
    return { list: await withCertificates(db, rows, true), total: matches.length, pageNum: input.pageNum, pageSize: input.pageSize };
  }
  const [rows, count] = await Promise.all([
    travellerPage.all(db, params, shape) as Promise<TravellerRecord[]>,
    filtered
      ? travellerCount.first(db, params, shape).then((r) => toCount(r?.n))
      : storedTravellerTotal(db, owner.kind, owner.id).then(async (n) => n ?? countOwned(db, owner)),
  ]);
  return { list: await withCertificates(db, rows, true), total: count, pageNum: input.pageNum, pageSize: input.pageSize };
}
