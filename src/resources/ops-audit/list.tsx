// 审计日志: every operator action, newest first, paged, filtered by action, object type, company
// and date; each change shown field by field (before → after), times in China time.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, DatePicker, Form, InputNumber, Select, Space, Table } from "antd";
import type { Dayjs } from "dayjs";
import { formatChinaTime } from "../../domain/format";
import type { OpsAuditRow } from "../../domain/ops/schemas";
import { AuditChange, useAuditActionText } from "../../components/audit/AuditChange";
import { OPS_AUDIT_ACTIONS, OPS_AUDIT_OBJECTS } from "../../domain/ops/audit-actions";
import { OPS_AUDIT } from ".";

interface AuditFilterValues {
  action?: string;
  objectType?: string;
  companyId?: number | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format("YYYY-MM-DD") : undefined);

export function OpsAuditList() {
  const t = useTranslate();
  const actionText = useAuditActionText();
  const { tableProps, searchFormProps } = useTable<OpsAuditRow, HttpError, AuditFilterValues>({
    resource: OPS_AUDIT,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "action", operator: "eq", value: v.action?.trim() },
      { field: "objectType", operator: "eq", value: v.objectType?.trim() },
      { field: "companyId", operator: "eq", value: v.companyId ?? undefined },
      { field: "from", operator: "eq", value: day(v.dates?.[0]) },
      { field: "to", operator: "eq", value: day(v.dates?.[1]) },
    ],
  });
  return (
    <div>
      <h2>{t("ops.audit.title")}</h2>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="action" label={t("ops.audit.action")}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t("ops.audit.allActions")}
            style={{ width: 200 }}
            options={OPS_AUDIT_ACTIONS.map((a) => ({ value: a, label: actionText(a) }))}
          />
        </Form.Item>
        <Form.Item name="objectType" label={t("ops.audit.objectType")}>
          <Select
            allowClear
            placeholder={t("ops.audit.allObjects")}
            style={{ width: 150 }}
            options={OPS_AUDIT_OBJECTS.map((o) => ({ value: o, label: t(`ops.audit.objects.${o}`) }))}
          />
        </Form.Item>
        <Form.Item name="companyId" label={t("ops.audit.company")}>
          <InputNumber min={1} precision={0} style={{ width: 110 }} />
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
          { title: t("ops.audit.at"), dataIndex: "at", width: 150, render: (v: string) => formatChinaTime(v) },
          { title: t("ops.audit.operator"), dataIndex: "operatorName", width: 110 },
          { title: t("ops.audit.action"), dataIndex: "action", width: 170, render: (v: string) => <span title={v}>{actionText(v)}</span> },
          { title: t("ops.audit.object"), key: "object", width: 130, render: (_: unknown, r) => `${t(`ops.audit.objects.${r.objectType}`, r.objectType)}${r.objectId ? ` #${r.objectId}` : ""}` },
          { title: t("ops.audit.company"), key: "company", width: 140, render: (_: unknown, r) => (r.companyId ? `${r.companyName ?? ""} #${r.companyId}` : "—") },
          { title: t("ops.audit.change"), key: "change", render: (_: unknown, r) => <AuditChange before={r.before} after={r.after} objectType={r.objectType} /> },
        ]}
      />
    </div>
  );
}
