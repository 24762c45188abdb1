// 企业管理: the companies, paged and filtered on the server (name, credit code, state), each
// with its credit line and settlement day; 管理 opens its terms, 停用/启用 (administrator only)
// asks first, since a disabled company's people can no longer sign in.
import { useState } from "react";
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from "antd";
import { moneyText } from "../../domain/money";
import type { OpsCompanyRow } from "../../domain/ops/companies";
import { useRecordAction } from "../useRecordAction";
import { useCanOps } from "../../ops/useCanOps";
import { OpsCompanyDrawer } from "./detail";
import { OPS_COMPANIES } from ".";

interface CompanyFilterValues {
  name?: string;
  creditCode?: string;
  status?: number;
}

export function OpsCompanyList() {
  const t = useTranslate();
  const canControl = useCanOps("company-control");
  const action = useRecordAction(OPS_COMPANIES);
  const [open, setOpen] = useState<number | null>(null);
  const { tableProps, searchFormProps } = useTable<OpsCompanyRow, HttpError, CompanyFilterValues>({
    resource: OPS_COMPANIES,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "name", operator: "eq", value: v.name?.trim() },
      { field: "creditCode", operator: "eq", value: v.creditCode?.trim() },
      { field: "status", operator: "eq", value: v.status },
    ],
  });
  const toggle = (row: OpsCompanyRow) =>
    action.run(row.id, "status", t(row.status === 1 ? "ops.companies.disabledDone" : "ops.companies.enabledDone"), { status: row.status === 1 ? 0 : 1 });
  return (
    <div>
      <h2>{t("ops.companies.title")}</h2>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} aria-label={t("ops.companies.filters")}>
        <Form.Item name="name" label={t("ops.companies.name")}>
          <Input allowClear maxLength={60} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="creditCode" label={t("ops.companies.creditCode")}>
          <Input allowClear maxLength={18} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t("ops.companies.status")}>
          <Select allowClear style={{ width: 120 }} options={[{ value: 1, label: t("ops.companies.active") }, { value: 0, label: t("ops.companies.disabled") }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t("ops.search")}</Button>
        </Space>
      </Form>
      <Table<OpsCompanyRow>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1220 }}
        columns={[
          { title: t("ops.companies.name"), dataIndex: "name", width: 170 },
          { title: t("ops.companies.creditCode"), dataIndex: "creditCode", width: 200, render: (v: string | null) => v ?? "—" },
          { title: t("ops.companies.admin"), key: "admin", width: 150, render: (_: unknown, r) => (r.adminName ? `${r.adminName} ${r.adminMobile ?? ""}` : "—") },
          { title: t("ops.companies.creditLimit"), dataIndex: "creditLimitFen", width: 120, align: "right", render: (v: number) => moneyText(v) },
          { title: t("ops.companies.creditUsed"), dataIndex: "creditUsedFen", width: 120, align: "right", render: (v: number) => moneyText(v) },
          { title: t("ops.companies.settlementDay"), dataIndex: "settlementDay", width: 110, render: (v: number | null) => (v === null ? t("ops.companies.notSet") : t("ops.companies.dayN", { day: v })) },
          { title: t("ops.companies.employees"), dataIndex: "employeeCount", width: 100 },
          { title: t("ops.companies.status"), dataIndex: "status", width: 80, render: (s: number) => (s === 1 ? <Tag color="green">{t("ops.companies.active")}</Tag> : <Tag color="red">{t("ops.companies.disabled")}</Tag>) },
          {
            title: t("ops.companies.actions"),
            key: "actions",
            // Wide enough for both actions in English (Manage, Disable) without clipping.
            width: 170,
            fixed: "right",
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button type="link" onClick={() => setOpen(row.id)}>{t("ops.companies.manage")}</Button>
                {canControl && (
                  <Popconfirm
                    title={t(row.status === 1 ? "ops.companies.disableConfirm" : "ops.companies.enableConfirm", { name: row.name })}
                    description={row.status === 1 ? t("ops.companies.disableEffect") : undefined}
                    okText={t(row.status === 1 ? "ops.companies.disable" : "ops.companies.enable")}
                    cancelText={t("ops.cancel")}
                    okButtonProps={{ danger: row.status === 1 }}
                    onConfirm={() => toggle(row)}
                  >
                    <Button type="link" danger={row.status === 1} loading={action.runningOn(row.id) === "status"}>
                      {t(row.status === 1 ? "ops.companies.disable" : "ops.companies.enable")}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <OpsCompanyDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
