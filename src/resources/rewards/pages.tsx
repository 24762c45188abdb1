// The rewards pages in one chunk: RewardsOut (/finance/rewardsOut: the balance and the transfer to
// the wallet), RewradsDetail (/finance/rewradsDetail: every movement, server-paged and filtered)
// and tianhanbao_detail (/myCenter/tianhanbao_detail: the summary figures and the latest rows).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCustom, useList, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { useTable } from "@refinedev/antd";
import { App, Button, Card, Col, DatePicker, Empty, Form, Input, Row, Select, Skeleton, Space, Statistic, Table, Tag, Typography, type TableColumnsType } from "antd";
import type { Dayjs } from "dayjs";
import { formatChinaTime } from "../../domain/format";
import type { AccountSummary } from "../../domain/payments/types";
import {
  RECOMMEND_RATE_BP, REWARDS_PATHS, REWARD_EVENTS, REWARD_KINDS, SHARE_RATE_BP,
  type RewardRow, type RewardsSummary, type RewardsTransferResult,
} from "../../domain/payments/rewards";
import { rewardsTransferSchema } from "../../domain/payments/rewards-schemas";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { REWARDS_TRANSFERS } from "./index";
import { LoadError } from "../LoadError";
import { ListLoadError, SearchButtons } from "../list-parts";
import { fenToYuan, formatFen, parseYuan } from "../../domain/money";

const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };
const percent = (bp: number) => `${bp / 100}%`;
const yuan = (fen: number) => formatFen(fen);

function useSummary() {
  const { query, result } = useCustom<RewardsSummary>({ url: REWARDS_PATHS.summary, method: "post", errorNotification: false, queryOptions: { retry: false } });
  return { query, summary: result.data as RewardsSummary | undefined };
}

function SummaryFigures({ s, walletFen }: { s: RewardsSummary; walletFen?: number }) {
  const t = useTranslate();
  return (
    <Row gutter={[32, 16]}>
      <Col><Statistic title={t("rewards.balance")} prefix="¥" value={yuan(s.balance)} valueStyle={{ color: "#f5222d" }} data-testid="rewards-balance" /></Col>
      <Col><Statistic title={t("rewards.recommend")} prefix="¥" value={yuan(s.balances.recommend)} /></Col>
      <Col><Statistic title={t("rewards.share")} prefix="¥" value={yuan(s.balances.share)} /></Col>
      <Col><Statistic title={t("rewards.monthEarned")} prefix="¥" value={yuan(s.monthEarned)} /></Col>
      <Col><Statistic title={t("rewards.totalEarned")} prefix="¥" value={yuan(s.totalEarned)} /></Col>
      <Col><Statistic title={t("rewards.transferred")} prefix="¥" value={yuan(s.transferred)} /></Col>
      {walletFen !== undefined && <Col><Statistic title={t("rewards.walletBalance")} prefix="¥" value={formatFen(walletFen)} data-testid="rewards-wallet" /></Col>}
    </Row>
  );
}

function SummaryCard({ walletFen, extra }: { walletFen?: number; extra?: ReactNode }) {
  const t = useTranslate();
  const { query, summary } = useSummary();
  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 2 }} /></Card>;
  if (query.error || !summary) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <Card extra={extra} title={t("rewards.title")}>
      <SummaryFigures s={summary} walletFen={walletFen} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
        {t("rewards.rates", { recommend: percent(RECOMMEND_RATE_BP), share: percent(SHARE_RATE_BP) })}
      </Typography.Paragraph>
    </Card>
  );
}

// ---- RewardsOut ----

interface TransferValues {
  amount: string;
}
const TRANSFER_FIELDS = ["amount"] as const;

