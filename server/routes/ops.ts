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
} from "../../src/domain/ops";
import { confirmEnrolment, signIn, signOut, startEnrolment } from "../ops/sign-in";
import { createOperator, operatorPage, operatorView, updateOperator } from "../ops/operators";
import { auditPage } from "../ops/audit";
import { opsTicketingRoutes } from "./ops-ticketing";
import { opsAfterSalesRoutes } from "./ops-after-sales";
import { opsDisruptionRoutes } from "./ops-disruptions";

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
  ...opsTicketingRoutes,
  ...opsAfterSalesRoutes,
  ...opsDisruptionRoutes,
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
