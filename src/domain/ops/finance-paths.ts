// The operator console's finance calls (财务, and 运营管理员 through its role): withdrawals to
// review and pay out, and the companies' settlement statements. Apart from their schemas so the
// console's resource list does not bring zod along.
export const OPS_WITHDRAWAL_PATHS = {
  list: "/ops/withdrawals/list",
  count: "/ops/withdrawals/count",
  hold: "/ops/withdrawals/hold",
  release: "/ops/withdrawals/release",
  approve: "/ops/withdrawals/approve",
  pay: "/ops/withdrawals/pay",
  reject: "/ops/withdrawals/reject",
} as const;

export const OPS_SETTLEMENT_PATHS = {
  list: "/ops/settlement/list",
  count: "/ops/settlement/count",
  companies: "/ops/settlement/companies",
  detail: "/ops/settlement/detail",
  generate: "/ops/settlement/generate",
  send: "/ops/settlement/send",
  answer: "/ops/settlement/answer",
  settle: "/ops/settlement/settle",
} as const;
