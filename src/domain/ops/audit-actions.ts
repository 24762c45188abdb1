// Every action and object the operator audit log records. The writer only takes these, so the
// console's filters can offer them by name and every row it shows has a name in both languages.
export const OPS_AUDIT_ACTIONS = [
  "auth.login", "auth.login-enrol", "auth.logout", "auth.totp-enrol",
  "staff.create", "staff.create-by-command", "staff.update", "staff.update-password",
  "ticketing.take", "ticketing.release", "ticketing.ticket", "ticketing.fail",
  "afterSales.take", "afterSales.release", "afterSales.accept", "afterSales.adjust", "afterSales.reject", "afterSales.policy",
  "disruption.record",
  "withdrawal.hold", "withdrawal.release", "withdrawal.approve", "withdrawal.reject", "withdrawal.pay",
  "settlement.generate", "settlement.send", "settlement.answer", "settlement.settle", "settlement.credit-limit",
  "company.credit-limit", "company.settlement-day", "company.service-fees", "company.enable", "company.disable",
  "member.enable", "member.disable", "member.unlock",
  "site.brand", "site.partner",
] as const;
export type OpsAuditAction = (typeof OPS_AUDIT_ACTIONS)[number];

export const OPS_AUDIT_OBJECTS = [
  "operator", "order", "flightRefund", "flightChange", "afterSalesPolicy", "disruption", "withdrawal", "statement", "statement-line", "company", "member", "brand", "partner-site",
] as const;
export type OpsAuditObject = (typeof OPS_AUDIT_OBJECTS)[number];
