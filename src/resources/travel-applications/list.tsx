// TravelApplicationList (/travel/application, 7_0): the applicant's own trip applications, newest
// first, filtered by status and keyword through the data provider and paged on the server; each
// row shows its approval status and who decides it now.
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Empty, Form, Input, Select, Space, Table, Typography, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { PlusOutlined } from "@ant-design/icons";
import { APPROVAL_STATUSES, APPROVAL_STATUS_LABELS, type ApprovalStatus } from "../../domain/approval";
import { KEYWORD_MAX } from "../../domain/lists";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { ApprovalStatusTag } from "../approvals/ApprovalStatusTag";
import { applyDetailPath, type ApplicationListRow } from "./index";
import { ListLoadError, SearchButtons } from "../list-parts";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

interface SearchValues {
  keyword?: string;
  status?: ApprovalStatus;
}

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());
const NOWRAP = { style: { whiteSpace: "nowrap" as const } };
const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };

export default function TravelApplicationListPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  return (
    <WorkbenchFrame
      routeName={routeName}
      extra={
        <LinkButton type="primary" icon={<PlusOutlined />} to={pathFor("AddTravelApplication")}>
          {t("travel.app.add")}
        </LinkButton>
      }
    >
      <ApplicationList />
    </WorkbenchFrame>
  );
}

function ApplicationList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<ApplicationListRow, HttpError, SearchValues>({
    resource: "travel-applications",
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    syncWithLocation: true,
    errorNotification: false,
    onSearch: (values) => (["keyword", "status"] as const).map((field): CrudFilter => ({ field, operator: "eq", value: blank(values[field]) })),
  });
  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const error = tableQuery.error;

  const columns: TableColumnsType<ApplicationListRow> = [
    { ...nowrap, width: 170, title: t("travel.app.noteNo"), dataIndex: "noteNo", key: "noteNo", render: (v: string, row) => <Link to={applyDetailPath(row.id)}>{v}</Link> },
    {
      // Purpose and route share a column so the table fits the card at 1280 px.
      title: t("travel.app.purposeAndRoute"), key: "purpose", ellipsis: true,
      render: (_: unknown, row) => (
        <>
          <Typography.Text ellipsis={{ tooltip: row.purpose }} style={{ display: "block" }}>{row.purpose}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: "block", fontSize: 12 }}>{`${row.fromCity} → ${row.toCities.join("、")}`}</Typography.Text>
        </>
      ),
    },
    {
      ...nowrap, width: 120, title: t("travel.app.dates"), key: "dates",
      render: (_: unknown, row) => (
        <>
          <div>{row.startDate}</div>
          <Typography.Text type="secondary">{t("travel.app.until", { date: row.endDate })}</Typography.Text>
        </>
      ),
    },
    { ...nowrap, width: 120, title: t("travel.app.budget"), dataIndex: "budgetFen", key: "budgetFen", align: "right", render: (v: number) => moneyText(v) },
    {
      width: 170, title: t("travel.app.status"), key: "status",
      render: (_: unknown, row) => (
        <Space direction="vertical" size={2}>
          <ApprovalStatusTag status={row.approval.status} testId={`status-${row.noteNo}`} />
          {row.approval.status === "pending" && row.approval.currentApprovers.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("travel.app.waitingFor", { level: row.approval.level, names: row.approval.currentApprovers.join("、") })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      ...nowrap, width: 80, title: t("travel.app.actions"), key: "actions",
      render: (_: unknown, row) => <LinkButton type="link" size="small" to={applyDetailPath(row.id)}>{t("travel.app.view")}</LinkButton>,
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 20 }} aria-label={t("travel.app.searchForm")}>
        <Form.Item name="keyword" label={t("travel.app.keyword")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("travel.app.keywordPlaceholder")} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t("travel.app.status")}>
          <Select
            allowClear
            placeholder={t("travel.app.allStatuses")}
            style={{ width: 140 }}
            options={APPROVAL_STATUSES.map((s) => ({ value: s, label: codeLabel(APPROVAL_STATUS_LABELS, s) }))}
          />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>

      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />

      <Table<ApplicationListRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        // A set width makes the fixed layout hold, so long purposes are cut with an ellipsis.
        scroll={{ x: 800 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("travel.total", { count: n }) }}
        locale={{
          // Nothing is said to be empty before the server has answered.
          emptyText: !tableQuery.isFetched ? (
            <div style={{ height: 120 }} />
          ) : error ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("travel.loadError")} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? "travel.noMatch" : "travel.app.empty")}>
              {!filtered && <LinkButton type="primary" to={pathFor("AddTravelApplication")}>{t("travel.app.add")}</LinkButton>}
            </Empty>
          ),
        }}
      />
    </div>
  );
}
