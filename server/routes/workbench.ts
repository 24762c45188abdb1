// The workbenches' key facts: the caller's wallet (/account/AppAccount)
// and the company overview (/member/center/companystatistics). Everything is read from the
// database per call; nothing here is cached or estimated.
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { accountSummary, companyStatistics } from "../people/workbench-facts";

const none = z.object({}).strict();

/** The /account/AppAccount reply, for the documentation: every amount integer fen. */
const accountOutput = z.object({
  owner: z.enum(["company", "member"]).meta({ description: "company：企业主账户（余额与授信为企业的）；member：本人账户" }),
  companyName: z.string().nullable(),
  balanceFen: z.int().meta({ description: "账户余额" }),
  frozenFen: z.int().meta({ description: "冻结金额（提现处理中）" }),
  availableFen: z.int().meta({ description: "可用余额 = 余额 − 冻结" }),
  points: z.int().meta({ description: "积分（不是金额）" }),
  creditEnabled: z.boolean(),
  creditLimitFen: z.int().meta({ description: "企业授信额度" }),
  creditUsedFen: z.int().meta({ description: "已用授信（已结算的费用退款后可为负）" }),
  creditAvailableFen: z.int().meta({ description: "可用授信 = 额度 − 已用" }),
});

export const workbenchRoutes = [
  defineRoute({
    method: "POST",
    url: "/account/AppAccount",
    summary: "账户资金概况（余额、冻结、可用、积分、授信额度）",
    tags: ["workbench"],
    access: "wallet",
    input: none,
    output: accountOutput,
    handler: ({ member, ctx }) => accountSummary(ctx.db, member!),
  }),
  defineRoute({
    method: "POST",
    url: "/member/center/companystatistics",
    summary: "企业概况统计（员工、部门、差旅等级、审批人）",
    tags: ["workbench"],
    access: "company-statistics",
    input: none,
    handler: ({ member, ctx }) => companyStatistics(ctx.db, member!),
  }),
];
