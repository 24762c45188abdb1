// Mailing addresses (常用地址, /postaddress/...): the member's own, paged, with one default.
// Province, city and district are checked against the division data and stored with their names.
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { pageInput } from "../services/http/paging";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { addressFormSchema } from "../../src/domain/people/address";
import { BizError, RET } from "../services/http/envelope";
import { addressDetail, addressList, deleteAddress, saveAddress } from "../people/addresses";

const ACCESS = "addresses";
const TAGS = ["addresses"];
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidAddressNumber") }) }).strict();
const listInput = z
  .object({
    ...pageInput(["createTime", "receiver"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
  })
  .strict();

export const addressRoutes = [
  defineRoute({
    method: "POST",
    url: "/postaddress/list",
    summary: "常用地址列表（分页，按收件人、手机号或地址搜索；默认地址在前）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: ({ input, member, ctx }) => addressList(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "POST",
    url: "/postaddress/detail",
    summary: "一个常用地址",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => addressDetail(ctx.db, member!.id, input.id),
  }),
  defineRoute({
    method: "POST",
    url: "/postaddress/add",
    summary: "新增常用地址（省市区按行政区划代码校验）",
    tags: TAGS,
    access: ACCESS,
    input: addressFormSchema,
    handler: ({ input, member, ctx }) => {
      if (input.id !== undefined) throw new BizError(RET.BAD_INPUT, said("routes.newAddressCarryNumber"), { errors: { id: said("routes.newAddressCarryNumber") } });
      return saveAddress(ctx.db, member!.id, input);
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
      if (input.id === undefined) throw new BizError(RET.BAD_INPUT, said("routes.sayWhichAddressChange"), { errors: { id: said("routes.sayWhichAddressChange") } });
      return saveAddress(ctx.db, member!.id, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/postaddress/delete",
    summary: "删除常用地址",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => deleteAddress(ctx.db, member!.id, input.id),
  }),
];
