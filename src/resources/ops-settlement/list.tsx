// 结算对账: every company's statements, server-paged and filtered by company, status and the month
// the period ends in; a statement with disputes waiting for an answer says how many. 生成对账单
// bills a company's unbilled credit payments up to now; 查看 opens one statement beside the list.
import { useState } from "react";
import { useTranslate, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Badge, Button, DatePicker, Drawer, Empty, Form, Select, Space, Table, Tag, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { moneyText } from "../../domain/money";
import { STATEMENT_STATUSES, STATEMENT_STATUS_COLORS, STATEMENT_STATUS_LABELS, type StatementStatus } from "../../domain/settlement/states";
import type { OpsStatementRow } from "../../domain/ops/finance-schemas";
import { useCodes } from "../../components/use-codes";
import { OpsStatement } from "./show";
import { GenerateDialog } from "./generate";
import { useCompanyOptions } from "./companies";
import { OPS_STATEMENTS } from ".";

interface SearchValues {
  companyId?: number;
  status?: StatementStatus;
  month?: Dayjs | null;
}

const money = (fen: number) => moneyText(fen);
const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

export function OpsStatementList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const companies = useCompanyOptions();
  const [open, setOpen] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  const { tableProps, searchFormProps, tableQuery } = useTable<OpsStatementRow, HttpError, SearchValues>({
    resource: OPS_STATEMENTS,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v): CrudFilter[] => [
      { field: "companyId", operator: "eq", value: v.companyId },
      { field: "status", operator: "eq", value: v.status },
      { field: "month", operator: "eq", value: v.month ? v.month.format("YYYY-MM") : undefined },
    ],
  });
  const error = tableQuery.error;
  const columns: TableColumnsType<OpsStatementRow> = [
    { ...NOWRAP, title: t("ops.settlement.statementNo"), dataIndex: "statementNo" },
    { ...NOWRAP, title: t("ops.settlement.company"), dataIndex: "companyName" },
    { ...NOWRAP, title: t("ops.settlement.period"), key: "period", render: (_: unknown, s) => `${s.periodStart} ~ ${s.periodEnd}` },
    { ...NOWRAP, title: t("ops.settlement.status"), dataIndex: "status", render: (s: StatementStatus) => <Tag color={STATEMENT_STATUS_COLORS[s]}>{codeLabel(STATEMENT_STATUS_LABELS, s)}</Tag> },
    { ...NOWRAP, title: t("ops.settlement.lineCount"), dataIndex: "lineCount", align: "right" },
    { ...NOWRAP, title: t("ops.settlement.total"), dataIndex: "totalFen", align: "right", render: money },
    {
      ...NOWRAP, title: t("ops.settlement.openDisputes"), dataIndex: "openDisputes", align: "center",
      render: (n: number) => (n > 0 ? <Badge count={n} title={t("ops.settlement.openDisputesCount", { count: n })} /> : "—"),
    },
    { ...NOWRAP, title: t("ops.settlement.actions"), key: "actions", fixed: "right", render: (_: unknown, s) => <Button type="link" size="small" onClick={() => setOpen(s.id)}>{t("ops.settlement.view")}</Button> },
  ];
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  return (
    <div data-testid="ops-settlement">
      <Space style={{ marginBottom: 16, justifyContent: "space-between", width: "100%" }}>
        <h2 style={{ margin: 0 }}>{t("ops.settlement.title")}</h2>
        <Button type="primary" onClick={() => setGenerating(true)}>{t("ops.settlement.generate")}</Button>
      </Space>
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="companyId" label={t("ops.settlement.company")}>
          <Select {...companies.selectProps} allowClear showSearch placeholder={t("ops.settlement.anyCompany")} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label={t("ops.settlement.status")}>
          <Select allowClear placeholder={t("ops.settlement.anyStatus")} style={{ width: 120 }} options={STATEMENT_STATUSES.map((s) => ({ value: s, label: codeLabel(STATEMENT_STATUS_LABELS, s) }))} />
        </Form.Item>
        <Form.Item name="month" label={t("ops.settlement.month")}>
          <DatePicker picker="month" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t("ops.audit.search")}</Button>
          <Button onClick={reset}>{t("ops.withdrawals.reset")}</Button>
        </Space>
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("ops.settlement.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("ops.retry")}</Button>} />}
      <Table<OpsStatementRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("ops.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "ops.settlement.loadError" : "ops.settlement.empty")} /> }}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} width={1100} destroyOnHidden title={t("ops.settlement.detailTitle")}>
        {open !== null && <OpsStatement id={open} />}
      </Drawer>
      {generating && <GenerateDialog onClose={() => setGenerating(false)} onDone={(id) => { setGenerating(false); setOpen(id); }} />}
    </div>
  );
}
