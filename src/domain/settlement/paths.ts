// The settlement calls' paths, apart from their schemas so the resource registry (loaded with
// the first page) does not bring zod along.
/**
 * The catalogue lists settlement only as the SettlementSet page; these paths follow the
 * /finance/... names of its finance pages.
 */
export const SETTLEMENT_PATHS = {
  settings: "/finance/settlement/settings",
  saveSettings: "/finance/settlement/settings/save",
  statements: "/finance/settlement/statement/list",
  statement: "/finance/settlement/statement/detail",
  dispute: "/finance/settlement/line/dispute",
  confirm: "/finance/settlement/statement/confirm",
  operatorGenerate: "/finance/settlement/operator/generate",
  operatorDetail: "/finance/settlement/operator/detail",
  operatorSend: "/finance/settlement/operator/send",
  operatorAnswer: "/finance/settlement/operator/answer",
  operatorSettle: "/finance/settlement/operator/settle",
  operatorCreditLimit: "/finance/settlement/operator/credit-limit",
  /** The money audit: every check with its offending rows (operator only). */
  operatorAudit: "/finance/settlement/operator/audit",
} as const;
