// A company's child companies (子公司): the caller's own only, another company's answering as not
// found; the unified social credit code is unique within the company, and a company has at most
// SUBSIDIARIES_MAX of them.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { maskMobile } from "../../src/domain/people/certificates";
import { SUBSIDIARIES_MAX, type SubsidiaryForm, type SubsidiaryRow } from "../../src/domain/people/network";

const SUB_MISSING = said("routes.subsidiaryFound");

const SUB_COLUMNS = ["id", "name", "creditCode", "contactName", "contactMobile", "address", "status", "createTime", "updateTime"] as const;
const subRow = (r: Omit<SubsidiaryRow, "status"> & { status: number }): SubsidiaryRow => ({ ...r, status: r.status ? 1 : 0 });

/** A child company of the caller's company; another company's is "not found" (its ids are not the caller's to probe). */
export async function ownSubsidiary(db: Kysely<Database>, companyId: number, id: number): Promise<SubsidiaryRow> {
  const row = await db.selectFrom("subsidiaries").select([...SUB_COLUMNS]).where("id", "=", id).where("companyId", "=", companyId).executeTakeFirst();
  if (!row) throw new BizError(RET.NOT_FOUND, SUB_MISSING);
  return subRow(row);
}

export async function saveSubsidiary(db: Kysely<Database>, companyId: number, input: SubsidiaryForm): Promise<SubsidiaryRow> {
  const at = isoAt();
  const values = {
    name: input.name, creditCode: input.creditCode, contactName: input.contactName, contactMobile: input.contactMobile,
    address: input.address ?? null, status: input.status, updateTime: at,
  };
  const id = await db.transaction().execute(async (trx) => {
    let same = trx.selectFrom("subsidiaries").select("id").where("companyId", "=", companyId).where("creditCode", "=", input.creditCode);
    if (input.id !== undefined) same = same.where("id", "<>", input.id);
    if (await same.executeTakeFirst()) {
      const message = said("routes.subsidiaryWithUnifiedSocialCredit");
      throw new BizError(RET.BAD_INPUT, message, { errors: { creditCode: message } });
    }
    if (input.id !== undefined) {
      await ownSubsidiary(trx, companyId, input.id);
      await trx.updateTable("subsidiaries").set(values).where("id", "=", input.id).where("companyId", "=", companyId).execute();
      return input.id;
    }
    const n = await trx.selectFrom("subsidiaries").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", companyId).executeTakeFirst();
    if (toCount(n?.n) >= SUBSIDIARIES_MAX) throw new BizError(RET.CONFLICT, said("routes.mostSubsidiaries", { SUBSIDIARIES_MAX }));
    return (await trx.insertInto("subsidiaries").values({ ...values, companyId, createTime: at }).returning("id").executeTakeFirstOrThrow()).id;
  });
  return ownSubsidiary(db, companyId, id);
}

/** What the child company list is asked for. */
export interface SubsidiaryListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "createTime" | "name";
  orderType: "asc" | "desc";
  name?: string;
  status?: number;
}

/** A page of the company's child companies, contact mobiles masked. */
export async function subsidiaryPage(db: Kysely<Database>, companyId: number, input: SubsidiaryListQuery): Promise<Page<SubsidiaryRow>> {
  let q = db.selectFrom("subsidiaries").where("companyId", "=", companyId);
  const pattern = likePattern(input.name);
  if (pattern) q = q.where("name", "like", pattern);
  if (input.status !== undefined) q = q.where("status", "=", input.status);
  const [rows, count] = await Promise.all([
    q.select([...SUB_COLUMNS]).orderBy(input.orderBy ?? "createTime", input.orderType).orderBy("id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list: rows.map((r) => ({ ...subRow(r), contactMobile: maskMobile(r.contactMobile) })), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Turns one of the company's child companies on (1) or off (0). */
export async function setSubsidiaryStatus(db: Kysely<Database>, companyId: number, id: number, status: number): Promise<SubsidiaryRow> {
  await ownSubsidiary(db, companyId, id);
  await db.updateTable("subsidiaries").set({ status, updateTime: isoAt() }).where("id", "=", id).where("companyId", "=", companyId).execute();
  return ownSubsidiary(db, companyId, id);
}
