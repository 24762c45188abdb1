// External travellers (外部出行人): people outside the company whom the company books for, kept
// per company with the same certificate rules as frequent travellers. The company's main member
// (70) and its employees (7_0) all see and keep the company's one list; nobody else's.
import { said } from "../services/i18n/text";
import type { Member } from "../db/schema";
import type { AppContext } from "../services/context";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { companyCaller } from "../policy/company";
import { travellerFormSchema } from "../../src/domain/people";
import {
  deleteTraveller, saveTraveller, travellerDetail, travellerIdInput, type Owner,
} from "../people/travellers";
import { listTravellers, travellerListInput } from "../people/traveller-list";

const ACCESS = "external-passengers";
const TAGS = ["external-passengers"];

async function ownerOf(db: AppContext["db"], member: Member | null): Promise<Owner> {
  const { companyId } = await companyCaller(db, member!);
  return { kind: "company", id: companyId };
}

export const externalPassengerRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/external_passenger/list",
    summary: "外部出行人列表（本企业；分页，按姓名、英文名、手机号或证件号搜索，按证件类型、旅客类型筛选；号码脱敏）",
    tags: TAGS,
    access: ACCESS,
    input: travellerListInput,
    handler: async ({ input, member, ctx }) => listTravellers(ctx.db, await ownerOf(ctx.db, member), input),
  }),
  defineRoute({
    method: "POST",
    url: "/credit/external_passenger/detail",
    summary: "一位外部出行人（完整号码，供编辑）",
    tags: TAGS,
    access: ACCESS,
    input: travellerIdInput,
    handler: async ({ input, member, ctx }) => travellerDetail(ctx.db, await ownerOf(ctx.db, member), input.id),
  }),
  defineRoute({
    method: "POST",
    url: "/credit/external_passenger/add",
    summary: "新增外部出行人（身份证号自动填写出生日期与性别；证件号不可与本企业已有出行人重复）",
    tags: TAGS,
    access: ACCESS,
    input: travellerFormSchema,
    handler: async ({ input, member, ctx }) => {
      if (input.id !== undefined) throw new BizError(RET.BAD_INPUT, said("routes.newTravellerCarryNumber"), { errors: { id: said("routes.newTravellerCarryNumber") } });
      return saveTraveller(ctx.db, await ownerOf(ctx.db, member), input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/external_passenger/update",
    summary: "修改外部出行人（证件整体替换）",
    tags: TAGS,
    access: ACCESS,
    input: travellerFormSchema,
    handler: async ({ input, member, ctx }) => {
      if (input.id === undefined) throw new BizError(RET.BAD_INPUT, said("routes.sayWhichTravellerChange"), { errors: { id: said("routes.sayWhichTravellerChange") } });
      return saveTraveller(ctx.db, await ownerOf(ctx.db, member), input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/external_passenger/delete",
    summary: "删除外部出行人",
    tags: TAGS,
    access: ACCESS,
    input: travellerIdInput,
    handler: async ({ input, member, ctx }) => deleteTraveller(ctx.db, await ownerOf(ctx.db, member), input.id),
  }),
];
