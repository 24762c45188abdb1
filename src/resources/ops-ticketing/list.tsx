// 出票队列: paid orders waiting for their tickets, longest-waiting first, paged and filtered on the
// server (product, order number, waiting time, who holds it). A row is taken here or opened in
// the drawer, where its tickets are entered or it is failed.
import { useState } from "react";
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Form, Input, Select, Space, Table, Tag, Typography } from "antd";
import { formatChinaTime } from "../../domain/format";
import { moneyText } from "../../domain/money";
import { TICKETING_ORDER_NO_MAX, type TicketingProduct, type TicketingRow, type TicketingTaken } from "../../domain/ops/ticketing";
import { useRecordAction } from "../useRecordAction";
import { useRefreshMenuCounts } from "../../ops/menu-count";
import { OPS_TICKETING } from ".";
import { TicketingDrawer } from "./drawer";
import { useStatusLabel, waitedText } from "./labels";

interface QueueFilterValues {
  product?: TicketingProduct;
  orderNo?: string;
  minWaitMinutes?: number;
  taken?: TicketingTaken;
}

const WAITS = [5, 30, 120] as const;

export function OpsTicketingList() {
  const t = useTranslate();
  const statusLabel = useStatusLabel();
  const { tableProps, searchFormProps } = useTable<TicketingRow, HttpError, QueueFilterValues>({
    resource: OPS_TICKETING,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "product", operator: "eq", value: v.product },
      { field: "orderNo", operator: "eq", value: v.orderNo?.trim() },
      { field: "minWaitMinutes", operator: "eq", value: v.minWaitMinutes },
      { field: "taken", operator: "eq", value: v.taken },
    ],
  });
  const [open, setOpen] = useState<number | null>(null);
  const action = useRecordAction(OPS_TICKETING);
  const refreshCounts = useRefreshMenuCounts();
  const take = (id: number) =>
    void action.run(id, "take", t("ops.ticketing.takenDone")).then(() => {
      refreshCounts();
      setOpen(id);
    });
  return (
    <div>
      <h2>{t("ops.ticketing.title")}</h2>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} aria-label={t("ops.ticketing.filters")}>
        <Form.Item name="product" label={t("ops.ticketing.product")}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t("ops.ticketing.all")}
            aria-label={t("ops.ticketing.product")}
            options={(["air", "intlAir", "train"] as const).map((p) => ({ value: p, label: t(`ops.ticketing.products.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="orderNo" label={t("ops.ticketing.orderNo")}>
          <Input allowClear maxLength={TICKETING_ORDER_NO_MAX} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="minWaitMinutes" label={t("ops.ticketing.waited")}>
          <Select allowClear style={{ width: 140 }} placeholder={t("ops.ticketing.all")} aria-label={t("ops.ticketing.waited")} options={WAITS.map((m) => ({ value: m, label: t("ops.ticketing.waitedAtLeast", { minutes: m }) }))} />
        </Form.Item>
        <Form.Item name="taken" label={t("ops.ticketing.takenBy")}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t("ops.ticketing.all")}
            aria-label={t("ops.ticketing.takenBy")}
            options={(["me", "anyone", "nobody"] as const).map((v) => ({ value: v, label: t(`ops.ticketing.taken.${v}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">{t("ops.ticketing.search")}</Button>
      </Form>
      <Table<TicketingRow>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1240 }}
        locale={{ emptyText: t("ops.ticketing.empty") }}
        columns={[
          {
            title: t("ops.ticketing.orderNo"),
            dataIndex: "orderNo",
            width: 200,
            render: (v: string, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Link onClick={() => setOpen(r.id)}>{v}</Typography.Link>
                <span>
                  <Tag>{t(`ops.ticketing.products.${r.product}`)}</Tag>
                  <Tag color="gold">{statusLabel(r)}</Tag>
                </span>
              </Space>
            ),
          },
          {
            title: t("ops.ticketing.member"),
            key: "member",
            width: 160,
            render: (_: unknown, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.memberName}</span>
                <Typography.Text type="secondary">{r.companyName ?? t("ops.ticketing.private")}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t("ops.ticketing.trip"),
            key: "trip",
            width: 220,
            render: (_: unknown, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.title}</span>
                <Typography.Text type="secondary">{r.depDate}</Typography.Text>
              </Space>
            ),
          },
          { title: t("ops.ticketing.passengers"), dataIndex: "passengerNames", width: 140, render: (v: string[]) => v.join("、") },
          { title: t("ops.ticketing.amount"), dataIndex: "amountFen", width: 110, align: "right", render: (v: number) => moneyText(v) },
          {
            title: t("ops.ticketing.waiting"),
            dataIndex: "waitingSince",
            width: 150,
            render: (v: string) => <span title={formatChinaTime(v)}>{waitedText(t, v)}</span>,
          },
          {
            title: t("ops.ticketing.takenBy"),
            key: "takenBy",
            width: 110,
            render: (_: unknown, r) => (r.takenBy ? <Tag color={r.mine ? "blue" : "default"}>{r.mine ? t("ops.ticketing.taken.me") : r.takenBy.name}</Tag> : t("ops.ticketing.taken.nobody")),
          },
          {
            title: t("ops.ticketing.actions"),
            key: "actions",
            width: 150,
            fixed: "right",
            render: (_: unknown, r) => (
              <Space>
                {!r.takenBy && (
                  <Button size="small" type="primary" loading={action.runningOn(r.id) === "take"} onClick={() => take(r.id)}>
                    {t("ops.ticketing.take")}
                  </Button>
                )}
                <Button size="small" onClick={() => setOpen(r.id)}>{t("ops.ticketing.open")}</Button>
              </Space>
            ),
          },
        ]}
      />
      <TicketingDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
