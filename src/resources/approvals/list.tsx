// TravelAuditIndex (/travel/audit) and OrderAuditIndex (/travel/audit/order); 70, and 7_0 who may
// audit: the approver's trip applications, or orders sent for approval, in two tabs — waiting for me now (nearest deadline first) and decided by me — paged and searched
// on the server; each row names the trip's purpose (出差事由). The tab lives in the address (?box=done), so a reload keeps it.
import { Link, useSearchParams } from "react-router";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Empty, Form, Input, Space, Table, Tabs, Tooltip, Typography, type TableColumnsType } from "antd";
import { KEYWORD_MAX } from "../../domain/lists";
import { formatChinaTime } from "../../domain/format";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { Countdown } from "../../components/orders/Countdown";
import { LinkButton } from "../../components/LinkButton";
import { ApprovalStatusTag } from "./ApprovalStatusTag";
import { auditDetailPath, type ApprovalRow } from "./index";
import { ListLoadError, SearchButtons } from "../list-parts";
import { useTranslate } from "@refinedev/core";
import { moneyText } from "../../domain/money";

type Box = "todo" | "done";
type Subject = "trip" | "order";
const EMPTY: Record<Subject, Record<Box, string>> = {
  trip: { todo: "travel.audit.emptyTodo", done: "travel.audit.emptyDone" },
  order: { todo: "travel.audit.orderEmptyTodo", done: "travel.audit.orderEmptyDone" },
};
const NOWRAP = { style: { whiteSpace: "nowrap" as const } };
const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };
const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());

export default function TravelAuditIndexPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const box: Box = params.get("box") === "done" ? "done" : "todo";
  const subject: Subject = routeName === "OrderAuditIndex" ? "order" : "trip";
  return (
    <WorkbenchFrame routeName={routeName}>
      <div className="tp-frame__card" style={{ paddingTop: 8 }}>
        <Tabs
          activeKey={box}
          onChange={(k) => setParams(k === "done" ? { box: "done" } : {})}
          items={[
            { key: "todo", label: t("travel.audit.todo") },
            { key: "done", label: t("travel.audit.done") },
          ]}
        />
        {/* A tab is its own list: paging and search start afresh. */}
        <Inbox key={box} box={box} subject={subject} />
      </div>
    </WorkbenchFrame>
  );
}

function Inbox({ box, subject }: { box: Box; subject: Subject }) {
  const t = useTranslate();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<ApprovalRow, HttpError, { keyword?: string }>({
    resource: "approvals",
    pagination: { pageSize: 10 },
    filters: {
      permanent: [
        { field: "box", operator: "eq", value: box },
        { field: "subjectType", operator: "eq", value: subject },
      ],
    },
    errorNotification: false,
    onSearch: (values): CrudFilter[] => [{ field: "keyword", operator: "eq", value: blank(values.keyword) }],
  });
  const filtered = filters.some((f) => "field" in f && f.field === "keyword" && blank(f.value) !== undefined);
  const error = tableQuery.error;

  const columns: TableColumnsType<ApprovalRow> = [
    { title: t("travel.audit.subject"), dataIndex: "title", key: "title", render: (v: string, row) => <Link to={auditDetailPath(row.id, subject)}>{v}</Link> },
    {
      title: t("travel.app.purpose"), dataIndex: "purpose", key: "purpose", width: 180, ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Tooltip title={v} placement="topLeft"><span data-testid="audit-purpose">{v}</span></Tooltip> : "—"),
    },
    { ...nowrap, title: t("travel.app.applicant"), dataIndex: "applicantName", key: "applicantName" },
    { ...nowrap, title: t(subject === "trip" ? "travel.app.budget" : "travel.audit.amount"), dataIndex: "amountFen", key: "amountFen", align: "right", render: (v: number | null) => (v === null ? "—" : moneyText(v)) },
    { ...nowrap, title: t("travel.audit.submitTime"), dataIndex: "submitTime", key: "submitTime", render: (v: string | null) => (v ? formatChinaTime(v) : "—") },
    {
      ...nowrap, title: t("travel.app.status"), key: "status",
      render: (_: unknown, row) => (
        <Space direction="vertical" size={2}>
          <ApprovalStatusTag status={row.status} />
          {row.status === "pending" && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("travel.app.atLevel", { level: row.level, count: row.levelCount })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      ...nowrap, title: t("travel.audit.deadline"), key: "deadline",
      render: (_: unknown, row) =>
        row.countdown ? (
          <Space direction="vertical" size={2}>
            <Typography.Text type="warning">{formatChinaTime(row.countdown.at)}</Typography.Text>
            {/* An order's held fare runs out: the time left matters more than the hour. */}
            {row.countdown.kind === "fare" && row.status === "pending" && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <Countdown until={row.countdown.at} textKey="business.fareWithin" onEnd={() => tableQuery.refetch()} />
              </Typography.Text>
            )}
          </Space>
        ) : (
          "—"
        ),
    },
    {
      ...nowrap, title: t("travel.app.actions"), key: "actions",
      render: (_: unknown, row) => (
        <LinkButton type={box === "todo" ? "primary" : "link"} size="small" to={auditDetailPath(row.id, subject)}>
          {t(box === "todo" ? "travel.audit.review" : "travel.app.view")}
        </LinkButton>
      ),
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <>
      <Form {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 20 }} aria-label={t("travel.audit.searchForm")}>
        <Form.Item name="keyword" label={t("travel.app.keyword")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("travel.audit.keywordPlaceholder")} style={{ width: 220 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Table<ApprovalRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        data-testid={`audit-${box}`}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("travel.total", { count: n }) }}
        locale={{
          emptyText: !tableQuery.isFetched ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(error ? "travel.loadError" : filtered ? "travel.noMatch" : EMPTY[subject][box])}
            />
          ),
        }}
      />
    </>
  );
}
