// Approval flows (ProcessSettings, EditProcessSettings): named flows with ordered levels of
// approvers, the departments and employees they apply to, and what they cover. The company's
// main member (70) only. Approvers named by name must be employees allowed to audit, or they
// could never open their approval inbox.
import { say } from "../../services/i18n/catalogue";
import { saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../../services/http/route";
import { pageInput, type Page } from "../../services/http/paging";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zBool, zInt, zOptionalString } from "../../../src/domain/zod";
import { FLOW_COVERS, flowFormSchema } from "../../../src/domain/policy";
import { companyCaller } from "../../policy/company";
import { deleteFlow, flowDetail, flowPage, saveFlow, type FlowRow } from "../../policy/flows";

const ACCESS = "approval-flows";
const TAGS = ["approval-flows"];

const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidApprovalFlowNumber") }) }).strict();

const listInput = z
  .object({
    ...pageInput(["name", "updateTime", "createTime"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    covers: z.enum(FLOW_COVERS, { error: saidLazy("policy.approvalTypeOnlyTripOrder2") }).optional(),
    enabled: zBool(say("policy.enabledStatusOnly01")).optional(),
  })
  .strict();

export const flowRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/list",
    summary: "审批流程列表（分页，可按名称、审批类型、启用状态筛选）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<FlowRow>> => {
      const { companyId } = await companyCaller(ctx.db, member!);
      return flowPage(ctx.db, companyId, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/detail",
    summary: "一个审批流程",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      return flowDetail(ctx.db, companyId, input.id);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/save",
    summary: "新增或修改审批流程（带 id 为修改）",
    tags: TAGS,
    access: ACCESS,
    input: flowFormSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      return saveFlow(ctx.db, companyId, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/delete",
    summary: "删除审批流程（审批中的申请按提交时的流程继续）",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      await deleteFlow(ctx.db, companyId, input.id);
      return { id: input.id };
    },
  }),
];
