// Inputs of the operator console's calls, shared by its forms and the server. Passwords travel
// as MD5 digests, like the members'.
import { z } from "zod";
import { trLazy } from "../tr";
import { zInt, zOptionalString, zText } from "../zod";
import { OPS_ROLES, type OpsRole, type OpsStage } from "./paths";

export const OPS_ACCOUNT_MAX = 32;
export const OPS_NAME_MAX = 30;
export const OPS_PAGE_SIZE_MAX = 100;
export const AUDIT_ACTION_MAX = 60;

const zDigest = z.string({ error: trLazy("请输入密码") }).regex(/^[0-9a-fA-F]{32}$/, { error: trLazy("请输入密码") });
const zAccount = zText({ max: OPS_ACCOUNT_MAX, min: 1, trim: true, label: trLazy("账号") }).regex(/^[A-Za-z0-9_.@-]+$/, {
  error: trLazy("账号只能包含字母、数字和 _ . @ -"),
});
const zCode = z.string({ error: trLazy("请输入 6 位动态验证码") }).trim().regex(/^\d{6}$/, { error: trLazy("请输入 6 位动态验证码") });
const zRole = z.enum(OPS_ROLES, { error: trLazy("角色不正确") });
const zId = zInt({ min: 1, max: 2_147_483_647, error: trLazy("编号不正确") });

/** Account and password; the code is required once the operator has enrolled TOTP. */
export const opsLoginSchema = z
  .object({
    account: zAccount,
    password: zDigest,
    code: zOptionalString(zCode, trLazy("请输入 6 位动态验证码")),
  })
  .strict();
export type OpsLoginInput = z.output<typeof opsLoginSchema>;

export const opsTotpConfirmSchema = z.object({ code: zCode }).strict();

export const opsStaffCreateSchema = z
  .object({
    account: zAccount,
    name: zText({ max: OPS_NAME_MAX, min: 1, trim: true, label: trLazy("姓名") }),
    password: zDigest,
    role: zRole,
  })
  .strict();
export type OpsStaffCreateForm = z.input<typeof opsStaffCreateSchema>;

export const opsStaffUpdateSchema = z
  .object({
    id: zId,
    name: zText({ max: OPS_NAME_MAX, min: 1, trim: true, label: trLazy("姓名") }),
    role: zRole,
    status: zInt({ min: 0, max: 1, error: trLazy("状态不正确") }),
    /** A new password (the operator then enrols TOTP again), or nothing to keep the old one. */
    password: zOptionalString(zDigest, trLazy("请输入密码")),
  })
  .strict();

const paging = {
  pageNum: zInt({ min: 1, max: 100_000, error: trLazy("页码不正确") }).default(1),
  pageSize: zInt({ min: 1, max: OPS_PAGE_SIZE_MAX, error: trLazy("每页条数不正确") }).default(20),
};

export const opsStaffListSchema = z.object({ ...paging, keyword: zOptionalString(zText({ max: OPS_ACCOUNT_MAX, trim: true })) }).strict();

const zDate = z.string({ error: trLazy("日期格式不正确") }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: trLazy("日期格式不正确") });

/** Filters of the audit log (dates are UTC days, inclusive). */
export const opsAuditListSchema = z
  .object({
    ...paging,
    operatorId: zId.optional(),
    action: zOptionalString(zText({ max: AUDIT_ACTION_MAX, trim: true })),
    objectType: zOptionalString(zText({ max: AUDIT_ACTION_MAX, trim: true })),
    companyId: zId.optional(),
    from: zOptionalString(zDate, trLazy("日期格式不正确")),
    to: zOptionalString(zDate, trLazy("日期格式不正确")),
  })
  .strict();
export type OpsAuditFilters = z.output<typeof opsAuditListSchema>;

export const companyAuditListSchema = opsAuditListSchema.omit({ companyId: true, operatorId: true });

// ---- replies ----

export interface OpsOperatorView {
  id: number;
  account: string;
  name: string;
  role: OpsRole;
  status: number;
  totpEnabled: boolean;
  createTime: string;
}

export interface OpsMe extends OpsOperatorView {
  stage: OpsStage;
}

export interface OpsLoginReply {
  token: string;
  stage: OpsStage;
  operator: OpsOperatorView;
}

export interface OpsEnrolReply {
  /** otpauth:// URL for the QR code. */
  url: string;
  /** The same secret, for typing it in by hand. */
  secret: string;
}

export interface OpsAuditRow {
  id: number;
  operatorId: number;
  operatorName: string | null;
  at: string;
  action: string;
  objectType: string;
  objectId: string | null;
  companyId: number | null;
  companyName: string | null;
  before: unknown;
  after: unknown;
}

export interface OpsPage<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
