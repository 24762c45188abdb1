// The order centre's list, the same for every product: server-paged through Refine's useTable,
// filtered by status (the product's own codes), booking date range, order number and a
// traveller's name, with the load error and the empty states. Each product gives its columns.
// The page, its size and the filters live in the address, so a reload (or a link) opens the same
// page of the same search.
import { useEffect } from "react";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Empty, Form, Input, Select, Space, Table, type TableColumnsType } from "antd";
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { EmptyState } from "../layout/StatePages";
import { filtersOf, searchValuesOf, type SearchValues } from "./order-list-search";
import type { PageAction } from "../layout/page-info";
import { useTranslate } from "@refinedev/core";

/** Option height of antd's Select: the list is made tall enough to show every status at once. */
const OPTION_HEIGHT = 32;

/** Keeps a short column on one line, header included. */
export const NOWRAP = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };

interface Props<R extends BaseRecord> {
  resource: string;
  /** The product's text namespace (flightOrder, hotelOrder, trainOrder): its list.* labels. */
  ns: string;
  testId: string;
  statuses: readonly number[];
  statusLabel: (status: number) => string;
  /** The product's columns; `refetch` reloads the page (a countdown that ran out). */
  columns: (refetch: () => void) => TableColumnsType<R>;
  /** The table's scroll width (true: as wide as its columns). */
  scrollX?: number | true;
  empty: string;
  action: PageAction;
  /** Fixed fields of every list call (the 公务机票 tab's gpFlag). */
  params?: Record<string, string | number>;
}

export function OrderListTable<R extends BaseRecord>({ resource, ns, testId, statuses, statusLabel, columns, scrollX = true, empty, action, params }: Props<R>) {
  const t = useTranslate();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<R, HttpError, SearchValues>({
    resource,
    ...(params ? { meta: { params } } : {}),
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: filtersOf,
  });
  // Refine puts the address's filters in the form as raw text; the status select wants its number
  // and the range picker its dates, so the form is filled again from the filters once, on opening.
  useEffect(() => {
    const form = searchFormProps.form;
    if (!form) return;
    form.resetFields();
    form.setFieldsValue(searchValuesOf(filters) as Parameters<typeof form.setFieldsValue>[0]);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const filtered = filters.some((f) => "field" in f && f.value !== undefined && f.value !== "");
  const error = tableQuery.error;
  const total = tableQuery.data?.total;
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  // Empty only after a real query found nothing and nothing narrowed it.
  if (!filtered && !error && total === 0) return <EmptyState text={empty} action={action} />;
  return (
    <div data-testid={testId}>
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="status" label={t(`${ns}.list.status`)}>
          <Select allowClear placeholder={t(`${ns}.list.allStatus`)} style={{ width: 140 }} listHeight={statuses.length * OPTION_HEIGHT + 8} options={statuses.map((c) => ({ value: c, label: statusLabel(c) }))} />
        </Form.Item>
        <Form.Item name="createDate" label={t(`${ns}.list.createDate`)}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="orderNo" label={t(`${ns}.list.orderNo`)}>
          <Input allowClear maxLength={32} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="travellerName" label={t(`${ns}.list.traveller`)}>
          <Input allowClear maxLength={40} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t(`${ns}.list.search`)}</Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>{t(`${ns}.list.reset`)}</Button>
          </Space>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t(`${ns}.loadError`)} description={error.message} action={<Button onClick={() => tableQuery.refetch()}>{t(`${ns}.retry`)}</Button>} />}
      <Table<R>
        {...tableProps}
        rowKey="id"
        columns={columns(() => void tableQuery.refetch())}
        scroll={{ x: scrollX }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t(`${ns}.list.total`, { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? `${ns}.loadError` : `${ns}.list.noMatch`)} /> }}
      />
    </div>
  );
}
