// The operator console's calls, apart from their schemas so the console's resource list does
// not bring zod along. Operators' sessions travel in their own header, never as a member's.
export const OPS_PATHS = {
  login: "/ops/auth/login",
  totpEnrol: "/ops/auth/totp/enrol",
  totpConfirm: "/ops/auth/totp/confirm",
  logout: "/ops/auth/logout",
  me: "/ops/me",
  staffList: "/ops/staff/list",
  staffCreate: "/ops/staff/create",
  staffUpdate: "/ops/staff/update",
  auditList: "/ops/audit/list",
  /** 出票队列: paid flight and train orders waiting for their tickets. */
  ticketingList: "/ops/ticketing/list",
  ticketingCount: "/ops/ticketing/count",
  ticketingDetail: "/ops/ticketing/detail",
  ticketingTake: "/ops/ticketing/take",
  ticketingRelease: "/ops/ticketing/release",
  ticketingTicket: "/ops/ticketing/ticket",
  ticketingFail: "/ops/ticketing/fail",
  /** 航变登记: the recorded disruptions, and recording one (出票员, 运营管理员). */
  disruptionList: "/ops/disruptions/list",
  disruptionRecord: "/ops/disruptions/record",
  companyList: "/ops/companies/list",
  companyDetail: "/ops/companies/detail",
  companyCreditLimit: "/ops/companies/credit-limit",
  companySettlementDay: "/ops/companies/settlement-day",
  companyServiceFees: "/ops/companies/service-fees",
  companyStatus: "/ops/companies/status",
  memberList: "/ops/members/list",
  memberStatus: "/ops/members/status",
  memberUnlock: "/ops/members/unlock",
  /** A company administrator's view of the audit rows of its own company's objects (a member call). */
  companyAuditList: "/member/company/audit/list",
} as const;

/** The header an operator's session token travels in (a member's is Authorization: Bearer). */
export const OPS_TOKEN_HEADER = "x-ops-token";

/** The role keys of the operator console: 出票员, 财务, 运营管理员. */
export const OPS_ROLES = ["ticketing", "finance", "admin"] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/** A session that proved the password but not yet a second factor may only enrol TOTP. */
export type OpsStage = "enrol" | "full";
