// The columns of an orders bill on screen. The spreadsheet has one column per fact; the page
// stacks the facts that belong together (the booking date over its hour, the traveller
// over their department, the trip over its date, the fare over its taxes and fees) so that every
// column fits a 1280-pixel window without a horizontal scroll and nothing is pinned over the
// totals. Each column's total is shown under it, stacked the same way as its cells.
import type { ReactNode } from "react";
import { Tag, Typography, type TableColumnsType } from "antd";
import { BILL_PRODUCT_LABELS, orderBillColumns, type BillDefinition, type BillProduct, type OrderBillRow } from "../../domain/bills";
import { flightOrderColor, FLIGHT_ORDER_LABELS } from "../../domain/orders/flight";
import { formatChinaTime } from "../../domain/format";
import { moneyText } from "../../domain/money";

type T = (key: string, options?: Record<string, unknown>) => string;
type SortOrder = "ascend" | "descend" | null | undefined;

export interface OrderColumnsInput {
  bill: BillDefinition;
  t: T;
  codeLabel: (table: typeof FLIGHT_ORDER_LABELS, code: number) => string;
  sortOrder: (field: string) => SortOrder;
}

/** A column with the cell its summary row shows (undefined: an empty cell). */
export type BillColumn<R> = TableColumnsType<R>[number] & { totalCell?: (totals: Record<string, number>) => ReactNode };

export const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? "" : moneyText(fen));

const nowrapProps = () => ({ style: { whiteSpace: "nowrap" as const } });
export const NOWRAP = { onCell: nowrapProps, onHeaderCell: nowrapProps };
export const MONEY = { ...NOWRAP, align: "right" as const };

export const Sub = ({ children, nowrap, testId }: { children: ReactNode; nowrap?: boolean; testId?: string }) => (
  <div style={nowrap ? { whiteSpace: "nowrap" } : undefined} data-testid={testId}>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>{children}</Typography.Text>
  </div>
);
const Strong = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Typography.Text strong style={{ whiteSpace: "nowrap" }} data-testid={testId}>{children}</Typography.Text>
);

/** The amounts that make up the order amount, as the bill's own columns name them. */
const SUM_KEYS = new Set(["totalFen", "selfPayFen", "settledFen"]);
function feeKeys(bill: BillDefinition): string[] {
  return orderBillColumns(bill).filter((c) => c.kind === "money" && !SUM_KEYS.has(c.key)).map((c) => c.key);
}
function feeLabel(bill: BillDefinition, key: string, t: T): string {
  if (key === "ticketFen") return t(bill.product === "hotel" ? "bills.col.room" : "bills.col.ticket");
  return t(`bills.col.${key.replace(/Fen$/, "")}`);
}

/** The trip column of each product: a flight's route, a hotel's stay, a train's ride. */
function tripColumns(bill: BillDefinition, { t, sortOrder }: OrderColumnsInput): BillColumn<OrderBillRow>[] {
  if (bill.product === "hotel") {
    return [
      {
        title: t("bills.col.hotel"), key: "hotelName",
        render: (_: unknown, r: OrderBillRow) => (
          <>
            <div>{r.hotelName}</div>
            <Sub>{[r.cityName, t("bills.nightsRooms", { nights: r.nights ?? 0, rooms: r.roomCount ?? 0 })].filter(Boolean).join(" · ")}</Sub>
          </>
        ),
      },
      {
        ...NOWRAP, title: t("bills.col.stay"), dataIndex: "depDate", key: "depDate", sorter: true, sortOrder: sortOrder("depDate"),
        render: (_: unknown, r: OrderBillRow) => (
          <>
            <div>{r.checkIn}</div>
            <Sub>{r.checkOut}</Sub>
          </>
        ),
      },
    ];
  }
  if (bill.product === "train") {
    return [
      {
        title: t("bills.col.train"), key: "trainNo",
        render: (_: unknown, r: OrderBillRow) => (
          <>
            <div style={{ whiteSpace: "nowrap" }}>{[r.trainNo, r.seatName].filter(Boolean).join(" · ")}</div>
            <Sub>{[r.fromStation, r.toStation].filter(Boolean).join("—")}</Sub>
          </>
        ),
      },
      { ...NOWRAP, title: t("bills.col.departure"), dataIndex: "departure", key: "depDate", sorter: true, sortOrder: sortOrder("depDate") },
    ];
  }
  return [
    {
      title: t("bills.col.title"), key: "depDate", sorter: true, sortOrder: sortOrder("depDate"), dataIndex: "depDate",
      render: (_: unknown, r: OrderBillRow) => (
        <>
          <div>
            {bill.product ? null : <Tag style={{ marginInlineEnd: 4 }}>{BILL_PRODUCT_LABELS[r.product as BillProduct] ? t(`bills.product.${r.product}`) : r.productName}</Tag>}
            {r.title}
          </div>
          <Sub>{r.depDate}</Sub>
        </>
      ),
    },
  ];
}

