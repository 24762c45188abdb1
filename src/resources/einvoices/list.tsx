// 发票管理 (EinvoiceManage, the company's finance user): every reimbursement document of the
// company, server-paged, filtered by issue month, kind, traveller, department and state, with a
// totals row of the WHOLE filtered set (from the reply), each document's PDF and XML, and
// 下载本月凭证: the month's zip (PDFs, XMLs and an xlsx index) prepared as an export task with
// its progress shown, then saved.
import { useMemo } from "react";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Card, DatePicker, Empty, Form, Input, Select, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs, { type Dayjs } from "dayjs";
import { COMPANY_EINVOICE_PATHS, type CompanyEinvoiceRow, type CompanyEinvoiceTotals } from "../../domain/einvoice/company";
import { EINVOICE_KINDS, EINVOICE_KIND_LABELS, EINVOICE_STATES, EINVOICE_STATE_LABELS } from "../../domain/einvoice/kinds";
import { moneyText } from "../../domain/money";
import { ExportButton } from "../../components/ExportButton";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useDepartmentSelect } from "../useDepartmentSelect";
import { ListLoadError, SearchButtons } from "../list-parts";
import { COMPANY_EINVOICES } from "./index";
import { CompanyEinvoiceFile } from "../../components/CompanyEinvoiceFile";

const NOWRAP = { style: { whiteSpace: "nowrap" as const } };

interface SearchValues {
  month?: Dayjs | null;
  kind?: string;
  travellerName?: string;
  departmentId?: number;
  status?: string;
}

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);
const yuan = (fen: number) => moneyText(fen);

export default function EinvoiceManagePage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName={routeName} title={t("einvoiceManage.title")}>
      <EinvoiceList />
    </WorkbenchFrame>
  );
}