export function RewardsOutPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const wallet = useCustom<AccountSummary>({ url: "/account/AppAccount", method: "post", errorNotification: false, queryOptions: { retry: false } });
  const { query, summary } = useSummary();
  const walletBalanceFen = (wallet.result.data as AccountSummary | undefined)?.balanceFen;
  return (
    <WorkbenchFrame routeName={routeName} extra={<Link to={pathFor("RewradsDetail")}>{t("rewards.viewAll")}</Link>}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        {query.isLoading ? (
          <Card><Skeleton active paragraph={{ rows: 3 }} /></Card>
        ) : query.error || !summary ? (
          <LoadError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <>
            <Card title={t("rewards.title")}>
              <SummaryFigures s={summary} walletFen={walletBalanceFen} />
            </Card>
            <Card title={t("rewards.transferTitle")}>
              <TransferForm
                balance={summary.balance}
                onDone={() => {
                  void query.refetch();
                  void wallet.query.refetch();
                }}
              />
            </Card>
          </>
        )}
      </Space>
    </WorkbenchFrame>
  );
}

function TransferForm({ balance, onDone }: { balance: number; onDone: () => void }) {
  const t = useTranslate();
  const { message, modal } = App.useApp();
  // Refine moves the money: a create on the rewards-transfers resource.
  const {
    control, handleSubmit, reset, setError, setValue, watch,
    refineCore: { onFinish, formLoading },
  } = useForm<RewardsTransferResult, HttpError, TransferValues>({
    resolver: schemaResolver<TransferValues>(() => rewardsTransferSchema),
    defaultValues: { amount: "" },
    warnWhenUnsavedChanges: false,
    // A refusal's field message is placed by applyRefusal, which also says what is left for the line.
    disableServerSideValidation: true,
    refineCoreProps: { resource: REWARDS_TRANSFERS, action: "create", ...QUIET_SAVE },
  });
  const submitState = useSubmitState(watch);

  const transfer = (values: TransferValues) =>
    submitState.run(async () => {
      try {
        const moved = await onFinish({ amount: values.amount });
        reset({ amount: "" });
        void message.success(t("rewards.done", { amount: yuan(moved ? moved.data.amount : parseYuan(values.amount) ?? 0) }));
        onDone();
        return null;
      } catch (e) {
        return applyRefusal(e, TRANSFER_FIELDS, setError);
      }
    });
  // Moving money is confirmed first: the amount as it will be moved.
  const confirm = (values: TransferValues) => {
    modal.confirm({
      title: t("rewards.confirmTitle"),
      content: t("rewards.confirmContent", { amount: formatFen(parseYuan(values.amount) ?? 0) }),
      okText: t("rewards.ok"),
      cancelText: t("rewards.cancel"),
      onOk: () => transfer(values),
    });
  };
  if (balance <= 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("rewards.nothing")} />;
  return (
    <Form layout="horizontal" labelCol={{ flex: "112px" }} wrapperCol={{ flex: 1 }} colon={false} onFinish={() => void handleSubmit(confirm)()} style={{ maxWidth: 520 }}>
      <FormField control={control} name="amount" label={t("rewards.amount")} required
        addon={<Button onClick={() => setValue("amount", fenToYuan(balance), { shouldValidate: true })}>{t("rewards.all")}</Button>}>
        <Input prefix="¥" placeholder={t("rewards.amountPlaceholder")} inputMode="decimal" maxLength={13} autoComplete="off" />
      </FormField>
      <Form.Item label=" ">
        <FormMessage refusal={submitState.refusal} />
        <Button type="primary" htmlType="submit" loading={formLoading}>{t("rewards.submit")}</Button>
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>{t("rewards.hint")}</Typography.Paragraph>
    </Form>
  );
}

// ---- RewradsDetail ----

interface SearchValues {
  kind?: string;
  event?: string;
  createDate?: [Dayjs, Dayjs] | null;
}

