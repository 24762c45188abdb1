// The one list every bill page uses (企业账单, 交易账单, the air, hotel and train reports, the
// recharge, withdrawal and income bills): a filter form with only the bill's own filters, the
// server-paged table, a summary row with the totals of the WHOLE filtered set (from the reply,
// not summed over the page), and 导出 Excel with exactly the filters and sort on screen.
import { useMemo } from "react";
import type { CrudFilter, CrudSort, HttpError } from "@refinedev/core";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { Card, DatePicker, Empty, Form, Input, Select, Space, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import {
  BILL_PRODUCTS, BILL_PRODUCT_LABELS, LEDGER_ENTRIES, LEDGER_ENTRY_LABELS, billByRoute, billExcelPath, billStatuses,
  type BillDefinition, type LedgerBillRow, type OrderBillRow,
} from "../../domain/bills";
import { FLIGHT_ORDER_LABELS } from "../../domain/orders/flight";
import { ExportButton } from "../../components/ExportButton";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useDepartmentSelect } from "../useDepartmentSelect";
import { ListLoadError, SearchButtons } from "../list-parts";
import { billResourceName } from "./index";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { orderColumns, type BillColumn } from "./order-columns";
import { ledgerColumns } from "./ledger-columns";
import "./bills.css";

type Row = OrderBillRow | LedgerBillRow;

interface SearchValues {
  dates?: [Dayjs, Dayjs] | null;
  travellerName?: string;
  departmentId?: number;
  orderNo?: string;
  product?: string;
  status?: number;
  entry?: string;
}

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** The filters on screen as the list and the export both take them. */
function filterFields(filters: CrudFilter[], sorters: CrudSort[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters) if ("field" in f && blank(f.value) !== undefined) out[f.field] = f.value;
  const s = sorters.find((x) => x.field && x.order);
  if (s) {
    out.orderBy = s.field;
    out.orderType = s.order;
  }
  return out;
}

export default function BillListPage({ routeName }: { routeName: string }) {
  const bill = billByRoute(routeName);
  return <WorkbenchFrame routeName={routeName}>{bill ? <BillList key={bill.name} bill={bill} /> : null}</WorkbenchFrame>;
}

function BillList({ bill }: { bill: BillDefinition }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const orders = bill.source === "orders";
  const has = (f: string) => (bill.filters as readonly string[]).includes(f);
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<Row, HttpError, SearchValues>({
    resource: billResourceName(bill.name),
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [
      { field: "startDate", operator: "eq", value: v.dates?.[0]?.format("YYYY-MM-DD") },
      { field: "endDate", operator: "eq", value: v.dates?.[1]?.format("YYYY-MM-DD") },
      { field: "travellerName", operator: "eq", value: blank(v.travellerName) },
      { field: "departmentId", operator: "eq", value: v.departmentId },
      { field: "orderNo", operator: "eq", value: blank(v.orderNo) },
      { field: "product", operator: "eq", value: v.product },
      { field: "status", operator: "eq", value: v.status },
      { field: "entry", operator: "eq", value: v.entry },
    ],
  });
  // The department filter's options; the member is part of the key (another account in the tab).
  const departments = useDepartmentSelect({ enabled: has("department") });
  const totals = (tableQuery.data as { totals?: Record<string, number> } | undefined)?.totals;
  const error = tableQuery.error;
  const exportFilters = useMemo(() => filterFields(filters, sorters), [filters, sorters]);

  const sortOrder = (field: string) => getDefaultSortOrder(field, sorters);
  const columns: BillColumn<Row>[] = orders
    ? (orderColumns({ bill, t, codeLabel, sortOrder }) as BillColumn<Row>[])
    : (ledgerColumns(t, sortOrder) as BillColumn<Row>[]);

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  // Each total sits under its own column; the first column carries the count.
  const summary = () => {
    if (!totals || !tableProps.dataSource?.length) return null;
    return (
      <Table.Summary>
        <Table.Summary.Row data-testid="bill-totals">
          {columns.map((c, i) => (
            <Table.Summary.Cell key={String(c.key)} index={i} align={c.totalCell ? "right" : undefined}>
              {i === 0 ? <Typography.Text strong style={{ whiteSpace: "nowrap" }}>{t("bills.totals", { count: tableQuery.data?.total ?? 0 })}</Typography.Text> : c.totalCell?.(totals) ?? null}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      </Table.Summary>
    );
  };

  return (
    <Card title={t(`pageTitle.${bill.route}`, bill.title)} extra={<ExportButton url={billExcelPath(bill.name)} filters={exportFilters} disabled={Boolean(error) || tableQuery.isLoading} />} data-testid="bill-list">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="dates" label={t(orders ? "bills.filter.bookDate" : "bills.filter.tradeDate")}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        {has("traveller") && (
          <Form.Item name="travellerName" label={t("bills.filter.traveller")}>
            <Input allowClear maxLength={20} style={{ width: 120 }} />
          </Form.Item>
        )}
        {has("department") && (
          <Form.Item name="departmentId" label={t("bills.filter.department")}>
            <Select allowClear style={{ width: 130 }} placeholder={t("bills.filter.all")} loading={departments.query.isLoading} options={departments.options} />
          </Form.Item>
        )}
        <Form.Item name="orderNo" label={t("bills.filter.orderNo")}>
          <Input allowClear maxLength={32} style={{ width: 170 }} />
        </Form.Item>
        {has("product") && (
          <Form.Item name="product" label={t("bills.filter.product")}>
            <Select allowClear style={{ width: 120 }} placeholder={t("bills.filter.all")} options={BILL_PRODUCTS.map((p) => ({ value: p, label: t(`bills.product.${p}`, BILL_PRODUCT_LABELS[p]) }))} />
          </Form.Item>
        )}
        {has("status") && (
          <Form.Item name="status" label={t("bills.filter.status")}>
            <Select allowClear style={{ width: 130 }} placeholder={t("bills.filter.all")} options={billStatuses(bill).map((s) => ({ value: s, label: codeLabel(FLIGHT_ORDER_LABELS, s) }))} />
          </Form.Item>
        )}
        {has("entry") && (
          <Form.Item name="entry" label={t("bills.filter.entry")}>
            <Select allowClear style={{ width: 120 }} placeholder={t("bills.filter.all")} options={LEDGER_ENTRIES.map((e) => ({ value: e, label: LEDGER_ENTRY_LABELS[e] }))} />
          </Form.Item>
        )}
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Space direction="vertical" style={{ width: "100%" }}>
        <Table<Row>
          {...tableProps}
          className="tp-bill-table"
          rowKey="id"
          size={orders ? "small" : "middle"}
          columns={columns}
          // Every bill fits the page: its columns stack the facts that belong together, and the note wraps.
          summary={summary}
          pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("bills.total", { count: n }) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "travel.loadError" : "bills.empty")} /> }}
        />
      </Space>
    </Card>
  );
}
