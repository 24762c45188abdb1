// The 酒店订单 tab of OrderLists: the member's hotel orders (a company administrator's also the
// company's), server-paged through useTable, filtered by status, booking date range, order number
// and a guest's name, each status as a tag in its colour.
import { useTranslation } from "react-i18next";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { Dayjs } from "dayjs";
import { HOTEL_ORDER_STATUS_CODES, hotelOrderColor, hotelOrderLabel } from "../../domain/orders/hotel";
import type { HotelOrderRow } from "../../domain/orders/hotel-types";
import { formatFen } from "../../domain/policy/fen";
import { chinaDateTime } from "../../domain/travel/dates";
import { useLang } from "../../pages/layout/session";
import { EmptyState } from "../../pages/layout/StatePages";
import type { PageAction } from "../../pages/layout/page-info";
import { hotelOrderDetailPath } from "./index";

interface SearchValues {
  status?: number;
  orderNo?: string;
  travellerName?: string;
  createDate?: [Dayjs, Dayjs] | null;
}

const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

export function HotelOrderList({ empty, action }: { empty: string; action: PageAction }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<HotelOrderRow, HttpError, SearchValues>({
    resource: "hotel-orders",
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

  // Fixed widths for the short columns; the hotel and room take what is left, wrapping.
  const columns: TableColumnsType<HotelOrderRow> = [
    {
      ...NOWRAP, title: t("hotelOrder.list.orderNo"), dataIndex: "orderNo", key: "orderNo", width: 190,
      render: (v: string, r) => (
        <div>
          <Link to={hotelOrderDetailPath(v)}>{v}</Link>
          <div><Typography.Text type="secondary">{chinaDateTime(r.createTime)}</Typography.Text></div>
        </div>
      ),
    },
    {
      title: t("hotelOrder.list.hotel"), key: "hotel",
      render: (_: unknown, r) => (
        <div>
          <Typography.Text strong>{r.hotelName}</Typography.Text>
          <div><Typography.Text type="secondary">{r.cityName} · {r.roomName} · {t("hotelOrder.roomUnit", { n: r.roomCount })}</Typography.Text></div>
        </div>
      ),
    },
    {
      ...NOWRAP, title: t("hotelOrder.list.stay"), key: "stay", width: 120,
      render: (_: unknown, r) => (
        <div>
          <div>{r.checkIn}</div>
          <div>{r.checkOut}</div>
          <Typography.Text type="secondary">{t("hotelOrder.nights", { n: r.nights })}</Typography.Text>
        </div>
      ),
    },
    { title: t("hotelOrder.list.guests"), dataIndex: "guestNames", key: "guestNames", width: 90, render: (v: string[]) => v.join("、") },
    { ...NOWRAP, title: t("hotelOrder.list.amount"), dataIndex: "payprice", key: "payprice", width: 100, render: (v: number) => `¥${formatFen(v)}` },
    { ...NOWRAP, title: t("hotelOrder.list.status"), dataIndex: "status", key: "status", width: 90, render: (v: number) => <Tag color={hotelOrderColor(v)}>{hotelOrderLabel(v, lang)}</Tag> },
    { ...NOWRAP, title: t("hotelOrder.list.actions"), key: "actions", width: 70, render: (_: unknown, r) => <Link to={hotelOrderDetailPath(r.orderNo)}>{t("hotelOrder.list.view")}</Link> },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  if (!filtered && !error && total === 0) return <EmptyState text={empty} action={action} />;
  return (
    <div data-testid="hotel-order-list">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="status" label={t("hotelOrder.list.status")}>
          <Select
            allowClear
            placeholder={t("hotelOrder.list.allStatus")}
            style={{ width: 140 }}
            options={HOTEL_ORDER_STATUS_CODES.map((c) => ({ value: c, label: hotelOrderLabel(c, lang) }))}
          />
        </Form.Item>
        <Form.Item name="createDate" label={t("hotelOrder.list.createDate")}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="orderNo" label={t("hotelOrder.list.orderNo")}>
          <Input allowClear maxLength={32} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="travellerName" label={t("hotelOrder.list.traveller")}>
          <Input allowClear maxLength={40} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("hotelOrder.list.search")}</Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>{t("hotelOrder.list.reset")}</Button>
          </Space>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("hotelOrder.loadError")} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t("hotelOrder.retry")}</Button>} />}
      <Table<HotelOrderRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: 860 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("hotelOrder.list.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "hotelOrder.loadError" : "hotelOrder.list.noMatch")} /> }}
      />
    </div>
  );
}
