// An agent's subordinates: the members who registered through its referral link with a type
// below its own. One table serves 下级管理 (Subordinate) and 快速下单 (QuickOrder), which adds a
// booking action per row. Paged and searched on the server, mobiles masked.
import type { ReactNode } from "react";
import { type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Input, Table, Tag, Typography, type TableColumnsType } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { KEYWORD_MAX } from "../../domain/lists";
import { MEMBER_TYPE_LABELS } from "../../domain/member";
import { formatChinaTime } from "../../domain/format";
import type { SubordinateRow } from "../../domain/people/network";
import { LinkButton } from "../../components/LinkButton";
import { pathFor } from "../../access/routes";
import { useCodes } from "../../components/use-codes";

const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };

export function SubordinateTable({ action }: { action?: (row: SubordinateRow) => ReactNode }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const s = (k: string, o?: Record<string, unknown>) => t(`network.subordinates.${k}`, o);
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<SubordinateRow, HttpError, { keyword?: string }>({
    resource: "subordinates",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [{ field: "keyword", operator: "eq", value: v.keyword?.trim() || undefined }],
  });
  const filtered = filters.some((f) => "field" in f && f.value);
  const error = tableQuery.error;
  const columns: TableColumnsType<SubordinateRow> = [
    { ...nowrap, title: s("name"), dataIndex: "realName", key: "realName", render: (v: string | null) => v || "—" },
    { ...nowrap, title: s("mobile"), dataIndex: "mobilePhone", key: "mobilePhone" },
    { ...nowrap, title: s("memberType"), dataIndex: "memberType", key: "memberType", render: (v: SubordinateRow["memberType"]) => codeLabel(MEMBER_TYPE_LABELS, v) },
    { ...nowrap, title: s("orderCount"), dataIndex: "orderCount", key: "orderCount", align: "right" },
    { ...nowrap, title: s("status"), dataIndex: "status", key: "status", render: (v: number) => <Tag color={v ? "green" : "default"}>{s(v ? "active" : "inactive")}</Tag> },
    { ...nowrap, title: s("createTime"), dataIndex: "createTime", key: "createTime", render: formatChinaTime },
    ...(action ? [{ ...nowrap, title: s("actions"), key: "actions", render: (_: unknown, row: SubordinateRow) => action(row) }] : []),
  ];
  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }} aria-label={s("searchForm")}>
        <Form.Item name="keyword" label={s("keyword")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={s("keywordPlaceholder")} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{s("search")}</Button>
        </Form.Item>
      </Form>
      {error && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={s("listError")} description={error.message}
          action={<Button size="small" onClick={() => tableQuery.refetch()}>{s("retry")}</Button>} />
      )}
      <Table<SubordinateRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => s("total", { count: n }) }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={s(error ? "listError" : filtered ? "noMatch" : "empty")}>
              {!error && !filtered && <LinkButton to={pathFor("Recommended")}>{s("recommend")}</LinkButton>}
            </Empty>
          ),
        }}
      />
    </div>
  );
}

export function SubordinateHint({ text }: { text: string }) {
  return <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>{text}</Typography.Paragraph>;
}
