// Subsidiaries (/company/subsidiaries): the company's child companies, paged on the server, searched
// by name and filtered by status; added and edited in a drawer, disabled or enabled after
// 是否执行此操作！.
import { useState } from "react";
import { useUpdate, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, App, Button, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { KEYWORD_MAX } from "../../domain/lists";
import type { SubsidiaryRow } from "../../domain/people/network";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { SubsidiaryDrawer } from "./form";

const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };

interface Search {
  name?: string;
  status?: number | "";
}

export default function SubsidiaryListPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<number | null>(null);
  const s = (k: string, o?: Record<string, unknown>) => t(`network.subsidiaries.${k}`, o);
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<SubsidiaryRow, HttpError, Search>({
    resource: "subsidiaries",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [
      { field: "name", operator: "eq", value: v.name?.trim() || undefined },
      { field: "status", operator: "eq", value: v.status === "" ? undefined : v.status },
    ],
  });
  const status = useUpdate<SubsidiaryRow, HttpError>();
  const filtered = filters.some((f) => "field" in f && f.value !== undefined && f.value !== "");
  const error = tableQuery.error;

  const setStatus = (row: SubsidiaryRow, next: 0 | 1) =>
    // Enabling and disabling is its own path; Refine refreshes the list afterwards.
    status.mutateAsync({ resource: "subsidiaries", id: row.id, values: { status: next }, meta: { updateAction: "status" }, successNotification: false })
      .then(() => message.success(s("statusSaved")))
      .catch(() => undefined);

  const columns: TableColumnsType<SubsidiaryRow> = [
    { title: s("name"), dataIndex: "name", key: "name" },
    { ...nowrap, title: s("creditCode"), dataIndex: "creditCode", key: "creditCode", render: (v: string) => <span style={{ fontVariantNumeric: "tabular-nums" }}>{v}</span> },
    {
      ...nowrap, title: s("contactName"), key: "contact",
      render: (_: unknown, r) => (<><div>{r.contactName}</div><div style={{ color: "rgba(0,0,0,0.45)", fontSize: 12 }}>{r.contactMobile}</div></>),
    },
    { title: s("address"), dataIndex: "address", key: "address", ellipsis: true, render: (v: string | null) => v || "—" },
    {
      ...nowrap, title: s("status"), dataIndex: "status", key: "status",
      render: (v: number) => <Tag color={v ? "green" : "default"}>{s(v ? "enabled" : "disabled")}</Tag>,
    },
    {
      ...nowrap, title: s("actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(row.id)}>{s("edit")}</Button>
          <Popconfirm title={t("common.confirmOperation")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => setStatus(row, row.status ? 0 : 1)}>
            <Button type="link" size="small" danger={row.status === 1}>{s(row.status ? "disable" : "enable")}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <WorkbenchFrame routeName="Subsidiaries" extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>{s("add")}</Button>}>
      <div className="tp-frame__card" style={{ paddingTop: 20 }}>
        <Form {...searchFormProps} name="subsidiarySearch" layout="inline" style={{ marginBottom: 16, rowGap: 12 }} aria-label={s("searchForm")} initialValues={{ status: "" }}>
          <Form.Item name="name" label={s("keyword")}>
            <Input allowClear maxLength={KEYWORD_MAX} placeholder={s("keywordPlaceholder")} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="status" label={s("status")}>
            <Select style={{ width: 120 }} options={[{ value: "", label: s("allStatus") }, { value: 1, label: s("enabled") }, { value: 0, label: s("disabled") }]} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{s("search")}</Button>
          </Form.Item>
        </Form>
        {error && (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} message={s("listError")} description={error.message}
            action={<Button size="small" onClick={() => tableQuery.refetch()}>{s("retry")}</Button>} />
        )}
        <Table<SubsidiaryRow>
          {...tableProps}
          rowKey="id"
          columns={columns}
          pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => s("total", { count: n }) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={s(error ? "listError" : filtered ? "noMatch" : "empty")} /> }}
        />
      </div>
      <SubsidiaryDrawer id={editing} onClose={() => setEditing(null)} />
    </WorkbenchFrame>
  );
}