function EinvoiceList() {
  const t = useTranslate();
  const thisMonth = useMemo(() => dayjs().startOf("month"), []);
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<CompanyEinvoiceRow, HttpError, SearchValues>({
    resource: COMPANY_EINVOICES,
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    filters: { initial: [{ field: "month", operator: "eq", value: thisMonth.format("YYYY-MM") }] },
    onSearch: (v): CrudFilter[] => [
      { field: "month", operator: "eq", value: v.month ? v.month.format("YYYY-MM") : undefined },
      { field: "kind", operator: "eq", value: v.kind },
      { field: "travellerName", operator: "eq", value: blank(v.travellerName) },
      { field: "departmentId", operator: "eq", value: v.departmentId },
      { field: "status", operator: "eq", value: v.status },
    ],
  });
  const departments = useDepartmentSelect();
  const totals = (tableQuery.data as { totals?: CompanyEinvoiceTotals } | undefined)?.totals;
  const error = tableQuery.error;
  // The zip takes the filters on screen; it is a month's, so it waits for a month to be chosen.
  const zipFilters = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const f of filters) if ("field" in f && blank(f.value) !== undefined) out[f.field] = f.value;
    return out;
  }, [filters]);

  // Names, order numbers and states read on one line; the table scrolls sideways rather than
  // breaking a traveller's name after every character.
  const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };
  const columns: ColumnsType<CompanyEinvoiceRow> = [
    {
      key: "number",
      title: t("einvoiceManage.col.number"),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text copyable={r.number ? { text: r.number } : false} style={{ whiteSpace: "nowrap" }}>{r.number ?? "—"}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.issuedAt ? dayjs(r.issuedAt).format("YYYY-MM-DD HH:mm") : t("einvoiceManage.notIssued")}</Typography.Text>
        </Space>
      ),
    },
    {
      key: "kind",
      title: t("einvoiceManage.col.kind"),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{t(`einvoiceManage.kind.${r.kind}`, r.kindLabel)}</span>
          {r.direction === "red" && <Tag color="red">{t("einvoiceManage.red")}</Tag>}
          {r.sandbox && <Tag>{t("einvoiceManage.sandbox")}</Tag>}
        </Space>
      ),
    },
    {
      key: "traveller",
      title: t("einvoiceManage.col.traveller"),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span style={{ whiteSpace: "nowrap" }}>{r.passengerName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>{r.certNoMasked}</Typography.Text>
        </Space>
      ),
    },
    { key: "department", title: t("einvoiceManage.col.department"), render: (_, r) => r.departmentName || "—" },
    { ...nowrap, key: "orderNo", title: t("einvoiceManage.col.orderNo"), dataIndex: "orderNo" },
    { ...nowrap, key: "status", title: t("einvoiceManage.col.status"), render: (_, r) => t(`einvoiceManage.state.${r.status}`, r.statusLabel) },
    { key: "totalFen", title: t("einvoiceManage.col.total"), align: "right", render: (_, r) => <span style={{ whiteSpace: "nowrap" }}>{yuan(r.totalFen)}</span> },
    { key: "taxFen", title: t("einvoiceManage.col.tax"), align: "right", render: (_, r) => <span style={{ whiteSpace: "nowrap" }}>{yuan(r.taxFen)}</span> },
    {
      key: "files",
      title: t("einvoiceManage.col.files"),
      render: (_, r) =>
        r.status === "issued" || r.status === "reversed" ? (
          <Space size={0}>
            <CompanyEinvoiceFile id={r.id} number={r.number ?? String(r.id)} format="pdf">PDF</CompanyEinvoiceFile>
            <CompanyEinvoiceFile id={r.id} number={r.number ?? String(r.id)} format="xml">XML</CompanyEinvoiceFile>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  const summary = () => {
    if (!totals || !tableProps.dataSource?.length) return null;
    return (
      <Table.Summary>
        <Table.Summary.Row data-testid="einvoice-totals">
          <Table.Summary.Cell index={0} colSpan={6}>
            <Typography.Text strong>{t("einvoiceManage.totals", { count: totals.count })}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} align="right"><Typography.Text strong style={{ whiteSpace: "nowrap" }}>{yuan(totals.totalFen)}</Typography.Text></Table.Summary.Cell>
          <Table.Summary.Cell index={7} align="right"><Typography.Text strong style={{ whiteSpace: "nowrap" }}>{yuan(totals.taxFen)}</Typography.Text></Table.Summary.Cell>
          <Table.Summary.Cell index={8} />
        </Table.Summary.Row>
      </Table.Summary>
    );
  };

  return (
    <Card
      title={t("einvoiceManage.title")}
      extra={<ExportButton url={COMPANY_EINVOICE_PATHS.zip} filters={zipFilters} texts="einvoiceManage.zip" disabled={Boolean(error) || tableQuery.isLoading || !zipFilters.month} />}
      data-testid="einvoice-list"
    >
      <Form<SearchValues> {...searchFormProps} layout="inline" initialValues={{ month: thisMonth }} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="month" label={t("einvoiceManage.filter.month")}>
          <DatePicker picker="month" allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="kind" label={t("einvoiceManage.filter.kind")}>
          <Select allowClear style={{ width: 150 }} placeholder={t("einvoiceManage.filter.all")} options={EINVOICE_KINDS.map((k) => ({ value: k, label: t(`einvoiceManage.kind.${k}`, EINVOICE_KIND_LABELS[k]) }))} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="travellerName" label={t("einvoiceManage.filter.traveller")}>
          <Input allowClear maxLength={20} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="departmentId" label={t("einvoiceManage.filter.department")}>
          <Select allowClear style={{ width: 120 }} placeholder={t("einvoiceManage.filter.all")} loading={departments.query.isLoading} options={departments.options} />
        </Form.Item>
        <Form.Item name="status" label={t("einvoiceManage.filter.status")}>
          <Select allowClear style={{ width: 100 }} placeholder={t("einvoiceManage.filter.all")} options={EINVOICE_STATES.map((s) => ({ value: s, label: t(`einvoiceManage.state.${s}`, EINVOICE_STATE_LABELS[s]) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Table<CompanyEinvoiceRow>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: "max-content" }}
        summary={summary}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("einvoiceManage.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "einvoiceManage.loadError" : "einvoiceManage.empty")} /> }}
      />
    </Card>
  );
}
