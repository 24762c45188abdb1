// Mailing addresses (常用地址): the member's own, paged, with one default. Province, city and
// district arrive checked against the division data and are stored with their names.
import type { Kysely } from "kysely";
import { said } from "../services/i18n/text";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { ADDRESSES_MAX, type AddressForm, type AddressRow } from "../../src/domain/people/address";
import { maskMobile } from "../../src/domain/people/certificates";
import { assertOwned, deleteOwned, saveOwned } from "./owned";

const MESSAGES = { missing: said("routes.addressFound"), notYours: said("routes.viewChangeAddress"), tooMany: said("routes.mostSavedAddresses", { ADDRESSES_MAX }) };

/** What the address list is asked for. */
export interface AddressListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "createTime" | "receiver";
  orderType: "asc" | "desc";
  keyword?: string;
}

const COLUMNS = [
  "id", "receiver", "mobilePhone", "provinceCode", "provinceName", "cityCode", "cityName", "districtCode", "districtName",
  "detail", "postcode", "isDefault", "createTime", "updateTime",
] as const;
const rowOf = (r: Omit<AddressRow, "isDefault"> & { isDefault: number }): AddressRow => ({ ...r, isDefault: r.isDefault ? 1 : 0 });

export async function addressDetail(db: Kysely<Database>, memberId: number, id: number): Promise<AddressRow> {
  await assertOwned(db, "addresses", memberId, id, MESSAGES);
  return rowOf(await db.selectFrom("addresses").select([...COLUMNS]).where("id", "=", id).executeTakeFirstOrThrow());
}

export async function saveAddress(db: Kysely<Database>, memberId: number, input: AddressForm): Promise<AddressRow> {
  const { id, isDefault, ...fields } = input;
  const at = isoAt();
  const values = {
    receiver: fields.receiver, mobilePhone: fields.mobilePhone, provinceCode: fields.provinceCode, provinceName: fields.provinceName,
    cityCode: fields.cityCode, cityName: fields.cityName, districtCode: fields.districtCode, districtName: fields.districtName,
    detail: fields.detail, postcode: fields.postcode ?? null, updateTime: at,
  };
  const savedId = await saveOwned(db, "addresses", memberId, { id, isDefault, values, at }, { max: ADDRESSES_MAX, messages: MESSAGES });
  return addressDetail(db, memberId, savedId);
}

export async function addressList(db: Kysely<Database>, memberId: number, input: AddressListQuery): Promise<Page<AddressRow>> {
  let q = db.selectFrom("addresses").where("memberId", "=", memberId);
  const pattern = likePattern(input.keyword);
  if (pattern) q = q.where((eb) => eb.or([eb("receiver", "like", pattern), eb("mobilePhone", "like", pattern), eb("detail", "like", pattern), eb("districtName", "like", pattern), eb("cityName", "like", pattern)]));
  const column = input.orderBy ?? "createTime";
  const [rows, count] = await Promise.all([
    q
      .select([...COLUMNS])
      .$if(input.orderBy === undefined, (qb) => qb.orderBy("isDefault", "desc"))
      .orderBy(column, input.orderType)
      .orderBy("id", input.orderType)
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  // Lists show mobiles masked; the edit form reads the detail.
  return { list: rows.map((r) => ({ ...rowOf(r), mobilePhone: maskMobile(r.mobilePhone) })), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

export function deleteAddress(db: Kysely<Database>, memberId: number, id: number) {
  return deleteOwned(db, "addresses", memberId, id, MESSAGES);
}
