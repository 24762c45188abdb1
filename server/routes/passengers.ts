// Frequent travellers (常用旅客): the caller's own passengers under /new_beneficiary/..., and the
// default one for booking forms (/beneficiary/getDefaultBeneficiary). Every member type keeps its
// own list; nobody sees or changes another member's.
import { said } from "../services/i18n/text";
import type { Member } from "../db/schema";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { passengerFormSchema } from "../../src/domain/people";
import { z } from "zod";
import {
  defaultTraveller, deleteTraveller, saveTraveller, travellerDetail, travellerIdInput, type Owner,
} from "../people/travellers";
import { listTravellers, travellerListInput } from "../people/traveller-list";

const ACCESS = "passengers";
const TAGS = ["passengers"];

const ownerOf = (member: Member | null): Owner => ({ kind: "member", id: member!.id });

export const passengerRoutes = [
  defineRoute({
    method: "POST",
    url: "/new_beneficiary/list",
    summary: "常用旅客列表（分页；按姓名、英文名、手机号或证件号搜索，按证件类型、旅客类型筛选；号码脱敏）",
    tags: TAGS,
    access: ACCESS,
    input: travellerListInput,
    handler: ({ input, member, ctx }) => listTravellers(ctx.db, ownerOf(member), input),
  }),
  defineRoute({
    method: "POST",
    url: "/new_beneficiary/detail",
    summary: "一位常用旅客（完整号码，供本人编辑）",
    tags: TAGS,
    access: ACCESS,
    input: travellerIdInput,
    handler: ({ input, member, ctx }) => travellerDetail(ctx.db, ownerOf(member), input.id),
  }),
  defineRoute({
    method: "POST",
    url: "/new_beneficiary/add",
    summary: "新增常用旅客（身份证号自动填写出生日期与性别；证件号不可与已有旅客重复）",
    tags: TAGS,
    access: ACCESS,
    input: passengerFormSchema,
    handler: ({ input, member, ctx }) => {
      if (input.id !== undefined) throw new BizError(RET.BAD_INPUT, said("routes.newTravellerCarryNumber2"), { errors: { id: said("routes.newTravellerCarryNumber2") } });
      return saveTraveller(ctx.db, ownerOf(member), input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/new_beneficiary/update",
    summary: "修改常用旅客（证件整体替换）",
    tags: TAGS,
    access: ACCESS,
    input: passengerFormSchema,
    handler: ({ input, member, ctx }) => {
      if (input.id === undefined) throw new BizError(RET.BAD_INPUT, said("routes.sayWhichTravellerChange2"), { errors: { id: said("routes.sayWhichTravellerChange2") } });
      return saveTraveller(ctx.db, ownerOf(member), input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/new_beneficiary/delete",
    summary: "删除常用旅客",
    tags: TAGS,
    access: ACCESS,
    input: travellerIdInput,
    handler: ({ input, member, ctx }) => deleteTraveller(ctx.db, ownerOf(member), input.id),
  }),
  defineRoute({
    method: "POST",
    url: "/beneficiary/getDefaultBeneficiary",
    summary: "默认常用旅客（没有时为 null）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({}).strict(),
    handler: ({ member, ctx }) => defaultTraveller(ctx.db, ownerOf(member)),
  }),
];
