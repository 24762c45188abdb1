// The company's statements: server-paged through useTable, filtered by status.
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Empty, Form, Select, Table, Tag, type TableColumnsType } from "antd";
import { STATEMENT_STATUSES, STATEMENT_STATUS_COLORS, STATEMENT_STATUS_LABELS, type StatementStatus } from "../../domain/settlement/states";
import type { StatementRow } from "../../domain/settlement/schemas";
import { LinkButton } from "../../components/LinkButton";
import { ListLoadError, SearchButtons } from "../list-parts";
import { statementPath } from "./index";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

interface SearchValues {
  status?: StatementStatus;
}

const money = (fen: number) => moneyText(fen);
const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

export function StatementList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { tableProps, searchFormProps, tableQuery } = useTable<StatementRow, HttpError, SearchValues>({
    resource: "settlement-statements",
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "periodEnd", order: "desc" }] },
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [{ field: "status", operator: "eq", value: v.status }],
  });
  const columns: TableColumnsType<StatementRow> = [
    { ...NOWRAP, title: t("settlement.statementNo"), dataIndex: "statementNo", key: "statementNo" },
    { ...NOWRAP, title: t("settlement.period"), key: "period", render: (_: unknown, r) => `${r.periodStart} ~ ${r.periodEnd}` },
    {
      ...NOWRAP, title: t("settlement.status"), dataIndex: "status", key: "status",
      render: (s: StatementStatus, r) => (
        <>
          <Tag color={STATEMENT_STATUS_COLORS[s]}>{codeLabel(STATEMENT_STATUS_LABELS, s)}</Tag>
          {r.openDisputes > 0 && <Tag color="orange">{t("settlement.openDisputes", { count: r.openDisputes })}</Tag>}
        </>
      ),
    },
    { ...NOWRAP, title: t("settlement.lineCount"), dataIndex: "lineCount", key: "lineCount", align: "right" },
    { ...NOWRAP, title: t("settlement.amount"), dataIndex: "amountFen", key: "amountFen", align: "right", render: money },
    { ...NOWRAP, title: t("settlement.serviceFee"), dataIndex: "serviceFeeFen", key: "serviceFeeFen", align: "right", render: money },
    { ...NOWRAP, title: t("settlement.adjustment"), dataIndex: "adjustmentFen", key: "adjustmentFen", align: "right", render: money },
    { ...NOWRAP, title: t("settlement.total"), dataIndex: "totalFen", key: "totalFen", align: "right", render: (v: number) => <strong>{money(v)}</strong> },
    { ...NOWRAP, title: t("settlement.actions"), key: "actions", render: (_: unknown, r) => <LinkButton to={statementPath(r.id)} type="link">{t("settlement.view")}</LinkButton> },
  ];
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  return (
    <div data-testid="settlement-statements">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="status" label={t("settlement.status")}>
          <Select allowClear placeholder={t("settlement.all")} style={{ width: 140 }} options={STATEMENT_STATUSES.map((s) => ({ value: s, label: codeLabel(STATEMENT_STATUS_LABELS, s) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={tableQuery.error} onRetry={() => tableQuery.refetch()} />
      <Table<StatementRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("settlement.totalRows", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("settlement.empty")} /> }}
      />
    </div>
  );
}
