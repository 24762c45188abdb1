// 提现审核: every member's withdrawals, server-paged and filtered (status, member, amount range,
// from a day). A request nobody has taken is reviewed and paid out by the timed policy; an operator
// may take it (接手) to decide it by hand, give it back (放回), approve it, confirm the payout, or
// reject it with a reason the member reads (the money goes back to the wallet). Each decision asks
// first; the server refuses one that another operator or the timer has already made.
import { useState } from "react";
import { useInvalidate, useTranslate, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { formatChinaTime } from "../../domain/format";
import { moneyText } from "../../domain/money";
import { WITHDRAWAL_LABELS, WITHDRAWAL_STATUSES, withdrawalColor, type WithdrawalStatus } from "../../domain/payments/withdrawal";
import type { OpsWithdrawalView } from "../../domain/ops/finance-schemas";
import { useCodes } from "../../components/use-codes";
import { useRecordAction } from "../useRecordAction";
import { RejectDialog } from "./reject";
import { OPS_WITHDRAWALS } from ".";
import { useRefreshMenuCounts } from "../../ops/menu-count";

interface SearchValues {
  status?: WithdrawalStatus;
  member?: string;
  amountStart?: string;
  amountEnd?: string;
  since?: Dayjs | null;
}

const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
const trimmed = (v?: string) => v?.trim() || undefined;

export function OpsWithdrawalList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { tableProps, searchFormProps, tableQuery } = useTable<OpsWithdrawalView, HttpError, SearchValues>({
    resource: OPS_WITHDRAWALS,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v): CrudFilter[] => [
      { field: "status", operator: "eq", value: v.status },
      { field: "member", operator: "eq", value: trimmed(v.member) },
      { field: "amountStart", operator: "eq", value: trimmed(v.amountStart) },
      { field: "amountEnd", operator: "eq", value: trimmed(v.amountEnd) },
      { field: "createDateStart", operator: "eq", value: v.since ? v.since.format("YYYY-MM-DD") : undefined },
    ],
  });
  const action = useRecordAction(OPS_WITHDRAWALS);
  // The menu's badge counts what waits for review: read again with everything else.
  const invalidate = useInvalidate();
  const refreshCounts = useRefreshMenuCounts();
  const [rejecting, setRejecting] = useState<OpsWithdrawalView | null>(null);
  const run = (w: OpsWithdrawalView, name: "hold" | "release" | "approve" | "pay") =>
    // A decision carries the status it was made on: one that moved meanwhile is refused.
    action.run(w.id, name, t(`ops.withdrawals.done.${name}`), name === "approve" || name === "pay" ? { from: w.status } : {}).then(() => {
      refreshCounts();
      return invalidate({ invalidates: ["all"] });
    });
  const error = tableQuery.error;

  const confirmed = (w: OpsWithdrawalView, name: "approve" | "pay", danger = false) => (
    <Popconfirm
      key={name}
      title={t(`ops.withdrawals.confirm.${name}`, { amount: moneyText(w.amount), member: w.memberName })}
      okText={t("ops.withdrawals.ok")}
      cancelText={t("ops.cancel")}
      onConfirm={() => run(w, name)}
    >
      <Button size="small" type="link" danger={danger} loading={action.runningOn(w.id) === name}>{t(`ops.withdrawals.actions.${name}`)}</Button>
    </Popconfirm>
  );

  const columns: TableColumnsType<OpsWithdrawalView> = [
    { ...NOWRAP, title: t("ops.withdrawals.time"), dataIndex: "createTime", render: formatChinaTime },
    { ...NOWRAP, title: t("ops.withdrawals.no"), dataIndex: "withdrawNo" },
    {
      ...NOWRAP, title: t("ops.withdrawals.member"), key: "member",
      render: (_: unknown, w) => <Space direction="vertical" size={0}><span>{w.memberName}</span><Typography.Text type="secondary">{w.mobilePhone}</Typography.Text></Space>,
    },
    {
      ...NOWRAP, title: t("ops.withdrawals.card"), key: "card",
      render: (_: unknown, w) => <Space direction="vertical" size={0}><span>{`${w.bankName} ${w.cardNoMasked}`}</span><Typography.Text type="secondary">{w.holderName}</Typography.Text></Space>,
    },
    { ...NOWRAP, title: t("ops.withdrawals.amount"), dataIndex: "amount", align: "right", render: (v: number) => moneyText(v) },
    { ...NOWRAP, title: t("ops.withdrawals.status"), dataIndex: "status", render: (s: WithdrawalStatus) => <Tag color={withdrawalColor(s)}>{codeLabel(WITHDRAWAL_LABELS, s)}</Tag> },
    { ...NOWRAP, title: t("ops.withdrawals.heldBy"), dataIndex: "heldByName", render: (v: string | null) => v ?? <Typography.Text type="secondary">{t("ops.withdrawals.byTimer")}</Typography.Text> },
    { title: t("ops.withdrawals.reason"), dataIndex: "reason", width: 180, render: (v: string | null) => v ?? "—" },
    {
      ...NOWRAP, title: t("ops.withdrawals.actionsTitle"), key: "actions", fixed: "right",
      render: (_: unknown, w) => (
        <Space size={0} wrap={false}>
          {w.actions.includes("hold") && <Button size="small" type="link" loading={action.runningOn(w.id) === "hold"} onClick={() => run(w, "hold")}>{t("ops.withdrawals.actions.hold")}</Button>}
          {w.actions.includes("release") && <Button size="small" type="link" loading={action.runningOn(w.id) === "release"} onClick={() => run(w, "release")}>{t("ops.withdrawals.actions.release")}</Button>}
          {w.actions.includes("approve") && confirmed(w, "approve")}
          {w.actions.includes("pay") && confirmed(w, "pay")}
          {w.actions.includes("reject") && <Button size="small" type="link" danger onClick={() => setRejecting(w)}>{t("ops.withdrawals.actions.reject")}</Button>}
          {w.actions.length === 0 && <Typography.Text type="secondary">—</Typography.Text>}
        </Space>
      ),
    },
  ];
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  return (
    <div data-testid="ops-withdrawals">
      <h2>{t("ops.withdrawals.title")}</h2>
      <Typography.Paragraph type="secondary">{t("ops.withdrawals.policy")}</Typography.Paragraph>
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="status" label={t("ops.withdrawals.status")}>
          <Select allowClear placeholder={t("ops.withdrawals.all")} style={{ width: 110 }} options={WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: codeLabel(WITHDRAWAL_LABELS, s) }))} />
        </Form.Item>
        <Form.Item name="member" label={t("ops.withdrawals.member")}>
          <Input allowClear maxLength={11} placeholder={t("ops.withdrawals.memberPlaceholder")} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item label={t("ops.withdrawals.amountRange")}>
          <Space.Compact>
            <Form.Item name="amountStart" noStyle><Input allowClear maxLength={12} placeholder={t("ops.withdrawals.amountMin")} style={{ width: 100 }} aria-label={t("ops.withdrawals.amountMin")} /></Form.Item>
            <Form.Item name="amountEnd" noStyle><Input allowClear maxLength={12} placeholder={t("ops.withdrawals.amountMax")} style={{ width: 100 }} aria-label={t("ops.withdrawals.amountMax")} /></Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="since" label={t("ops.withdrawals.since")}>
          <DatePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t("ops.audit.search")}</Button>
          <Button onClick={reset}>{t("ops.withdrawals.reset")}</Button>
        </Space>
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("ops.withdrawals.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("ops.retry")}</Button>} />}
      <Table<OpsWithdrawalView>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("ops.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "ops.withdrawals.loadError" : "ops.withdrawals.empty")} /> }}
      />
      {rejecting && <RejectDialog withdrawal={rejecting} onClose={() => setRejecting(null)} />}
    </div>
  );
}
