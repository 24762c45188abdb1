// address_list (/myCenter/address): the member's mailing addresses, default first, with a search,
// paging, edit in a dialog and delete after 是否执行此操作！.
import { useState } from "react";
import { useDelete, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Input, Popconfirm, Space, Table, Tag, type TableColumnsType } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { KEYWORD_MAX } from "../../domain/lists";
import type { AddressRow } from "../../domain/people/address";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { AddressDialog } from "./form";

const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };

export default function AddressListPage() {
  const t = useTranslate();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <WorkbenchFrame routeName="address_list" extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>{t("addresses.add")}</Button>}>
      <AddressList onEdit={setEditing} />
      <AddressDialog id={editing} onClose={() => setEditing(null)} />
    </WorkbenchFrame>
  );
}

function AddressList({ onEdit }: { onEdit: (id: number) => void }) {
  const t = useTranslate();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<AddressRow, HttpError, { keyword?: string }>({
    resource: "addresses",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [{ field: "keyword", operator: "eq", value: v.keyword?.trim() || undefined }],
  });
  const remove = useDelete<AddressRow, HttpError>();
  const filtered = filters.some((f) => "field" in f && f.value);
  const error = tableQuery.error;
  const columns: TableColumnsType<AddressRow> = [
    {
      ...nowrap, title: t("addresses.receiver"), dataIndex: "receiver", key: "receiver",
      render: (v: string, row) => <Space size={6}>{v}{row.isDefault === 1 && <Tag color="gold">{t("passengers.default")}</Tag>}</Space>,
    },
    { ...nowrap, title: t("addresses.mobile"), dataIndex: "mobilePhone", key: "mobilePhone" },
    { ...nowrap, title: t("addresses.region"), key: "region", render: (_: unknown, r) => `${r.provinceName} ${r.cityName} ${r.districtName}` },
    { title: t("addresses.detail"), dataIndex: "detail", key: "detail" },
    { ...nowrap, title: t("addresses.postcode"), dataIndex: "postcode", key: "postcode", render: (v: string | null) => v || "—" },
    {
      ...nowrap, title: t("passengers.columns.actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row.id)}>{t("passengers.edit")}</Button>
          <Popconfirm title={t("common.confirmOperation")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => remove.mutateAsync({ resource: "addresses", id: row.id }).catch(() => undefined)}>
            <Button type="link" size="small" danger>{t("passengers.delete")}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }} aria-label={t("addresses.searchForm")}>
        <Form.Item name="keyword" label={t("passengers.keyword")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("addresses.keywordPlaceholder")} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("passengers.search")}</Button>
        </Form.Item>
      </Form>
      {error && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("addresses.listError")} description={error.message}
          action={<Button size="small" onClick={() => tableQuery.refetch()}>{t("passengers.retry")}</Button>} />
      )}
      <Table<AddressRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("addresses.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "addresses.listError" : filtered ? "addresses.noMatch" : "addresses.empty")} /> }}
      />
    </div>
  );
}
