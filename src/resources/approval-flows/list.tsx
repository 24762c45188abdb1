// ProcessSettings (/travel/travelManage/processSettings, 70): the company's approval flows — the
// ordered levels of approvers, whom each flow applies to, what it covers and what happens when a
// level runs out of time; create, edit, or delete one after a confirmation (applications already
// under way keep the flow they were submitted to). Paged and filtered on the server.
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { FLOW_COVERS } from "../../domain/policy";
import { KEYWORD_MAX } from "../../domain/lists";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { editFlowPath, type FlowRow } from "./index";
import { useConfirmDelete } from "../useConfirmDelete";
import { ListLoadError, SearchButtons } from "../list-parts";

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());
const NOWRAP = { style: { whiteSpace: "nowrap" as const } };
const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };

export default function ProcessSettingsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  return (
    <WorkbenchFrame
      routeName={routeName}
      extra={<LinkButton type="primary" icon={<PlusOutlined />} to={editFlowPath()}>{t("travel.flows.add")}</LinkButton>}
    >
      <FlowList />
    </WorkbenchFrame>
  );
}

function FlowList() {
  const t = useTranslate();
  const confirmDelete = useConfirmDelete("approval-flows");
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<FlowRow, HttpError, { keyword?: string; covers?: string }>({
    resource: "approval-flows",
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "asc" }] },
    syncWithLocation: true,
    errorNotification: false,
    onSearch: (values) => (["keyword", "covers"] as const).map((field): CrudFilter => ({ field, operator: "eq", value: blank(values[field]) })),
  });
  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const error = tableQuery.error;

  const remove = (row: FlowRow) =>
    confirmDelete({
      id: row.id,
      title: t("travel.flows.deleteTitle"),
      content: t("travel.flows.deleteConfirm", { name: row.name }),
      okText: t("travel.standards.deleteOk"),
      cancelText: t("travel.notNow"),
      deleted: t("travel.flows.deleted"),
    });

  const columns: TableColumnsType<FlowRow> = [
    {
      width: 190, title: t("travel.flows.name"), dataIndex: "name", key: "name",
      render: (v: string, row) => (
        <Space direction="vertical" size={2}>
          <Typography.Text strong>{v}</Typography.Text>
          {!row.enabled && <Tag style={{ marginInlineEnd: 0 }}>{t("travel.flows.disabled")}</Tag>}
        </Space>
      ),
    },
    { ...nowrap, width: 140, title: t("travel.flows.covers"), key: "covers", render: (_: unknown, row) => t(`travel.flows.coverLabels.${row.covers}`) },
    {
      width: 140, title: t("travel.flows.appliesTo"), key: "appliesTo",
      render: (_: unknown, row) =>
        row.allEmployees ? (
          t("travel.flows.everyone")
        ) : (
          <Space size={[4, 4]} wrap>
            {row.departments.map((d) => <Tag key={`d${d.id}`} color="blue" style={{ marginInlineEnd: 0 }}>{d.name}</Tag>)}
            {row.employees.map((e) => <Tag key={`e${e.id}`} style={{ marginInlineEnd: 0 }}>{e.name}</Tag>)}
          </Space>
        ),
    },
    {
      title: t("travel.flows.levels"), key: "levels",
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0} data-testid={`flow-levels-${row.id}`}>
          {row.levels.map((l, i) => (
            <Typography.Text key={i} style={{ fontSize: 13 }}>
              {t("travel.flows.levelLine", { level: i + 1, names: l.approverNames.join(t("travel.flows.or")) })}
              {l.timeoutHours !== null && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t("travel.flows.within", { hours: l.timeoutHours })}</Typography.Text>}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    { ...nowrap, width: 110, title: t("travel.flows.onTimeout"), key: "onTimeout", render: (_: unknown, row) => t(`travel.flows.timeoutShort.${row.onTimeout}`) },
    {
      ...nowrap, width: 110, title: t("travel.app.actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <LinkButton type="link" size="small" to={editFlowPath(row.id)}>{t("travel.standards.edit")}</LinkButton>
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
      <Form {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 20 }} aria-label={t("travel.flows.searchForm")}>
        <Form.Item name="keyword" label={t("travel.flows.name")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("travel.flows.keywordPlaceholder")} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="covers" label={t("travel.flows.covers")}>
          <Select allowClear placeholder={t("travel.flows.allCovers")} style={{ width: 160 }} options={FLOW_COVERS.map((c) => ({ value: c, label: t(`travel.flows.coverLabels.${c}`) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Table<FlowRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: 820 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("travel.total", { count: n }) }}
        locale={{
          emptyText: !tableQuery.isFetched ? (
            <div style={{ height: 120 }} />
          ) : error ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("travel.loadError")} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? "travel.noMatch" : "travel.flows.empty")}>
              {!filtered && <LinkButton type="primary" to={editFlowPath()}>{t("travel.flows.add")}</LinkButton>}
            </Empty>
          ),
        }}
      />
    </div>
  );
}
