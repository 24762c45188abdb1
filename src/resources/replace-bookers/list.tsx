// ReplaceSettings (/travel/travelManage/replaceSettings, 70): who may book trips for whom. Every
// employee may book for themselves; a rule lets a booker book for the whole company, for
// departments (with their sub-departments) or for named colleagues. Add or edit a rule in a
// dialog, delete one after a confirmation. Paged and searched on the server.
import { useState } from "react";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { BOOKER_SCOPES } from "../../domain/policy";
import { KEYWORD_MAX } from "../../domain/lists";
import { formatChinaTime } from "../../domain/format";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useDepartmentSelect } from "../useDepartmentSelect";
import { BookerDialog } from "./BookerDialog";
import type { BookerRow } from "./index";
import { useConfirmDelete } from "../useConfirmDelete";
import { ListLoadError, SearchButtons } from "../list-parts";

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());
const NOWRAP = { style: { whiteSpace: "nowrap" as const } };
const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };

type Dialog = { row?: BookerRow } | null;

export default function ReplaceSettingsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <WorkbenchFrame routeName={routeName} extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>{t("travel.bookers.add")}</Button>}>
      <BookerList dialog={dialog} setDialog={setDialog} />
    </WorkbenchFrame>
  );
}

function BookerList({ dialog, setDialog }: { dialog: Dialog; setDialog: (d: Dialog) => void }) {
  const t = useTranslate();
  const confirmDelete = useConfirmDelete("replace-bookers");
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<BookerRow, HttpError, { keyword?: string; scope?: string }>({
    resource: "replace-bookers",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    errorNotification: false,
    onSearch: (values) => (["keyword", "scope"] as const).map((field): CrudFilter => ({ field, operator: "eq", value: blank(values[field]) })),
  });
  const departments = useDepartmentSelect();
  const deptOptions = departments.options.filter((d) => Number(d.value) > 0) as { value: number; label: string }[];
  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const error = tableQuery.error;

  const remove = (row: BookerRow) =>
    confirmDelete({
      id: row.id,
      title: t("travel.bookers.deleteTitle"),
      content: t("travel.bookers.deleteConfirm", { name: row.bookerName ?? row.bookerMobile }),
      okText: t("travel.standards.deleteOk"),
      cancelText: t("travel.notNow"),
      deleted: t("travel.bookers.deleted"),
    });

  const columns: TableColumnsType<BookerRow> = [
    {
      ...nowrap, width: 200, title: t("travel.bookers.booker"), key: "booker",
      render: (_: unknown, row) => (
        <Space direction="vertical" size={2}>
          <Typography.Text strong>{row.bookerName ?? row.bookerMobile}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{[row.bookerMobile, row.bookerDepartmentName].filter(Boolean).join(" · ")}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t("travel.bookers.scope"), key: "scope",
      render: (_: unknown, row) => (
        <Space size={[4, 4]} wrap>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>{t(`travel.bookers.scopes.${row.scope}`)}</Tag>
          {row.departments.map((d) => <Tag key={`d${d.id}`} style={{ marginInlineEnd: 0 }}>{d.name}</Tag>)}
          {row.employees.map((e) => <Tag key={`e${e.id}`} style={{ marginInlineEnd: 0 }}>{e.name}</Tag>)}
        </Space>
      ),
    },
    { ...nowrap, width: 150, title: t("travel.bookers.updateTime"), dataIndex: "updateTime", key: "updateTime", render: (v: string) => formatChinaTime(v) },
    {
      ...nowrap, width: 110, title: t("travel.app.actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDialog({ row })}>{t("travel.standards.edit")}</Button>
          <Button type="link" size="small" danger onClick={() => remove(row)}>{t("travel.standards.delete")}</Button>
        </Space>
      ),
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Typography.Paragraph type="secondary">{t("travel.bookers.intro")}</Typography.Paragraph>
      <Form {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 20 }} aria-label={t("travel.bookers.searchForm")}>
        <Form.Item name="keyword" label={t("travel.bookers.booker")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("travel.bookers.keywordPlaceholder")} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="scope" label={t("travel.bookers.scope")}>
          <Select allowClear placeholder={t("travel.flows.allCovers")} style={{ width: 150 }} options={BOOKER_SCOPES.map((s) => ({ value: s, label: t(`travel.bookers.scopes.${s}`) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Table<BookerRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: 760 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("travel.total", { count: n }) }}
        locale={{
          emptyText: !tableQuery.isFetched ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "travel.loadError" : filtered ? "travel.noMatch" : "travel.bookers.empty")} />
          ),
        }}
      />
      {dialog && (
        <BookerDialog
          row={dialog.row}
          departments={deptOptions}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
