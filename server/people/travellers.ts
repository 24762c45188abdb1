// What the frequent-traveller and external-traveller routes share: one table, scoped by owner
// (a member's own travellers, or a company's). Every query carries the owner, so a caller can
// never read or change another owner's rows; a row named by id that belongs to someone else is
// refused, a missing one is not found.
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Database, TravellerOwnerKind } from "../db/schema";
import { candidateRows, notIndexed, storedTravellerTotal, trigramKeywords } from "./search";
import { prepareQuery } from "../db/prepared";
import { WatchedCache } from "../db/watched-cache";
import { peopleWatchOf, toCount } from "../db";
import { BizError, RET } from "../services/http/envelope";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { uniquely } from "../policy/unique";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { ymdOf } from "../../src/domain/format";
import { zInt, zOptionalString } from "../../src/domain/zod";
import {
  birthdayRange, maskCertNo, maskMobile, passengerTypeOf, TRAVELLERS_MAX,
  type CertificateForm, type CertificateRow, type PassengerForm, type TravellerRow,
} from "../../src/domain/people";
import type { CertType } from "../../src/domain/codes";
import type { Sex } from "../../src/domain/people";
import { inIdOrder } from "../db/in-id-order";

export interface Owner {
  kind: TravellerOwnerKind;
  id: number;
}

export const MISSING = "未找到该旅客";
export const NOT_YOURS = "无权查看或操作该旅客";

export const travellerIdInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: "旅客编号不正确" }) }).strict();

export const travellerListInput = z
  .object({
    ...pageInput(["name", "createTime", "updateTime", "birthday"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, `关键字最多 ${KEYWORD_MAX} 个字符`), "关键字须为文本"),
    certType: zInt({ min: 0, max: 9, error: "证件类型不正确" }).optional(),
    psgType: z.enum(["ADT", "CHD", "INF"], { error: "旅客类型只能是 ADT、CHD 或 INF" }).optional(),
  })
  .strict();
export type TravellerListInput = z.output<typeof travellerListInput>;

type Db = Kysely<Database> | Transaction<Database>;

interface TravellerRecord {
  id: number;
  name: string | null;
  surname: string | null;
  givenName: string | null;
  mobilePhone: string | null;
  birthday: string | null;
  sex: number | null;
  isDefault: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

const COLUMNS = ["t.id", "t.name", "t.surname", "t.givenName", "t.mobilePhone", "t.birthday", "t.sex", "t.isDefault", "t.remark", "t.createTime", "t.updateTime"] as const;

/** The certificates of some travellers (ids i0, i1, …), compiled once per number of travellers. */
const certificatesOf = prepareQuery(
  (db, p: Record<string, number>, count: number) =>
    db
      .selectFrom("traveller_certificates")
      .select(["travellerId", "certType", "certNo", "expiry", "issueCountry"])
      .where("travellerId", "in", Array.from({ length: count }, (_, i) => p[`i${i}`]))
      .orderBy("travellerId")
      .orderBy("sort"),
  (count) => String(count),
);

/** Rows with their certificates; `masked` hides numbers and mobiles as lists show them. */
async function withCertificates(db: Db, rows: TravellerRecord[], masked: boolean): Promise<TravellerRow[]> {
  if (!rows.length) return [];
  const ids: Record<string, number> = {};
  rows.forEach((r, i) => (ids[`i${i}`] = r.id));
  const certs = await certificatesOf.all(db, ids, rows.length);
  const today = ymdOf(new Date());
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    surname: r.surname,
    givenName: r.givenName,
    mobilePhone: masked ? maskMobile(r.mobilePhone) || null : r.mobilePhone,
    birthday: r.birthday,
    sex: r.sex === 1 || r.sex === 2 ? (r.sex as Sex) : null,
    psgType: passengerTypeOf(r.birthday, today),
    isDefault: r.isDefault ? 1 : 0,
    remark: r.remark,
    certificates: certs
      .filter((c) => c.travellerId === r.id)
      .map((c): CertificateRow => ({
        certType: c.certType as CertType,
        certNo: masked ? maskCertNo(c.certNo) : c.certNo,
        expiry: c.expiry,
        issueCountry: c.issueCountry,
      })),
    createTime: r.createTime,
    updateTime: r.updateTime,
  }));
}

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

