// expense_proof (/myCenter/expense_proof): the member's invoice requests, filtered by status and
// paged by the server; a drawer asks for a new one over invoiceable orders, and a request that
// waits to be issued can be withdrawn after 是否执行此操作！.
import { useState } from "react";
import { useDelete, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { INVOICE_DELIVERIES, INVOICE_STATUS, INVOICE_STATUSES, type InvoiceRow, type InvoiceStatus } from "../../domain/people/invoice";
import { formatChinaTime } from "../../domain/format";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { InvoiceRequestDrawer } from "./request";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

const STATUS_COLOR: Record<InvoiceStatus, string> = { applied: "processing", issued: "success", mailed: "cyan", withdrawn: "default" };
const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };

export default function InvoiceListPage() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <WorkbenchFrame routeName="expense_proof" extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>{t("invoices.add")}</Button>}>
      <InvoiceList />
      <InvoiceRequestDrawer open={open} onClose={() => setOpen(false)} />
    </WorkbenchFrame>
  );
}

function InvoiceList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<InvoiceRow, HttpError, { status?: string }>({
    resource: "invoices",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [{ field: "status", operator: "eq", value: v.status || undefined }],
  });
  const remove = useDelete<InvoiceRow, HttpError>();
  const filtered = filters.some((f) => "field" in f && f.value);
  const error = tableQuery.error;
  const columns: TableColumnsType<InvoiceRow> = [
    { ...nowrap, title: t("invoices.createTime"), dataIndex: "createTime", key: "createTime", render: formatChinaTime },
    {
      title: t("invoices.title"), dataIndex: "title", key: "title",
      render: (v: string, r) => <Space direction="vertical" size={0}><span>{v}</span>{r.taxNo && <Typography.Text type="secondary">{r.taxNo}</Typography.Text>}</Space>,
    },
    { title: t("invoices.orders"), dataIndex: "orderNos", key: "orderNos", render: (v: string[]) => <Space direction="vertical" size={0}>{v.map((no) => <span key={no}>{no}</span>)}</Space> },
    { ...nowrap, title: t("invoices.amount"), dataIndex: "amountFen", key: "amountFen", align: "right", render: (v: number) => moneyText(v) },
    {
      title: t("invoices.delivery"), key: "delivery",
      render: (_: unknown, r) => <Space direction="vertical" size={0}><span>{codeLabel(INVOICE_DELIVERIES, r.delivery)}</span><Typography.Text type="secondary">{r.delivery === "email" ? r.email : r.mailTo}</Typography.Text></Space>,
    },
    { ...nowrap, title: t("invoices.status"), dataIndex: "status", key: "status", render: (v: InvoiceStatus) => <Tag color={STATUS_COLOR[v]}>{codeLabel(INVOICE_STATUS, v)}</Tag> },
    {
      ...nowrap, title: t("passengers.columns.actions"), key: "actions",
      render: (_: unknown, row) =>
        row.status === "applied" ? (
          <Popconfirm title={t("common.confirmOperation")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => remove.mutateAsync({ resource: "invoices", id: row.id, successNotification: () => ({ message: t("invoices.withdrawn"), type: "success" }) }).catch(() => undefined)}>
            <Button type="link" size="small" danger>{t("invoices.withdraw")}</Button>
          </Popconfirm>
        ) : (
          "—"
        ),
    },
  ];
  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 12 }} aria-label={t("invoices.searchForm")}>
        <Form.Item name="status" label={t("invoices.status")}>
          <Select allowClear placeholder={t("passengers.all")} style={{ width: 130 }} options={INVOICE_STATUSES.map((s) => ({ value: s, label: codeLabel(INVOICE_STATUS, s) }))} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("passengers.search")}</Button>
        </Form.Item>
      </Form>
      {error && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("invoices.listError")} description={error.message}
          action={<Button size="small" onClick={() => tableQuery.refetch()}>{t("passengers.retry")}</Button>} />
      )}
      <Table<InvoiceRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("invoices.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "invoices.listError" : filtered ? "invoices.noMatch" : "invoices.empty")} /> }}
      />
    </div>
  );
}
