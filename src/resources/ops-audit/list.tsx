// 审计日志: every operator action, newest first, paged, filtered by action, object type and date.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, DatePicker, Form, Input, Space, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import type { OpsAuditRow } from "../../domain/ops/schemas";
import { OPS_AUDIT } from ".";

interface AuditFilterValues {
  action?: string;
  objectType?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format("YYYY-MM-DD") : undefined);
const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));

export function OpsAuditList() {
  const t = useTranslate();
  const { tableProps, searchFormProps } = useTable<OpsAuditRow, HttpError, AuditFilterValues>({
    resource: OPS_AUDIT,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "action", operator: "eq", value: v.action?.trim() },
      { field: "objectType", operator: "eq", value: v.objectType?.trim() },
      { field: "from", operator: "eq", value: day(v.dates?.[0]) },
      { field: "to", operator: "eq", value: day(v.dates?.[1]) },
    ],
  });
  return (
    <div>
      <h2>{t("ops.audit.title")}</h2>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="action" label={t("ops.audit.action")}>
          <Input allowClear maxLength={60} placeholder="staff.update" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="objectType" label={t("ops.audit.objectType")}>
          <Input allowClear maxLength={60} placeholder="operator" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="dates" label={t("ops.audit.dates")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t("ops.audit.search")}</Button>
        </Space>
      </Form>
      <Table<OpsAuditRow>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1000 }}
        columns={[
          { title: t("ops.audit.at"), dataIndex: "at", width: 190, render: (v: string) => new Date(v).toLocaleString() },
          { title: t("ops.audit.operator"), dataIndex: "operatorName", width: 120 },
          { title: t("ops.audit.action"), dataIndex: "action", width: 170 },
          { title: t("ops.audit.object"), key: "object", width: 150, render: (_: unknown, r) => `${r.objectType}${r.objectId ? ` #${r.objectId}` : ""}` },
          { title: t("ops.audit.company"), dataIndex: "companyId", width: 90 },
          {
            title: t("ops.audit.change"),
            key: "change",
            render: (_: unknown, r) => (
              <Typography.Text style={{ fontSize: 12 }} ellipsis={{ tooltip: `${json(r.before)} → ${json(r.after)}` }}>
                {r.before !== null ? `${json(r.before)} → ` : ""}
                {json(r.after)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}
