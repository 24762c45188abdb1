// Mailing addresses (常用地址, /postaddress/...): the member's own, paged, with one default.
// Province, city and district are checked against the division data and stored with their names.
import { say } from "../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { defineRoute } from "../services/http/route";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { ADDRESSES_MAX, addressFormSchema, type AddressForm, type AddressRow } from "../../src/domain/people/address";
import { BizError, RET } from "../services/http/envelope";
import { maskMobile } from "../../src/domain/people/certificates";
import { assertOwned, assertRoom, deleteOwned, setDefault } from "../people/owned";
import { likePattern } from "./policy/paging";

const ACCESS = "addresses";
const TAGS = ["addresses"];
const MESSAGES = { missing: say("routes.addressFound"), notYours: say("routes.viewChangeAddress"), tooMany: say("routes.mostSavedAddresses", { ADDRESSES_MAX }) };
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: say("routes.invalidAddressNumber") }) }).strict();
const listInput = z
  .object({
    ...pageInput(["createTime", "receiver"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
  })
  .strict();

const COLUMNS = [
  "id", "receiver", "mobilePhone", "provinceCode", "provinceName", "cityCode", "cityName", "districtCode", "districtName",
  "detail", "postcode", "isDefault", "createTime", "updateTime",
] as const;
const rowOf = (r: Omit<AddressRow, "isDefault"> & { isDefault: number }): AddressRow => ({ ...r, isDefault: r.isDefault ? 1 : 0 });

async function detail(db: Kysely<Database>, memberId: number, id: number): Promise<AddressRow> {
  await assertOwned(db, "addresses", memberId, id, MESSAGES);
  return rowOf(await db.selectFrom("addresses").select([...COLUMNS]).where("id", "=", id).executeTakeFirstOrThrow());
}

async function save(db: Kysely<Database>, memberId: number, input: AddressForm): Promise<AddressRow> {
  const { id, isDefault, ...fields } = input;
  const at = isoAt();
  const values = {
    receiver: fields.receiver, mobilePhone: fields.mobilePhone, provinceCode: fields.provinceCode, provinceName: fields.provinceName,
    cityCode: fields.cityCode, cityName: fields.cityName, districtCode: fields.districtCode, districtName: fields.districtName,
    detail: fields.detail, postcode: fields.postcode ?? null, updateTime: at,
  };
  const savedId = await db.transaction().execute(async (trx) => {
    let rowId: number;
    if (id !== undefined) {
      await assertOwned(trx, "addresses", memberId, id, MESSAGES);
      await trx.updateTable("addresses").set(values).where("id", "=", id).where("memberId", "=", memberId).execute();
      rowId = id;
    } else {
      await assertRoom(trx, "addresses", memberId, ADDRESSES_MAX, MESSAGES);
      rowId = (await trx.insertInto("addresses").values({ ...values, memberId, createTime: at }).returning("id").executeTakeFirstOrThrow()).id;
    }
    await setDefault(trx, "addresses", memberId, rowId, isDefault);
    return rowId;
  });
  return detail(db, memberId, savedId);
}

export const addressRoutes = [
  defineRoute({
    method: "POST",
    url: "/postaddress/list",
    summary: "常用地址列表（分页，按收件人、手机号或地址搜索；默认地址在前）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<AddressRow>> => {
      let q = ctx.db.selectFrom("addresses").where("memberId", "=", member!.id);
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
    },
  }),
  defineRoute({
    method: "POST",
    url: "/postaddress/detail",
    summary: "一个常用地址",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => detail(ctx.db, member!.id, input.id),
  }),
  defineRoute({
    method: "POST",
    url: "/postaddress/add",
    summary: "新增常用地址（省市区按行政区划代码校验）",
    tags: TAGS,
    access: ACCESS,
    input: addressFormSchema,
    handler: ({ input, member, ctx }) => {
      if (input.id !== undefined) throw new BizError(RET.BAD_INPUT, say("routes.newAddressCarryNumber"), { errors: { id: say("routes.newAddressCarryNumber") } });
      return save(ctx.db, member!.id, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/postaddress/update",
    summary: "修改常用地址",
    tags: TAGS,
    access: ACCESS,
    input: addressFormSchema,
    handler: ({ input, member, ctx }) => {
      if (input.id === undefined) throw new BizError(RET.BAD_INPUT, say("routes.sayWhichAddressChange"), { errors: { id: say("routes.sayWhichAddressChange") } });
      return save(ctx.db, member!.id, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/postaddress/delete",
    summary: "删除常用地址",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => deleteOwned(ctx.db, "addresses", member!.id, input.id, MESSAGES),
  }),
];
