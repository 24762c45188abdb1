// My wallet (/myCenter/wallet): the balance with 充值 and 提现, and three tabs: every movement of the
// member's money from the ledger (server-paged through useTable and filtered by direction,
// account, business type and date range), 提现记录 and 银行卡.
import { useState } from "react";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useCustom, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Card, DatePicker, Empty, Form, Select, Skeleton, Space, Statistic, Table, Tabs, Tag, Typography, type TableColumnsType } from "antd";
import { TransactionOutlined, WalletOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { BUSINESS_TYPE_CODES, BUSINESS_TYPE_LABELS, type AccountSummary, type LedgerRow } from "../../domain/payments/types";
import { ledgerRowLabel } from "../../domain/payments/ledger-label";
import { formatChinaTime } from "../../domain/format";
import { SearchButtons } from "../list-parts";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { pathFor } from "../../access/routes";
import { WithdrawalList } from "../withdrawals/list";
import { BankCards } from "../withdrawals/BankCards";
import { WithdrawDialog } from "../withdrawals/WithdrawDialog";
import { formatFen, moneyText } from "../../domain/money";

interface SearchValues {
  direction?: "in" | "out";
  account?: string;
  businessType?: number;
  createDate?: [Dayjs, Dayjs] | null;
}

const ACCOUNTS = ["wallet", "alipay", "wechat"] as const;
const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

type Tab = "ledger" | "withdrawals" | "cards";

export default function WalletPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const [tab, setTab] = useState<Tab>("ledger");
  return (
    <WorkbenchFrame routeName={routeName} title={t("wallet.title")} extra={<LinkButton type="primary" icon={<WalletOutlined />} to={pathFor("recharge_index")}>{t("wallet.recharge")}</LinkButton>}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <Balance onCards={() => setTab("cards")} />
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as Tab)}
            destroyOnHidden
            items={[
              { key: "ledger", label: t("wallet.ledger"), children: <Ledger /> },
              { key: "withdrawals", label: t("wallet.withdrawals.title"), children: <WithdrawalList /> },
              { key: "cards", label: t("wallet.cards.title"), children: <BankCards /> },
            ]}
          />
        </Card>
      </Space>
    </WorkbenchFrame>
  );
}

function Balance({ onCards }: { onCards: () => void }) {
  const t = useTranslate();
  const { query, result } = useCustom<AccountSummary>({ url: "/account/AppAccount", method: "post", errorNotification: false, queryOptions: { retry: false } });
  const a = result.data as AccountSummary | undefined;
  const [withdrawing, setWithdrawing] = useState(false);
  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 1 }} /></Card>;
  if (query.error || !a) {
    return <Alert type="error" showIcon message={t("wallet.loadError")} description={query.error?.message} action={<Button onClick={() => query.refetch()}>{t("flightOrder.retry")}</Button>} />;
  }
  return (
    <Card>
      <Space size={64} wrap>
        <Statistic title={t("wallet.balance")} prefix="¥" value={formatFen(a.balanceFen)} valueStyle={{ color: "#f5222d" }} data-testid="wallet-page-balance" />
        <Statistic title={t("wallet.available")} prefix="¥" value={formatFen(a.availableFen)} />
        <Statistic title={t("wallet.frozen")} prefix="¥" value={formatFen(a.frozenFen)} />
        <Button type="primary" size="large" icon={<TransactionOutlined />} onClick={() => setWithdrawing(true)}>{t("wallet.withdraw.open")}</Button>
      </Space>
      {withdrawing && (
        <WithdrawDialog
          withdrawableFen={Math.max(0, a.availableFen)}
          onClose={() => setWithdrawing(false)}
          onCards={() => {
            setWithdrawing(false);
            onCards();
          }}
        />
      )}
    </Card>
  );
}

function Ledger() {
  const t = useTranslate();
  const { tableProps, searchFormProps, tableQuery } = useTable<LedgerRow, HttpError, SearchValues>({
    resource: "wallet-ledger",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [
      { field: "direction", operator: "eq", value: v.direction },
      { field: "account", operator: "eq", value: v.account },
      { field: "businessType", operator: "eq", value: v.businessType },
      { field: "createDate", operator: "between", value: v.createDate ? [v.createDate[0].format("YYYY-MM-DD"), v.createDate[1].format("YYYY-MM-DD")] : undefined },
    ],
  });
  const error = tableQuery.error;
  const accountLabel = (a: string) => t(`wallet.account.${a}`, { defaultValue: a });
  // Fits 1280 px without scrolling sideways: the note wraps, and the order and trade numbers share
  // one column (the trade number under the order's).
  const columns: TableColumnsType<LedgerRow> = [
    { ...NOWRAP, title: t("wallet.time"), dataIndex: "createTime", key: "createTime", render: formatChinaTime },
    { ...NOWRAP, title: t("wallet.businessType"), dataIndex: "businessType", key: "businessType", render: (_: number, r) => ledgerRowLabel(r) },
    { title: t("wallet.note"), dataIndex: "note", key: "note" },
    { ...NOWRAP, title: t("wallet.accountCol"), dataIndex: "account", key: "account", render: accountLabel },
    {
      ...NOWRAP, title: t("wallet.amount"), key: "amount", align: "right",
      render: (_: unknown, r) => <Tag color={r.direction === "in" ? "green" : "red"} data-testid="ledger-amount">{r.direction === "in" ? "+" : "-"}{moneyText(r.amount)}</Tag>,
    },
    { ...NOWRAP, title: t("wallet.balanceAfter"), dataIndex: "balanceAfter", key: "balanceAfter", align: "right", render: (v: number | null) => (v === null ? "—" : moneyText(v)) },
    {
      title: t("wallet.numbers"), key: "numbers",
      render: (_: unknown, r) => (
        <div style={{ wordBreak: "break-all" }}>
          <div>{r.orderNo ?? "—"}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.outTradeNo}</Typography.Text>
        </div>
      ),
    },
  ];
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  return (
    <div data-testid="wallet-ledger">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="direction" label={t("wallet.direction")}>
          <Select allowClear placeholder={t("wallet.all")} style={{ width: 110 }} options={[{ value: "in", label: t("wallet.in") }, { value: "out", label: t("wallet.out") }]} />
        </Form.Item>
        <Form.Item name="account" label={t("wallet.accountCol")}>
          <Select allowClear placeholder={t("wallet.all")} style={{ width: 120 }} options={ACCOUNTS.map((a) => ({ value: a, label: accountLabel(a) }))} />
        </Form.Item>
        <Form.Item name="businessType" label={t("wallet.businessType")}>
          <Select allowClear placeholder={t("wallet.all")} style={{ width: 150 }} options={BUSINESS_TYPE_CODES.map((c) => ({ value: c, label: BUSINESS_TYPE_LABELS[c] }))} />
        </Form.Item>
        <Form.Item name="createDate" label={t("wallet.date")}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("wallet.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("flightOrder.retry")}</Button>} />}
      <Table<LedgerRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: 800 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("wallet.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "wallet.loadError" : "wallet.empty")} /> }}
      />
    </div>
  );
}
