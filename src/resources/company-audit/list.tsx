// OperatorAudit (/travel/travelManage/operatorAudit, the company administrator): every change the
// travel agency's operators made to the company's objects (credit limit, settlement day, service
// fees, its state, its members' accounts and statements), newest first, paged on the server and
// filtered by date; each change field by field, before → after.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, DatePicker, Form, Table } from "antd";
import type { Dayjs } from "dayjs";
import { formatChinaTime } from "../../domain/format";
import type { OpsAuditRow } from "../../domain/ops/schemas";
import { AuditChange, useAuditActionText } from "../../components/audit/AuditChange";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LoadError } from "../LoadError";
import { COMPANY_AUDIT } from ".";

interface Filters {
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format("YYYY-MM-DD") : undefined);

export default function CompanyAuditPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const actionText = useAuditActionText();
  const { tableProps, searchFormProps, tableQuery } = useTable<OpsAuditRow, HttpError, Filters>({
    resource: COMPANY_AUDIT,
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "from", operator: "eq", value: day(v.dates?.[0]) },
      { field: "to", operator: "eq", value: day(v.dates?.[1]) },
    ],
  });
  return (
    <WorkbenchFrame routeName={routeName} title={t("companyAudit.title")}>
      <div className="tp-frame__card">
        <p style={{ color: "rgba(0,0,0,0.45)" }}>{t("companyAudit.intro")}</p>
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }} aria-label={t("companyAudit.filters")}>
          <Form.Item name="dates" label={t("companyAudit.dates")}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Button type="primary" htmlType="submit">{t("companyAudit.search")}</Button>
        </Form>
        {tableQuery.isError ? (
          <LoadError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
        ) : (
          <Table<OpsAuditRow>
            {...tableProps}
            rowKey="id"
            scroll={{ x: 900 }}
            locale={{ emptyText: t("companyAudit.empty") }}
            columns={[
              { title: t("companyAudit.at"), dataIndex: "at", width: 150, render: (v: string) => formatChinaTime(v) },
              { title: t("companyAudit.operator"), dataIndex: "operatorName", width: 110 },
              { title: t("companyAudit.action"), dataIndex: "action", width: 170, render: (v: string) => actionText(v) },
              { title: t("companyAudit.object"), key: "object", width: 130, render: (_: unknown, r) => `${t(`ops.audit.objects.${r.objectType}`, r.objectType)}${r.objectId ? ` #${r.objectId}` : ""}` },
              { title: t("companyAudit.change"), key: "change", render: (_: unknown, r) => <AuditChange before={r.before} after={r.after} objectType={r.objectType} /> },
            ]}
          />
        )}
      </div>
    </WorkbenchFrame>
  );
}
