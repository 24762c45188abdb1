// Replace-booking (ReplaceSettings): which employees may book for which colleagues, set by the
// company's main member (70); and, for an employee (7_0), the colleagues they may book for.
import { say } from "../../services/i18n/catalogue";
import { saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../../services/http/route";
import { pageInput, type Page } from "../../services/http/paging";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { BOOKER_SCOPES, replaceBookerFormSchema } from "../../../src/domain/policy";
import { companyCaller } from "../../policy/company";
import { bookableColleagues } from "../../policy/replace-booker";
import { bookerPage, deleteBooker, saveBooker, type BookerRow } from "../../policy/replace-bookers";

const ACCESS = "replace-bookers";
const TAGS = ["replace-bookers"];
const keyword = zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText"));

export const replaceBookerRoutes = [
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv",
    summary: "代订人设置列表（分页，可按代订人姓名/手机号、代订范围筛选）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ ...pageInput(["bookerName", "updateTime"] as const), keyword, scope: z.enum(BOOKER_SCOPES, { error: saidLazy("policy.invalidBookingScope") }).optional() }).strict(),
    handler: async ({ input, member, ctx }): Promise<Page<BookerRow>> => {
      const { companyId } = await companyCaller(ctx.db, member!);
      return bookerPage(ctx.db, companyId, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv/save",
    summary: "保存代订人设置（每位代订人一条，已有则修改）",
    tags: TAGS,
    access: ACCESS,
    input: replaceBookerFormSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      return saveBooker(ctx.db, companyId, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv/delete",
    summary: "删除代订人设置（该员工此后只能为自己预订）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidBookerSettingNumber") }) }).strict(),
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      await deleteBooker(ctx.db, companyId, input.id);
      return { id: input.id };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv/travellers",
    summary: "我可以代为预订的同事（员工：含本人与代订设置允许的同事；企业管理员：全部员工；分页，可按姓名/手机号筛选）",
    tags: TAGS,
    access: "booking-travellers",
    input: z.object({ ...pageInput(["realName"] as const), keyword }).strict(),
    handler: async ({ input, member, ctx }) => {
      return bookableColleagues(ctx.db, member!, input);
    },
  }),
];