function useColumns(): TableColumnsType<RewardRow> {
  const t = useTranslate();
  return [
    { ...nowrap, title: t("rewards.detail.time"), dataIndex: "createTime", key: "createTime", render: formatChinaTime },
    { ...nowrap, title: t("rewards.detail.kind"), dataIndex: "kind", key: "kind", render: (v: string) => t(`rewards.kinds.${v}`) },
    { ...nowrap, title: t("rewards.detail.event"), dataIndex: "event", key: "event", render: (v: string) => t(`rewards.events.${v}`) },
    {
      ...nowrap, title: t("rewards.detail.amount"), dataIndex: "amount", key: "amount", align: "right",
      render: (v: number) => <Tag color={v >= 0 ? "green" : "red"}>{v >= 0 ? "+" : "-"}¥{yuan(Math.abs(v))}</Tag>,
    },
    { ...nowrap, title: t("rewards.detail.balanceAfter"), dataIndex: "balanceAfter", key: "balanceAfter", align: "right", render: (v: number) => `¥${yuan(v)}` },
    { ...nowrap, title: t("rewards.detail.orderNo"), dataIndex: "orderNo", key: "orderNo", render: (v: string | null, r) => v ?? r.outTradeNo ?? "—" },
    { ...nowrap, title: t("rewards.detail.source"), dataIndex: "sourceName", key: "sourceName", render: (v: string | null) => v ?? "—" },
    { title: t("rewards.detail.note"), dataIndex: "note", key: "note" },
  ];
}

export function RewardsDetailPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { tableProps, searchFormProps, tableQuery } = useTable<RewardRow, HttpError, SearchValues>({
    resource: "rewards",
    pagination: { pageSize: 10 },
    // Like the ledger bills: the address stays the route's own (old addresses redirect onto it).
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [
      { field: "kind", operator: "eq", value: v.kind },
      { field: "event", operator: "eq", value: v.event },
      { field: "createDate", operator: "between", value: v.createDate ? [v.createDate[0].format("YYYY-MM-DD"), v.createDate[1].format("YYYY-MM-DD")] : undefined },
    ],
  });
  const columns = useColumns();
  const error = tableQuery.error;
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  if (Number(error?.statusCode) === 403) {
    return <WorkbenchFrame routeName={routeName}><LoadError error={error} onRetry={() => tableQuery.refetch()} /></WorkbenchFrame>;
  }
  return (
    <WorkbenchFrame routeName={routeName} extra={<Link to={pathFor("RewardsOut")}>{t("rewards.toTransfer")}</Link>}>
      <div className="tp-frame__card" style={{ paddingTop: 16 }} data-testid="rewards-detail">
        <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
          <Form.Item name="kind" label={t("rewards.detail.kind")}>
            <Select allowClear placeholder={t("rewards.detail.all")} style={{ width: 140 }} options={REWARD_KINDS.map((k) => ({ value: k, label: t(`rewards.kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="event" label={t("rewards.detail.event")}>
            <Select allowClear placeholder={t("rewards.detail.all")} style={{ width: 140 }} options={REWARD_EVENTS.map((k) => ({ value: k, label: t(`rewards.events.${k}`) }))} />
          </Form.Item>
          <Form.Item name="createDate" label={t("rewards.detail.date")}>
            <DatePicker.RangePicker style={{ width: 240 }} />
          </Form.Item>
          <SearchButtons onReset={reset} />
        </Form>
        <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
        <Table<RewardRow>
          {...tableProps}
          rowKey="id"
          columns={columns}
          scroll={{ x: "max-content" }}
          pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("rewards.detail.total", { count: n }) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "rewards.loadError" : "rewards.detail.empty")} /> }}
        />
      </div>
    </WorkbenchFrame>
  );
}

// ---- tianhanbao_detail ----

export function TianhanbaoDetailPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { result, query } = useList<RewardRow, HttpError>({ resource: "rewards", pagination: { currentPage: 1, pageSize: 5 }, errorNotification: false, queryOptions: { retry: false } });
  const columns = useColumns();
  return (
    <WorkbenchFrame routeName={routeName}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <SummaryCard extra={<Link to={pathFor("RewardsOut")}><Button type="primary">{t("rewards.toTransfer")}</Button></Link>} />
        <Card title={t("rewards.latest")} extra={<Link to={pathFor("RewradsDetail")}>{t("rewards.viewAll")}</Link>}>
          {query.error ? (
            <LoadError error={query.error} onRetry={() => query.refetch()} />
          ) : query.isLoading ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <Table<RewardRow>
              rowKey="id"
              columns={columns}
              dataSource={result.data}
              pagination={false}
              scroll={{ x: "max-content" }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("rewards.detail.empty")} /> }}
            />
          )}
        </Card>
      </Space>
    </WorkbenchFrame>
  );
}
