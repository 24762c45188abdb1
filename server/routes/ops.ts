// The operator console's calls (/ops/...): sign-in with a second factor, the operator's own
// record, staff and roles, and the audit log; plus the company administrator's view of the audit
// rows about its own company's objects, which is a member call.
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { defineOpsRoute } from "../ops/route";
import { LOGIN_RATE_LIMIT } from "./auth";
import {
  OPS_PATHS as P, companyAuditListSchema, opsAuditListSchema, opsLoginSchema, opsStaffCreateSchema, opsStaffListSchema,
  opsStaffUpdateSchema, opsTotpConfirmSchema, type OpsMe,
  opsCompanyIdSchema, opsCompanyListSchema, opsCompanyStatusSchema, opsCreditLimitSchema, opsMemberIdSchema, opsMemberListSchema, opsMemberStatusSchema,
  opsServiceFeesSchema, opsSettlementDaySchema,
} from "../../src/domain/ops";
import { confirmEnrolment, signIn, signOut, startEnrolment } from "../ops/sign-in";
import { createOperator, operatorPage, operatorView, updateOperator } from "../ops/operators";
import { auditPage } from "../ops/audit";
import { opsTicketingRoutes } from "./ops-ticketing";
import { opsAfterSalesRoutes } from "./ops-after-sales";
import { opsDisruptionRoutes } from "./ops-disruptions";
import { opsSiteConfigRoutes } from "./ops-site-config";
import { companyDetail, companyPage, setCompanyStatus, setCreditLimit, setServiceFees, setSettlementDay } from "../ops/companies";
import { memberPage, setMemberStatus, unlockMember } from "../ops/members";

const none = z.object({}).strict();

export const opsRoutes = [
  defineOpsRoute({
    method: "POST",
    url: P.login,
    summary: "运营后台登录（账号+密码MD5；已绑定动态验证码时须带 code；未绑定时得到仅可绑定的会话）",
    access: "public",
    input: opsLoginSchema,
    rateLimit: LOGIN_RATE_LIMIT,
    handler: ({ input, ctx, req }) => signIn(ctx.db, ctx.opsTotp, input, req.ip),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.totpEnrol,
    summary: "开始绑定动态验证码：生成密钥，返回 otpauth 地址（二维码）",
    access: "enrol",
    input: none,
    handler: ({ operator, ctx }) => startEnrolment(ctx.db, ctx.opsTotp, operator!),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.totpConfirm,
    summary: "确认绑定动态验证码：验证码正确后换发完整会话",
    access: "enrol",
    input: opsTotpConfirmSchema,
    rateLimit: LOGIN_RATE_LIMIT,
    handler: ({ input, operator, token, ctx }) => confirmEnrolment(ctx.db, ctx.opsTotp, operator!.id, token!, input.code),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.logout,
    summary: "退出运营后台（当前会话失效）",
    access: "enrol",
    input: none,
    handler: async ({ operator, token, ctx }) => {
      await signOut(ctx.db, operator!.id, token!);
      return null;
    },
  }),
  defineOpsRoute({
    method: "POST",
    url: P.me,
    summary: "当前运营人员（含会话阶段：enrol 仅可绑定动态验证码）",
    access: "enrol",
    input: none,
    handler: ({ operator, stage }): OpsMe => ({ ...operatorView(operator!), stage: stage! }),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.staffList,
    summary: "员工列表（运营管理员）",
    access: "staff",
    input: opsStaffListSchema,
    handler: ({ input, ctx }) => operatorPage(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.staffCreate,
    summary: "新建员工（运营管理员设初始密码；员工首次登录须绑定动态验证码）",
    access: "staff",
    input: opsStaffCreateSchema,
    handler: ({ input, operator, ctx }) => createOperator(ctx.db, input, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.staffUpdate,
    summary: "修改员工姓名、角色、状态或重置密码（重置密码后须重新绑定动态验证码）",
    access: "staff",
    input: opsStaffUpdateSchema,
    handler: ({ input, operator, ctx }) => updateOperator(ctx.db, input, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.auditList,
    summary: "审计日志（运营管理员；分页，按人员、动作、对象、企业、日期筛选）",
    access: "audit",
    input: opsAuditListSchema,
    handler: ({ input, ctx }) => auditPage(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.companyList,
    summary: "企业列表（财务、运营管理员；分页，按名称、统一社会信用代码、状态筛选）",
    access: "companies",
    input: opsCompanyListSchema,
    handler: ({ input, ctx }) => companyPage(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.companyDetail,
    summary: "企业详情：授信额度与已用、结算日、服务费表、状态",
    access: "companies",
    input: opsCompanyIdSchema,
    handler: ({ input, ctx }) => companyDetail(ctx.db, input.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.companyCreditLimit,
    summary: "核定企业授信额度（以分计，0 到 1 亿元；不能低于已用额度；记审计）",
    access: "companies",
    input: opsCreditLimitSchema,
    handler: ({ input, operator, ctx }) => setCreditLimit(ctx.db, input.id, input.creditLimitFen, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.companySettlementDay,
    summary: "设置企业结算日（1–31；改期后按新结算日出对账单；记审计）",
    access: "companies",
    input: opsSettlementDaySchema,
    handler: ({ input, operator, ctx }) => setSettlementDay(ctx.db, input.id, input.settlementDay, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.companyServiceFees,
    summary: "设置企业服务费表（每个产品以分计；记审计）",
    access: "companies",
    input: opsServiceFeesSchema,
    handler: ({ input, operator, ctx }) => setServiceFees(ctx.db, input, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.companyStatus,
    summary: "启用或停用企业（运营管理员；停用后企业全部成员不能登录，已登录的会话失效；记审计）",
    access: "company-control",
    input: opsCompanyStatusSchema,
    handler: ({ input, operator, ctx }) => setCompanyStatus(ctx.db, input.id, input.status, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.memberList,
    summary: "会员查询（运营管理员；按手机号、姓名、账号、企业、状态筛选）",
    access: "members",
    input: opsMemberListSchema,
    handler: ({ input, ctx }) => memberPage(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.memberStatus,
    summary: "启用或停用会员（停用后会员的全部会话失效；记审计）",
    access: "members",
    input: opsMemberStatusSchema,
    handler: ({ input, operator, ctx }) => setMemberStatus(ctx.db, input.id, input.status, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.memberUnlock,
    summary: "解除会员的登录和支付密码锁定（记审计）",
    access: "members",
    input: opsMemberIdSchema,
    handler: ({ input, operator, ctx }) => unlockMember(ctx.db, input.id, operator!.id),
  }),
  ...opsTicketingRoutes,
  ...opsAfterSalesRoutes,
  ...opsDisruptionRoutes,
  ...opsSiteConfigRoutes,
];

export const companyAuditRoutes = [
  defineRoute({
    method: "POST",
    url: P.companyAuditList,
    summary: "运营操作审计（企业管理员：本企业对象的记录）",
    tags: ["ops"],
    access: "company-audit",
    input: companyAuditListSchema,
    handler: ({ input, member, ctx }) => auditPage(ctx.db, { ...input, companyId: member!.creditMemberId }),
  }),
];
