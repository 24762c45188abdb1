// 售后队列: flight refund and change requests, newest first, paged and filtered on the server.
// A waiting request is taken by one operator (the airline's desk then leaves it to them), who
// decides it in the panel beside the list or lets it go. The switch above the list says whether
// the airline's desk still accepts requests nobody took by itself.
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { formatChinaTime } from "../../domain/format";
import {
  AFTER_SALES_KINDS, AFTER_SALES_PRODUCTS, AFTER_SALES_STATES, ORDER_NO_MAX, WAITING_STATES, type AfterSalesItem, type AfterSalesKind, type AfterSalesState,
} from "../../domain/ops/after-sales";
import { useOpsMe, useOpsToken } from "../../ops/session";
import { useRecordAction } from "../useRecordAction";
import { AfterSalesPolicySwitch } from "./PolicySwitch";
import { DecidePanel } from "./DecidePanel";
import { fen, STATE_COLORS } from "./figures";
import { OPS_AFTER_SALES } from ".";
import { OPS_MENU_COUNT_KEY } from "../../ops/menu-count";

interface FilterValues {
  product?: string;
  kind?: string;
  state?: string;
  orderNo?: string;
  since?: Dayjs | null;
}

export function OpsAfterSalesList() {
  const t = useTranslate();
  const { me } = useOpsMe(useOpsToken());
  const [open, setOpen] = useState<string | null>(null);
  const action = useRecordAction(OPS_AFTER_SALES);
  const { tableProps, searchFormProps, tableQuery } = useTable<AfterSalesItem, HttpError, FilterValues>({
    resource: OPS_AFTER_SALES,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "product", operator: "eq", value: v.product },
      { field: "kind", operator: "eq", value: v.kind },
      { field: "state", operator: "eq", value: v.state },
      { field: "orderNo", operator: "eq", value: v.orderNo?.trim() },
      { field: "since", operator: "eq", value: v.since ? v.since.format("YYYY-MM-DD") : undefined },
    ],
  });
  // The list reads again after every take, release and decision: the menu's badge follows it.
  const queryClient = useQueryClient();
  const readAt = tableQuery.dataUpdatedAt;
  useEffect(() => {
    if (readAt) void queryClient.invalidateQueries({ queryKey: [OPS_MENU_COUNT_KEY] });
  }, [readAt, queryClient]);
  const waiting = (s: AfterSalesState) => WAITING_STATES.includes(s);
  const figures = (kind: AfterSalesKind, f: { fee: number; amount: number }) => t(`ops.afterSales.figures.${kind}`, { fee: fen(f.fee), amount: fen(f.amount) });
  return (
    <div>
      <Space style={{ marginBottom: 16, justifyContent: "space-between", width: "100%" }} wrap>
        <h2 style={{ margin: 0 }}>{t("ops.afterSales.title")}</h2>
        <AfterSalesPolicySwitch />
      </Space>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} aria-label={t("ops.afterSales.filters")}>
        <Form.Item name="product" label={t("ops.afterSales.product")}>
          <Select allowClear style={{ width: 110 }} placeholder={t("ops.afterSales.all")} options={AFTER_SALES_PRODUCTS.map((p) => ({ value: p, label: t(`ops.afterSales.products.${p}`) }))} />
        </Form.Item>
        <Form.Item name="kind" label={t("ops.afterSales.kind")}>
          <Select allowClear style={{ width: 110 }} placeholder={t("ops.afterSales.all")} options={AFTER_SALES_KINDS.map((k) => ({ value: k, label: t(`ops.afterSales.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="state" label={t("ops.afterSales.state")}>
          <Select allowClear style={{ width: 150 }} placeholder={t("ops.afterSales.all")} options={AFTER_SALES_STATES.map((s) => ({ value: s, label: t(`ops.afterSales.states.${s}`) }))} />
        </Form.Item>
        <Form.Item name="orderNo" label={t("ops.afterSales.orderNo")}>
          <Input allowClear maxLength={ORDER_NO_MAX} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="since" label={t("ops.afterSales.since")}>
          <DatePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">{t("ops.afterSales.search")}</Button>
      </Form>
      {tableQuery.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={tableQuery.error?.message ?? t("ops.afterSales.loadFailed")} />}
      <Table<AfterSalesItem>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1100 }}
        columns={[
          { title: t("ops.afterSales.orderNo"), dataIndex: "orderNo", width: 190 },
          { title: t("ops.afterSales.kind"), dataIndex: "kind", width: 80, render: (k: AfterSalesKind) => <Tag>{t(`ops.afterSales.kinds.${k}`)}</Tag> },
          { title: t("ops.afterSales.passengers"), dataIndex: "passengers", width: 120 },
          { title: t("ops.afterSales.state"), dataIndex: "state", width: 130, render: (s: AfterSalesState) => <Tag color={STATE_COLORS[s]}>{t(`ops.afterSales.states.${s}`)}</Tag> },
          { title: t("ops.afterSales.estimate"), key: "estimate", width: 200, render: (_: unknown, r) => figures(r.kind, r.estimate) },
          {
            title: t("ops.afterSales.decision"),
            key: "decision",
            width: 220,
            render: (_: unknown, r) =>
              r.decision ? (
                <div>
                  <div>{t(`ops.afterSales.decisions.${r.decision}`)}</div>
                  {r.decision === "adjusted" && <Typography.Text type="secondary">{figures(r.kind, r.current)}</Typography.Text>}
                </div>
              ) : (
                "—"
              ),
          },
          { title: t("ops.afterSales.holder"), key: "holder", width: 110, render: (_: unknown, r) => r.heldByName ?? r.decidedByName ?? "—" },
          { title: t("ops.afterSales.createTime"), dataIndex: "createTime", width: 160, render: (v: string) => formatChinaTime(v) },
          {
            title: t("ops.afterSales.actions"),
            key: "actions",
            fixed: "right",
            width: 170,
            render: (_: unknown, r) => {
              const mine = me !== null && r.heldBy === me.id;
              const busy = action.runningOn(r.id);
              return (
                <Space size={0}>
                  {waiting(r.state) && r.heldBy === null && (
                    <Button type="link" loading={busy === "take"} onClick={() => void action.run(r.id, "take", t("ops.afterSales.done.take"))}>
                      {t("ops.afterSales.take")}
                    </Button>
                  )}
                  {waiting(r.state) && mine && (
                    <>
                      <Button type="link" onClick={() => setOpen(r.id)}>{t("ops.afterSales.handle")}</Button>
                      <Button type="link" loading={busy === "release"} onClick={() => void action.run(r.id, "release", t("ops.afterSales.done.release"))}>
                        {t("ops.afterSales.release")}
                      </Button>
                    </>
                  )}
                  {waiting(r.state) && r.heldBy !== null && !mine && <Typography.Text type="secondary">{t("ops.afterSales.heldByOther", { name: r.heldByName ?? "" })}</Typography.Text>}
                  {!waiting(r.state) && <Button type="link" onClick={() => setOpen(r.id)}>{t("ops.afterSales.view")}</Button>}
                </Space>
              );
            },
          },
        ]}
      />
      {open !== null && <DecidePanel id={open} meId={me?.id ?? null} onClose={() => setOpen(null)} />}
    </div>
  );
}
