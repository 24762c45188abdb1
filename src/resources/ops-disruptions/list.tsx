// 航变登记: the form that records a flight's or train's schedule change or cancellation, and the
// recorded disruptions, newest first, paged and filtered on the server (product, number, the
// trip's dates), each with the orders it flagged and what their travellers chose so far.
import { useState } from "react";
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { isCancellation, type OpsDisruptionRow } from "../../domain/disruptions";
import { formatChinaTime } from "../../domain/format";
import { RecordForm } from "./RecordForm";
import { OPS_DISRUPTIONS } from ".";

interface FilterValues {
  product?: "air" | "train";
  no?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format("YYYY-MM-DD") : undefined);

export function OpsDisruptionList() {
  const t = useTranslate();
  const [recording, setRecording] = useState(false);
  const { tableProps, searchFormProps, tableQuery } = useTable<OpsDisruptionRow, HttpError, FilterValues>({
    resource: OPS_DISRUPTIONS,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "product", operator: "eq", value: v.product },
      { field: "no", operator: "eq", value: v.no?.trim() || undefined },
      { field: "from", operator: "eq", value: day(v.dates?.[0]) },
      { field: "to", operator: "eq", value: day(v.dates?.[1]) },
    ],
  });
  const count = (n: number, color?: string) => (n > 0 ? <Tag color={color}>{n}</Tag> : <Typography.Text type="secondary">0</Typography.Text>);
  return (
    <div>
      <Space style={{ marginBottom: 16, justifyContent: "space-between", width: "100%" }}>
        <h2 style={{ margin: 0 }}>{t("ops.disruptions.title")}</h2>
        <Button type="primary" onClick={() => setRecording(true)}>{t("ops.disruptions.add")}</Button>
      </Space>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="product" label={t("ops.disruptions.product")}>
          <Select allowClear style={{ width: 120 }} placeholder={t("ops.disruptions.allProducts")} options={[{ value: "air", label: t("disruption.list.product.air") }, { value: "train", label: t("disruption.list.product.train") }]} />
        </Form.Item>
        <Form.Item name="no" label={t("ops.disruptions.no")}>
          <Input allowClear maxLength={8} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="dates" label={t("ops.disruptions.date")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">{t("ops.audit.search")}</Button>
      </Form>
      {tableQuery.error ? (
        <Card>
          <Typography.Text type="danger">{t("ops.disruptions.loadError")}</Typography.Text>
          <Button style={{ marginLeft: 12 }} onClick={() => void tableQuery.refetch()}>{t("ops.disruptions.retry")}</Button>
        </Card>
      ) : (
        <Table<OpsDisruptionRow>
          {...tableProps}
          rowKey="id"
          scroll={{ x: 1320 }}
          locale={{ emptyText: t("ops.disruptions.empty") }}
          data-testid="ops-disruptions"
          columns={[
            { title: t("ops.disruptions.kind"), dataIndex: "kind", width: 130, render: (k: OpsDisruptionRow["kind"]) => <Tag color={isCancellation(k) ? "red" : "orange"}>{t(`disruption.kind.${k}`)}</Tag> },
            { title: t("ops.disruptions.no"), dataIndex: "no", width: 100, render: (v: string) => <strong>{v}</strong> },
            { title: t("ops.disruptions.date"), dataIndex: "date", width: 110 },
            {
              title: t("ops.disruptions.times"),
              key: "times",
              width: 150,
              render: (_: unknown, r) => (isCancellation(r.kind) ? t("ops.disruptions.cancelled") : `${r.oldDepTime ?? "—"} → ${r.newDepTime ?? "—"}${r.newArrTime ? t("common.parenthesized", { text: t("ops.disruptions.arrives", { time: r.newArrTime }) }) : ""}`),
            },
            { title: t("ops.disruptions.reason"), dataIndex: "reason", width: 180, ellipsis: true },
            { title: t("ops.disruptions.orders"), dataIndex: "orders", width: 80, align: "right", render: (n: number) => <span data-testid="disruption-orders">{n}</span> },
            { title: t("disruption.choice.pending"), dataIndex: "pending", width: 110, align: "right", render: (n: number) => count(n, "orange") },
            { title: t("disruption.choice.accepted"), dataIndex: "accepted", width: 100, align: "right", render: (n: number) => count(n) },
            { title: t("disruption.choice.changed"), dataIndex: "changed", width: 100, align: "right", render: (n: number) => count(n, "blue") },
            { title: t("disruption.choice.refunded"), dataIndex: "refunded", width: 100, align: "right", render: (n: number) => count(n, "purple") },
            { title: t("ops.disruptions.createTime"), dataIndex: "createTime", width: 160, render: (v: string) => formatChinaTime(v) },
          ]}
        />
      )}
      <Modal open={recording} onCancel={() => setRecording(false)} footer={null} destroyOnHidden title={t("ops.disruptions.add")} width={560}>
        {recording && <RecordForm onDone={() => setRecording(false)} />}
      </Modal>
    </div>
  );
}
