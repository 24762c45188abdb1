// 提现记录 on the wallet page: the member's withdrawals, server-paged through useTable and filtered
// by status; 撤销 (after a confirmation) on the ones still waiting for review.
import { useInvalidate, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Popconfirm, Select, Table, Tag, Typography, type TableColumnsType } from "antd";
import { formatChinaTime } from "../../domain/format";
import { SearchButtons } from "../list-parts";
import {
  WITHDRAWAL_STATUSES, withdrawalColor, WITHDRAWAL_LABELS, type WithdrawalStatus, type WithdrawalView,
} from "../../domain/payments/withdrawal";
import { useCodes } from "../../components/use-codes";
import { useRecordAction } from "../useRecordAction";
import { moneyText } from "../../domain/money";

interface SearchValues {
  status?: WithdrawalStatus;
}

const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

export function WithdrawalList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { tableProps, searchFormProps, tableQuery } = useTable<WithdrawalView, HttpError, SearchValues>({
    resource: "withdrawals",
    pagination: { pageSize: 10 },
    // The ledger beside it keeps the address bar; this list keeps its page to itself.
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [{ field: "status", operator: "eq", value: v.status }],
  });
  // Cancelling gives the money back: the balance above the tabs is read again with everything else.
  const cancel = useRecordAction("withdrawals");
  const invalidate = useInvalidate();
  const error = tableQuery.error;

  const doCancel = (w: WithdrawalView) => cancel.run(w.id, "cancel", t("wallet.withdrawals.cancelled")).then(() => invalidate({ invalidates: ["all"] }));

  const columns: TableColumnsType<WithdrawalView> = [
    { ...NOWRAP, title: t("wallet.withdrawals.time"), dataIndex: "createTime", key: "createTime", render: formatChinaTime },
    { ...NOWRAP, title: t("wallet.withdrawals.no"), dataIndex: "withdrawNo", key: "withdrawNo" },
    { ...NOWRAP, title: t("wallet.withdrawals.card"), key: "card", render: (_: unknown, w) => `${w.bankName} ${w.cardNoMasked}` },
    { ...NOWRAP, title: t("wallet.withdrawals.amount"), dataIndex: "amount", key: "amount", align: "right", render: (v: number) => moneyText(v) },
    {
      ...NOWRAP, title: t("wallet.withdrawals.status"), dataIndex: "status", key: "status",
      render: (s: WithdrawalStatus) => <Tag color={withdrawalColor(s)}>{codeLabel(WITHDRAWAL_LABELS, s)}</Tag>,
    },
    { title: t("wallet.withdrawals.reason"), dataIndex: "reason", key: "reason", render: (v: string | null) => v ?? "—" },
    {
      ...NOWRAP, title: t("wallet.withdrawals.actions"), key: "actions",
      render: (_: unknown, w) =>
        w.actions.includes("cancel") ? (
          <Popconfirm title={t("wallet.withdrawals.cancelConfirm")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => doCancel(w)}>
            <Button type="link" size="small" danger loading={cancel.runningOn(w.id) !== null}>{t("wallet.withdrawals.cancel")}</Button>
          </Popconfirm>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  return (
    <div data-testid="withdrawal-list">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="status" label={t("wallet.withdrawals.status")}>
          <Select allowClear placeholder={t("wallet.all")} style={{ width: 120 }} options={WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: codeLabel(WITHDRAWAL_LABELS, s) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("wallet.withdrawals.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("flightOrder.retry")}</Button>} />}
      <Table<WithdrawalView>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("wallet.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "wallet.withdrawals.loadError" : "wallet.withdrawals.empty")} /> }}
      />
    </div>
  );
}
