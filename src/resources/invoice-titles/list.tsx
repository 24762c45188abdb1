// invoice_management (/myCenter/invoice_management): the member's invoice titles, default first,
// filtered by type, edited on edit_invoice, deleted after 是否执行此操作！.
import { useNavigate } from "react-router";
import { useDelete, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { KEYWORD_MAX } from "../../domain/lists";
import { INVOICE_TITLE_TYPES, type InvoiceTitleRow } from "../../domain/people/invoice-title";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { editInvoiceTitlePath } from "./index";
import { useCodes } from "../../components/use-codes";

const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };
const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());

export default function InvoiceTitleListPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <WorkbenchFrame routeName="invoice_management" extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editInvoiceTitlePath())}>{t("invoiceTitles.add")}</Button>}>
      <InvoiceTitleList onEdit={(id) => navigate(editInvoiceTitlePath(id))} />
    </WorkbenchFrame>
  );
}

function InvoiceTitleList({ onEdit }: { onEdit: (id: number) => void }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<InvoiceTitleRow, HttpError, { keyword?: string; titleType?: string }>({
    resource: "invoiceTitles",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [
      { field: "keyword", operator: "eq", value: blank(v.keyword) },
      { field: "titleType", operator: "eq", value: blank(v.titleType) },
    ],
  });
  const remove = useDelete<InvoiceTitleRow, HttpError>();
  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const error = tableQuery.error;
  const columns: TableColumnsType<InvoiceTitleRow> = [
    {
      title: t("invoiceTitles.title"), dataIndex: "title", key: "title",
      render: (v: string, row) => <Space size={6} wrap>{v}{row.isDefault === 1 && <Tag color="gold">{t("passengers.default")}</Tag>}</Space>,
    },
    { ...nowrap, title: t("invoiceTitles.titleType"), dataIndex: "titleType", key: "titleType", render: (v: 1 | 2) => <Tag color={v === 2 ? "blue" : "default"}>{codeLabel(INVOICE_TITLE_TYPES, v)}</Tag> },
    { ...nowrap, title: t("invoiceTitles.taxNo"), dataIndex: "taxNo", key: "taxNo", render: (v: string | null) => v || "—" },
    { title: t("invoiceTitles.bank"), key: "bank", render: (_: unknown, r) => (r.bankName ? `${r.bankName} ${r.bankAccount ?? ""}` : "—") },
    {
      ...nowrap, title: t("passengers.columns.actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row.id)}>{t("passengers.edit")}</Button>
          <Popconfirm title={t("common.confirmOperation")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => remove.mutateAsync({ resource: "invoiceTitles", id: row.id }).catch(() => undefined)}>
            <Button type="link" size="small" danger>{t("passengers.delete")}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 12 }} aria-label={t("invoiceTitles.searchForm")}>
        <Form.Item name="keyword" label={t("passengers.keyword")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("invoiceTitles.keywordPlaceholder")} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="titleType" label={t("invoiceTitles.titleType")}>
          <Select allowClear placeholder={t("passengers.all")} style={{ width: 110 }} options={([1, 2] as const).map((k) => ({ value: String(k), label: codeLabel(INVOICE_TITLE_TYPES, k) }))} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("passengers.search")}</Button>
        </Form.Item>
      </Form>
      {error && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("invoiceTitles.listError")} description={error.message}
          action={<Button size="small" onClick={() => tableQuery.refetch()}>{t("passengers.retry")}</Button>} />
      )}
      <Table<InvoiceTitleRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("addresses.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "invoiceTitles.listError" : filtered ? "invoiceTitles.noMatch" : "invoiceTitles.empty")} /> }}
      />
    </div>
  );
}
