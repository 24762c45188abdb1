// What the frequent-traveller and external-traveller routes share: one table, scoped by owner
// (a member's own travellers, or a company's). Every query carries the owner, so a caller can
// never read or change another owner's rows; a row named by id that belongs to someone else is
// refused, a missing one is not found.
import { said, saidLazy } from "../services/i18n/text";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Database, TravellerOwnerKind } from "../db/schema";
import { prepareQuery } from "../db/prepared";
import { toCount } from "../db";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import { uniquely } from "../db/unique";
import { ymdOf } from "../../src/domain/format";
import { zInt } from "../../src/domain/zod";
import {
  maskCertNo, maskMobile, passengerTypeOf, TRAVELLERS_MAX,
  type CertificateForm, type CertificateRow, type PassengerForm, type TravellerRow,
} from "../../src/domain/people";
import type { CertType } from "../../src/domain/codes";
import type { Sex } from "../../src/domain/people";

export interface Owner {
  kind: TravellerOwnerKind;
  id: number;
}

export const MISSING = said("people.travellerFound");
export const NOT_YOURS = said("people.viewChangeTraveller");

export const travellerIdInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("people.invalidTravellerNumber") }) }).strict();


type Db = Kysely<Database> | Transaction<Database>;

export interface TravellerRecord {
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

export const COLUMNS = ["t.id", "t.name", "t.surname", "t.givenName", "t.mobilePhone", "t.birthday", "t.sex", "t.isDefault", "t.remark", "t.createTime", "t.updateTime"] as const;

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
export async function withCertificates(db: Db, rows: TravellerRecord[], masked: boolean): Promise<TravellerRow[]> {
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

/** The row named by id, if the owner's: missing is not found, another owner's is refused. */
async function ownTraveller(db: Db, owner: Owner, id: number): Promise<TravellerRecord> {
  const row = await db.selectFrom("travellers as t").select([...COLUMNS, "t.ownerKind", "t.ownerId"]).where("t.id", "=", id).executeTakeFirst();
  if (!row) throw new DomainError("notFound", MISSING);
  if (row.ownerKind !== owner.kind || row.ownerId !== owner.id) throw new DomainError("forbidden", NOT_YOURS);
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

function duplicateCert(index: number, cert: CertificateForm): DomainError {
  const message = said("people.certificateNumberBelongsAnotherTraveller", { certNo: maskCertNo(cert.certNo) });
  return new DomainError("badInput", message, { errors: { [`certificates.${index}.certNo`]: message } });
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
  if (toCount(count?.n) + adding > TRAVELLERS_MAX) throw new DomainError("badInput", said("people.mostTravellers", { TRAVELLERS_MAX }));
}

/** Makes one traveller the owner's default (clearing the previous one), or clears it. */
async function setDefault(trx: Transaction<Database>, owner: Owner, travellerId: number, isDefault: boolean): Promise<void> {
  if (isDefault) {
    await trx.updateTable("travellers").set({ isDefault: 0 }).where("ownerKind", "=", owner.kind).where("ownerId", "=", owner.id).where("isDefault", "=", 1).where("id", "!=", travellerId).execute();
  }
  await uniquely(
    () => trx.updateTable("travellers").set({ isDefault: isDefault ? 1 : 0 }).where("id", "=", travellerId).execute(),
    () => new DomainError("badInput", said("people.defaultTravellerBeingChangedTry")),
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