export function orderColumns(input: OrderColumnsInput): BillColumn<OrderBillRow>[] {
  const { bill, t, codeLabel, sortOrder } = input;
  const fees = feeKeys(bill);
  const company = bill.scope === "company";
  const feeLines = (get: (key: string) => number, all: boolean) =>
    fees
      .filter((k) => all || k === "ticketFen" || get(k) !== 0)
      .map((k) => (
        <div key={k} style={{ whiteSpace: "nowrap" }} data-testid={all ? `bill-total-${k}` : undefined}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{feeLabel(bill, k, t)} </Typography.Text>
          {yuan(get(k))}
        </div>
      ));
  return [
    // The order number and the booking time each sort the bill (on the server); the time shows
    // its date over its hour so the two columns take little more room than one.
    { ...NOWRAP, title: t("bills.col.orderNo"), dataIndex: "orderNo", key: "orderNo", sorter: true, sortOrder: sortOrder("orderNo") },
    {
      ...NOWRAP, title: t("bills.col.createTime"), dataIndex: "createTime", key: "createTime", sorter: true, sortOrder: sortOrder("createTime"),
      render: (v: string) => {
        const [date, time] = formatChinaTime(v).split(" ");
        return (
          <span data-testid="bill-booked">
            <div>{date}</div>
            <Sub>{time}</Sub>
          </span>
        );
      },
    },
    {
      title: t("bills.col.passengers"), key: "passengerNames",
      render: (_: unknown, r: OrderBillRow) => (
        <>
          <div>{r.passengerNames}</div>
          {/* The department is one line: broken across two it reads as two facts (the English
              placeholder is short, so it does not widen the column past its header). */}
          {company ? <Sub nowrap testId="bill-department">{r.departmentName || t("bills.noDepartment")}</Sub> : null}
          {r.bookerName && !r.passengerNames.split("、").includes(r.bookerName) ? <Sub>{t("bills.bookedBy", { name: r.bookerName })}</Sub> : null}
        </>
      ),
    },
    ...tripColumns(bill, input),
    { ...NOWRAP, title: t("bills.col.status"), dataIndex: "status", key: "status", render: (v: number) => <Tag color={flightOrderColor(v)}>{codeLabel(FLIGHT_ORDER_LABELS, v)}</Tag> },
    {
      ...MONEY, title: t("bills.col.fees"), key: "fees",
      render: (_: unknown, r: OrderBillRow) => feeLines((k) => Number(r[k] ?? 0), false),
      totalCell: (totals) => <Typography.Text strong>{feeLines((k) => totals[k] ?? 0, true)}</Typography.Text>,
    },
    {
      ...MONEY, title: t("bills.col.total"), dataIndex: "totalFen", key: "totalFen", sorter: true, sortOrder: sortOrder("totalFen"),
      render: (v: number, r: OrderBillRow) => (
        <>
          <div>{yuan(v)}</div>
          {company && r.selfPayFen > 0 ? <Sub>{t("bills.col.selfPay")} {yuan(r.selfPayFen)}</Sub> : null}
        </>
      ),
      totalCell: (totals) => (
        <>
          <Strong testId="bill-total-totalFen">{yuan(totals.totalFen)}</Strong>
          {company ? <Sub><span data-testid="bill-total-selfPayFen">{t("bills.col.selfPay")} {yuan(totals.selfPayFen)}</span></Sub> : null}
        </>
      ),
    },
    {
      ...MONEY, title: t("bills.col.settled"), dataIndex: "settledFen", key: "settledFen",
      render: (v: number) => <Typography.Text strong>{yuan(v)}</Typography.Text>,
      totalCell: (totals) => <Strong testId="bill-total-settledFen">{yuan(totals.settledFen)}</Strong>,
    },
  ];
}
