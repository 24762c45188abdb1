// What a wallet ledger row is called in its list: a refund by what it returns (机票退款, not the
// 国内机票支付 its business type names), any other row by its business type, and a row without
// one (期初余额, 推荐收益 …) by its entry.
import { LEDGER_ENTRY_LABELS, type LedgerEntryName } from "../bills";
import { BUSINESS_TYPE_LABELS, REFUND_BUSINESS_LABELS, type BusinessType } from "./types";

export function ledgerRowLabel(row: { entry: string; businessType: number }): string {
  const type = row.businessType as BusinessType;
  return (row.entry === "refund" ? REFUND_BUSINESS_LABELS[type] : undefined) ?? BUSINESS_TYPE_LABELS[type] ?? LEDGER_ENTRY_LABELS[row.entry as LedgerEntryName] ?? String(row.businessType);
}
