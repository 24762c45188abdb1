// 充值记录 (RechargeRecord, /finance/rechargeRecord): the member's recharges, server-paged through
// useTable and filtered by status and creation date; an unpaid one can be paid from here.
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Empty, Form, Select, Table, Tag, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { pathFor } from "../../access/routes";
import { RECHARGE_STATUS, RECHARGE_STATUS_CODES, rechargeColor, RECHARGE_LABELS, type RechargeView } from "../../domain/orders/recharge";
import { formatChinaTime } from "../../domain/format";
import { SearchButtons } from "../list-parts";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { rechargePayPath } from ".";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

interface SearchValues {
  status?: number;
  createDate?: [Dayjs, Dayjs] | null;
}

const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

export default function RechargeRecordPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName={routeName} extra={<LinkButton type="primary" icon={<PlusOutlined />} to={pathFor("Recharge")}>{t("recharge.title")}</LinkButton>}>
      <Records />
    </WorkbenchFrame>
  );
}

function Records() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { tableProps, searchFormProps, tableQuery } = useTable<RechargeView, HttpError, SearchValues>({
    resource: "recharges",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [
      { field: "status", operator: "eq", value: v.status },
      { field: "createDate", operator: "between", value: v.createDate ? [v.createDate[0].format("YYYY-MM-DD"), v.createDate[1].format("YYYY-MM-DD")] : undefined },
    ],
  });
  const error = tableQuery.error;
  const methodLabel = (m: string | null) => (m ? t(`wallet.account.${m}`, { defaultValue: m }) : "—");
  const columns: TableColumnsType<RechargeView> = [
    { ...NOWRAP, title: t("recharge.orderNo"), dataIndex: "orderNo", key: "orderNo" },
    { ...NOWRAP, title: t("recharge.amount"), dataIndex: "amount", key: "amount", align: "right", render: (v: number) => moneyText(v) },
    { ...NOWRAP, title: t("recharge.status"), dataIndex: "status", key: "status", render: (s: number) => <Tag color={rechargeColor(s)}>{codeLabel(RECHARGE_LABELS, s)}</Tag> },
    { ...NOWRAP, title: t("recharge.method"), dataIndex: "method", key: "method", render: methodLabel },
    { ...NOWRAP, title: t("recharge.createTime"), dataIndex: "createTime", key: "createTime", render: formatChinaTime },
    { ...NOWRAP, title: t("recharge.creditedTime"), dataIndex: "creditedTime", key: "creditedTime", render: (v: string | null) => (v ? formatChinaTime(v) : "—") },
    {
      ...NOWRAP, title: t("recharge.actions"), key: "actions",
      render: (_: unknown, r) => (r.status === RECHARGE_STATUS.pendingPayment ? <LinkButton size="small" type="link" to={rechargePayPath(r.id)}>{t("pay.goPay")}</LinkButton> : null),
    },
  ];
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  return (
    <div data-testid="recharge-records">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="status" label={t("recharge.status")}>
          <Select allowClear placeholder={t("wallet.all")} style={{ width: 120 }} options={RECHARGE_STATUS_CODES.map((s) => ({ value: s, label: codeLabel(RECHARGE_LABELS, s) }))} />
        </Form.Item>
        <Form.Item name="createDate" label={t("recharge.createDate")}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("recharge.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("flightOrder.retry")}</Button>} />}
      <Table<RechargeView>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("wallet.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "recharge.loadError" : "recharge.empty")} /> }}
      />
    </div>
  );
}
