// The columns of an account's bill (transactions, recharges, rewards, withdrawals) on screen. As
// on an orders bill, facts that belong together share a cell (the entry over the account it moved,
// the order over the trade that paid it), so the bill fits a 1280-pixel window without a
// horizontal scroll; the spreadsheet keeps one column per fact.
import { Typography } from "antd";
import { formatChinaTime } from "../../domain/format";
import { MONEY, NOWRAP, Sub, yuan, type BillColumn } from "./order-columns";

type T = (key: string, options?: Record<string, unknown>) => string;
type SortOrder = "ascend" | "descend" | null | undefined;

/** A ledger row as the bill lists it. */
export interface LedgerBillRow {
  createTime: string;
  entryName: string;
  accountName: string;
  orderNo: string | null;
  outTradeNo: string;
  inFen: number;
  outFen: number;
  balanceAfterFen: number | null;
  note: string;
}

export function ledgerColumns(t: T, sortOrder: (field: string) => SortOrder): BillColumn<LedgerBillRow>[] {
  const total = (key: keyof LedgerBillRow) => (totals: Record<string, number>) => (
    <Typography.Text strong style={{ whiteSpace: "nowrap" }} data-testid={`bill-total-${key}`}>{yuan(totals[key])}</Typography.Text>
  );
  return [
    { ...NOWRAP, title: t("bills.col.tradeTime"), dataIndex: "createTime", key: "createTime", sorter: true, sortOrder: sortOrder("createTime"), render: formatChinaTime },
    {
      ...NOWRAP, title: t("bills.col.entryAccount"), dataIndex: "entryName", key: "entryName",
      render: (entry: string, r) => (<>{entry}<Sub nowrap>{r.accountName}</Sub></>),
    },
    {
      ...NOWRAP, title: t("bills.col.orderTrade"), dataIndex: "outTradeNo", key: "outTradeNo",
      render: (trade: string, r) => (r.orderNo ? <>{r.orderNo}<Sub nowrap>{trade}</Sub></> : <Sub nowrap>{trade}</Sub>),
    },
    { ...MONEY, title: t("bills.col.in"), dataIndex: "inFen", key: "inFen", render: (v: number) => (v ? <Typography.Text type="success">{yuan(v)}</Typography.Text> : ""), totalCell: total("inFen") },
    { ...MONEY, title: t("bills.col.out"), dataIndex: "outFen", key: "outFen", render: (v: number) => (v ? yuan(v) : ""), totalCell: total("outFen") },
    { ...MONEY, title: t("bills.col.balance"), dataIndex: "balanceAfterFen", key: "balanceAfterFen", render: yuan },
    { title: t("bills.col.note"), dataIndex: "note", key: "note" },
  ];
}
