// The 火车票订单 tab of OrderLists: the member's train orders (a company administrator's also the
// company's), server-paged through useTable, filtered by status, booking date range, order number
// and a passenger's name, each status as a tag in its colour.
import { useTranslation } from "react-i18next";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { Dayjs } from "dayjs";
import { TRAIN_ORDER_STATUS_CODES, trainOrderColor, trainOrderLabel } from "../../domain/orders/train";
import type { TrainOrderRow } from "../../domain/orders/train-types";
import { formatFen } from "../../domain/policy/fen";
import { chinaDateTime } from "../../domain/travel/dates";
import { useLang } from "../../pages/layout/session";
import { EmptyState } from "../../pages/layout/StatePages";
import type { PageAction } from "../../pages/layout/page-info";
import { trainOrderDetailPath } from "./index";

interface SearchValues {
  status?: number;
  orderNo?: string;
  travellerName?: string;
  createDate?: [Dayjs, Dayjs] | null;
}

const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

export function TrainOrderList({ empty, action }: { empty: string; action: PageAction }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<TrainOrderRow, HttpError, SearchValues>({
    resource: "train-orders",
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [
      { field: "status", operator: "eq", value: v.status },
      { field: "orderNo", operator: "eq", value: v.orderNo?.trim() || undefined },
      { field: "travellerName", operator: "contains", value: v.travellerName?.trim() || undefined },
      { field: "createDate", operator: "between", value: v.createDate ? [v.createDate[0].format("YYYY-MM-DD"), v.createDate[1].format("YYYY-MM-DD")] : undefined },
    ],
  });
  const filtered = filters.some((f) => "field" in f && f.value !== undefined && f.value !== "");
  const error = tableQuery.error;
  const total = tableQuery.data?.total;

  // Fixed widths for the short columns; the train and route take what is left.
  const columns: TableColumnsType<TrainOrderRow> = [
    {
      ...NOWRAP, title: t("trainOrder.list.orderNo"), dataIndex: "orderNo", key: "orderNo", width: 190,
      render: (v: string, r) => (
        <div>
          <Link to={trainOrderDetailPath(r.id)}>{v}</Link>
          <div><Typography.Text type="secondary">{chinaDateTime(r.createTime)}</Typography.Text></div>
        </div>
      ),
    },
    {
      title: t("trainOrder.list.train"), key: "train",
      render: (_: unknown, r) => (
        <div>
          <Typography.Text strong>{r.trainNo}</Typography.Text>
          <div><Typography.Text type="secondary">{r.fromStation} → {r.toStation} · {r.seatName}</Typography.Text></div>
        </div>
      ),
    },
    {
      ...NOWRAP, title: t("trainOrder.list.departure"), key: "departure", width: 130,
      render: (_: unknown, r) => (
        <div>
          <div>{r.depDate}</div>
          <Typography.Text type="secondary">{r.depTime} – {r.arrTime}</Typography.Text>
        </div>
      ),
    },
    { title: t("trainOrder.list.passengers"), dataIndex: "passengerNames", key: "passengerNames", width: 110, render: (v: string[]) => v.join("、") },
    { ...NOWRAP, title: t("trainOrder.list.amount"), dataIndex: "payprice", key: "payprice", width: 100, render: (v: number) => `¥${formatFen(v)}` },
    { ...NOWRAP, title: t("trainOrder.list.status"), dataIndex: "status", key: "status", width: 90, render: (v: number) => <Tag color={trainOrderColor(v)}>{trainOrderLabel(v, lang)}</Tag> },
    { ...NOWRAP, title: t("trainOrder.list.actions"), key: "actions", width: 70, render: (_: unknown, r) => <Link to={trainOrderDetailPath(r.id)}>{t("trainOrder.list.view")}</Link> },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  if (!filtered && !error && total === 0) return <EmptyState text={empty} action={action} />;
  return (
    <div data-testid="train-order-list">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="status" label={t("trainOrder.list.status")}>
          <Select
            allowClear
            placeholder={t("trainOrder.list.allStatus")}
            style={{ width: 140 }}
            options={TRAIN_ORDER_STATUS_CODES.map((c) => ({ value: c, label: trainOrderLabel(c, lang) }))}
          />
        </Form.Item>
        <Form.Item name="createDate" label={t("trainOrder.list.createDate")}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="orderNo" label={t("trainOrder.list.orderNo")}>
          <Input allowClear maxLength={32} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="travellerName" label={t("trainOrder.list.traveller")}>
          <Input allowClear maxLength={40} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("trainOrder.list.search")}</Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>{t("trainOrder.list.reset")}</Button>
          </Space>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("trainOrder.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("trainOrder.retry")}</Button>} />}
      <Table<TrainOrderRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: 860 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("trainOrder.list.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "trainOrder.loadError" : "trainOrder.list.noMatch")} /> }}
      />
    </div>
  );
}