/** The owner's rows the list's filters keep (the page and its total read the same). */
function filteredTravellers(db: Kysely<Database>, p: ListParams, s: ListShape) {
  const candidates = s.candidates ? candidateRows("travellers_search", Array.from({ length: s.candidates }, (_, i) => p[`c${i}`])) : null;
  // Unfiltered and in join order, the page's ids are read off an (owner, [isDefault,] createTime,
  // id) index alone and only those rows are read: with an offset, every skipped row was read too.
  const pageIds = s.givenIds
    ? Array.from({ length: s.givenIds }, (_, i) => p[`i${i}`] as number)
    : s.pagedByIds
    ? db
        .selectFrom("travellers as t")
        .select("t.id")
        .where("t.ownerKind", "=", p.kind)
        .where("t.ownerId", "=", p.ownerId)
        .$if(s.defaultFirst, (qb) => qb.orderBy("t.isDefault", "desc"))
        .orderBy("t.createTime", s.dir)
        .orderBy("t.id", s.dir)
        .limit(p.limit)
        .offset(p.offset)
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
          .orderBy(s.column, (ob) => (s.dir === "asc" ? ob.asc() : ob.desc()).nullsLast())
          .orderBy("t.id", s.dir)
          .limit(p.limit)
          .offset(s.pagedByIds ? 0 : p.offset),
      ),
  shapeKey,
);
/** Every id of the owner's travellers in the list's unfiltered order (see listOrders). */
const travellerOrder = prepareQuery(
  (db, p: { kind: TravellerOwnerKind; ownerId: number }, s: { defaultFirst: boolean; dir: "asc" | "desc" }) =>
    db
      .selectFrom("travellers as t")
      .select("t.id")
      .where("t.ownerKind", "=", p.kind)
      .where("t.ownerId", "=", p.ownerId)
      .$if(s.defaultFirst, (qb) => qb.orderBy("t.isDefault", "desc"))
      .orderBy("t.createTime", s.dir)
      .orderBy("t.id", s.dir),
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

/** The row named by id, if the owner's: missing is not found, another owner's is refused. */
async function ownTraveller(db: Db, owner: Owner, id: number): Promise<TravellerRecord> {
  const row = await db.selectFrom("travellers as t").select([...COLUMNS, "t.ownerKind", "t.ownerId"]).where("t.id", "=", id).executeTakeFirst();
  if (!row) throw new BizError(RET.NOT_FOUND, MISSING);
  if (row.ownerKind !== owner.kind || row.ownerId !== owner.id) throw new BizError(RET.FORBIDDEN, NOT_YOURS);
  return row;
}

/** One traveller with full numbers, for the owner's edit form. */
export async function travellerDetail(db: Db, owner: Owner, id: number): Promise<TravellerRow> {
  return (await withCertificates(db, [await ownTraveller(db, owner, id)], false))[0];
}

/** The owner's default traveller with full numbers (booking forms fill it in), or null. */
export async function defaultTraveller(db: Kysely<Database>, owner: Owner): Promise<TravellerRow | null> {
  const row = await db
    .selectFrom("travellers as t")
    .select([...COLUMNS])
    .where("t.ownerKind", "=", owner.kind)
    .where("t.ownerId", "=", owner.id)
    .where("t.isDefault", "=", 1)
    .executeTakeFirst();
  return row ? (await withCertificates(db, [row], false))[0] : null;
}

function duplicateCert(index: number, cert: CertificateForm): BizError {
  const message = `证件号码 ${maskCertNo(cert.certNo)} 已属于其他旅客`;
  return new BizError(RET.BAD_INPUT, message, { errors: { [`certificates.${index}.certNo`]: message } });
}

/** Certificates already held by another of the owner's travellers: the first clash, as a field error. */
async function assertCertsFree(trx: Db, owner: Owner, certs: CertificateForm[], exceptTravellerId: number | null): Promise<void> {
  const taken = await trx
    .selectFrom("traveller_certificates")
    .select(["certType", "certNo", "travellerId"])
    .where("ownerKind", "=", owner.kind)
    .where("ownerId", "=", owner.id)
    .where("certNo", "in", certs.map((c) => c.certNo))
    .execute();
  certs.forEach((c, i) => {
    if (taken.some((t) => t.certType === c.certType && t.certNo === c.certNo && t.travellerId !== exceptTravellerId)) throw duplicateCert(i, c);
  });
}

export type TravellerInput = Omit<PassengerForm, "isDefault"> & { isDefault?: boolean };

/**
 * Writes a traveller and its certificates inside `trx` (new without id); returns its id.
 * `prechecked`: the caller has checked the owner's room and the numbers for the whole batch (an
 * import); the unique index still refuses a number taken meanwhile.
 */
export async function writeTraveller(trx: Transaction<Database>, owner: Owner, input: TravellerInput, at = isoAt(), prechecked = false): Promise<number> {
  const { id, certificates, isDefault, ...fields } = input;
  const values = {
    name: fields.name ?? null,
    surname: fields.surname ?? null,
    givenName: fields.givenName ?? null,
    mobilePhone: fields.mobilePhone ?? null,
    birthday: fields.birthday ?? null,
    sex: fields.sex ?? null,
    remark: fields.remark ?? null,
    updateTime: at,
  };
  let travellerId: number;
  if (id !== undefined) {
    await ownTraveller(trx, owner, id);
    await assertCertsFree(trx, owner, certificates, id);
    await trx.updateTable("travellers").set(values).where("id", "=", id).where("ownerKind", "=", owner.kind).where("ownerId", "=", owner.id).execute();
    await trx.deleteFrom("traveller_certificates").where("travellerId", "=", id).execute();
    travellerId = id;
  } else {
    if (!prechecked) {
      await assertRoom(trx, owner, 1);
      await assertCertsFree(trx, owner, certificates, null);
    }
    travellerId = (
      await trx.insertInto("travellers").values({ ...values, ownerKind: owner.kind, ownerId: owner.id, createTime: at }).returning("id").executeTakeFirstOrThrow()
    ).id;
  }
  // A concurrent save of the same number is caught by the unique index.
  for (const [i, c] of certificates.entries()) {
    await uniquely(
      () =>
        trx
          .insertInto("traveller_certificates")
          .values({ travellerId, ownerKind: owner.kind, ownerId: owner.id, certType: c.certType, certNo: c.certNo, expiry: c.expiry ?? null, issueCountry: c.issueCountry ?? null, sort: i })
          .execute(),
      () => duplicateCert(i, c),
    );
  }
  // A new traveller is not the default unless asked: nothing to clear.
  if (isDefault || (isDefault === false && id !== undefined)) await setDefault(trx, owner, travellerId, isDefault);
  return travellerId;
}

/** The owner may keep `adding` more travellers. */
export async function assertRoom(db: Db, owner: Owner, adding: number): Promise<void> {
  const count = await db.selectFrom("travellers").select((eb) => eb.fn.countAll().as("n")).where("ownerKind", "=", owner.kind).where("ownerId", "=", owner.id).executeTakeFirst();
  if (toCount(count?.n) + adding > TRAVELLERS_MAX) throw new BizError(RET.BAD_INPUT, `旅客最多 ${TRAVELLERS_MAX} 位`);
}

/** Makes one traveller the owner's default (clearing the previous one), or clears it. */
async function setDefault(trx: Transaction<Database>, owner: Owner, travellerId: number, isDefault: boolean): Promise<void> {
  if (isDefault) {
    await trx.updateTable("travellers").set({ isDefault: 0 }).where("ownerKind", "=", owner.kind).where("ownerId", "=", owner.id).where("isDefault", "=", 1).where("id", "!=", travellerId).execute();
  }
  await uniquely(
    () => trx.updateTable("travellers").set({ isDefault: isDefault ? 1 : 0 }).where("id", "=", travellerId).execute(),
    () => new BizError(RET.BAD_INPUT, "默认旅客正在被修改，请重试"),
  );
}

/** Saves (adds, or updates with id) in one transaction and answers the saved row, unmasked. */
export async function saveTraveller(db: Kysely<Database>, owner: Owner, input: TravellerInput): Promise<TravellerRow> {
  const id = await db.transaction().execute((trx) => writeTraveller(trx, owner, input));
  return travellerDetail(db, owner, id);
}

export async function deleteTraveller(db: Kysely<Database>, owner: Owner, id: number): Promise<{ id: number }> {
  await db.transaction().execute(async (trx) => {
    await ownTraveller(trx, owner, id);
    // Its certificates go with it (on delete cascade).
    await trx.deleteFrom("travellers").where("id", "=", id).where("ownerKind", "=", owner.kind).where("ownerId", "=", owner.id).execute();
  });
  return { id };
}
