// The 机票订单 tab of OrderLists: the member's flight orders (a company administrator's also the
// company's), server-paged through useTable, filtered by status, booking date range, order number
// and a traveller's name, each status as a tag in its colour.
import { useTranslation } from "react-i18next";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { Dayjs } from "dayjs";
import { FLIGHT_ORDER_STATUS, FLIGHT_ORDER_STATUS_CODES, flightOrderColor, flightOrderLabel } from "../../domain/orders/flight";
import { Countdown } from "./Countdown";
import type { FlightOrderRow } from "../../domain/orders/flight-types";
import { formatFen } from "../../domain/policy/fen";
import { chinaDateTime } from "../../domain/travel/dates";
import { useLang } from "../../pages/layout/session";
import { EmptyState } from "../../pages/layout/StatePages";
import type { PageAction } from "../../pages/layout/page-info";
import { orderDetailPath } from "./index";

interface SearchValues {
  status?: number;
  orderNo?: string;
  travellerName?: string;
  createDate?: [Dayjs, Dayjs] | null;
}

const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
const when = chinaDateTime;

export function FlightOrderList({ empty, action }: { empty: string; action: PageAction }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<FlightOrderRow, HttpError, SearchValues>({
    resource: "flight-orders",
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

  const columns: TableColumnsType<FlightOrderRow> = [
    { ...NOWRAP, title: t("flightOrder.list.orderNo"), dataIndex: "orderNo", key: "orderNo", render: (v: string, r) => <Link to={orderDetailPath(r.id)}>{v}</Link> },
    {
      title: t("flightOrder.list.route"), key: "route",
      render: (_: unknown, r) => (
        <div>
          <Typography.Text strong>{r.depCityName} → {r.arrCityName}</Typography.Text>
          <div style={{ whiteSpace: "nowrap" }}><Typography.Text type="secondary">{r.flightNo} · {r.depDate} {r.depTime}</Typography.Text></div>
        </div>
      ),
    },
    { title: t("flightOrder.list.passengers"), dataIndex: "passengerNames", key: "passengerNames", render: (v: string[]) => v.join("、") },
    { ...NOWRAP, title: t("flightOrder.list.amount"), dataIndex: "payprice", key: "payprice", render: (v: number) => `¥${formatFen(v)}` },
    {
      ...NOWRAP, title: t("flightOrder.list.status"), dataIndex: "status", key: "status",
      render: (v: number, r) => (
        <div>
          <Tag color={flightOrderColor(v)}>{flightOrderLabel(v, lang)}</Tag>
          {r.travelType === "business" && <Tag color={r.overStandard ? "red" : "blue"}>{t(r.overStandard ? "business.overTag" : "business.onBusiness")}</Tag>}
          {v === FLIGHT_ORDER_STATUS.approving && r.expiresAt && (
            <div><Typography.Text type="warning" style={{ fontSize: 12 }}><Countdown until={r.expiresAt} onEnd={() => tableQuery.refetch()} textKey="business.approveWithin" /></Typography.Text></div>
          )}
        </div>
      ),
    },
    { ...NOWRAP, title: t("flightOrder.list.createTime"), dataIndex: "createTime", key: "createTime", render: when },
    { ...NOWRAP, title: t("flightOrder.list.actions"), key: "actions", render: (_: unknown, r) => <Link to={orderDetailPath(r.id)}>{t("flightOrder.list.view")}</Link> },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  if (!filtered && !error && total === 0) return <EmptyState text={empty} action={action} />;
  return (
    <div data-testid="flight-order-list">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="status" label={t("flightOrder.list.status")}>
          <Select
            allowClear
            placeholder={t("flightOrder.list.allStatus")}
            style={{ width: 140 }}
            options={FLIGHT_ORDER_STATUS_CODES.map((c) => ({ value: c, label: flightOrderLabel(c, lang) }))}
          />
        </Form.Item>
        <Form.Item name="createDate" label={t("flightOrder.list.createDate")}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="orderNo" label={t("flightOrder.list.orderNo")}>
          <Input allowClear maxLength={32} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="travellerName" label={t("flightOrder.list.traveller")}>
          <Input allowClear maxLength={40} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("flightOrder.list.search")}</Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>{t("flightOrder.list.reset")}</Button>
          </Space>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("flightOrder.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("flightOrder.retry")}</Button>} />}
      <Table<FlightOrderRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: true }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("flightOrder.list.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "flightOrder.loadError" : "flightOrder.list.noMatch")} /> }}
      />
    </div>
  );
}
