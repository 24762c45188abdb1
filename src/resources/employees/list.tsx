// EnterpriseStall (/personnel/enterpriseStall, type 70): the company's staff, read-only. Refine's
// useTable drives paging, sorting and the search form through the data provider, and keeps them
// in the address so a filtered page can be reloaded or shared.
import { useTranslation } from "react-i18next";
import { useCustom, type CrudFilter, type HttpError } from "@refinedev/core";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { formatYMD } from "../../domain/format";
import { userKeyOf } from "../../providers/access-control";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { usePortalUser } from "../../pages/layout/session";
import { tripFlagKeys } from "../../pages/workbench/figures";
import { DEPARTMENTS_PATH, type Department, type Employee } from "./index";
import { KEYWORD_MAX } from "../../domain/lists";

interface SearchValues {
  keyword?: string;
  departmentId?: string;
  canAudit?: string;
}

const FILTER_FIELDS = ["keyword", "departmentId", "canAudit"] as const;

// Blank fields become undefined so Refine drops their filter instead of sending ''.
const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());

// Short values (names, dates, two-character departments) must not break mid-word, nor the
// sortable headings beside their sort arrows; the travel-control tags and long English
// headings wrap, so the table fits the card.
// A fresh object per cell: antd writes its own handlers (the header's sort click) onto what
// onCell/onHeaderCell return, and a shared object would carry them into every cell.
const nowrapProps = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapProps };
const sortable = { ...nowrap, onHeaderCell: nowrapProps, sorter: true };
// Space sets the gaps between tags; antd's own tag margin would double them.
const TAG = { marginInlineEnd: 0 };

export default function EmployeeListPage() {
  return (
    <WorkbenchFrame routeName="EnterpriseStall">
      <EmployeeList />
    </WorkbenchFrame>
  );
}

function EmployeeList() {
  const { t } = useTranslation();
  const user = usePortalUser();
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<Employee, HttpError, SearchValues>({
    resource: "employees",
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    syncWithLocation: true,
    onSearch: (values) => FILTER_FIELDS.map((field): CrudFilter => ({ field, operator: "eq", value: blank(values[field]) })),
  });
  // Not a resource of its own: the filter's options, a catalogue call, fetched once per user.
  const { query: departments, result: departmentsResult } = useCustom<Department[]>({
    url: DEPARTMENTS_PATH,
    method: "post",
    // The member is part of the key: another account in the tab sees its own company.
    meta: { member: userKeyOf(user) },
    queryOptions: { enabled: !!user, staleTime: 60_000 },
  });
  const departmentList = departments.data ? ((departmentsResult.data as Department[] | undefined) ?? []) : [];

  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const total = tableQuery.data?.total;
  const companyName = (user?.creditMember as { companyName?: string } | null | undefined)?.companyName;
  const error = tableQuery.error;

  const columns: TableColumnsType<Employee> = [
    {
      ...sortable, title: t("staff.columns.name"), dataIndex: "realName", key: "realName",
      sortOrder: getDefaultSortOrder("realName", sorters), render: (v: string | null) => <Typography.Text strong>{v || "—"}</Typography.Text>,
    },
    { ...nowrap, title: t("staff.columns.mobile"), dataIndex: "mobilePhone", key: "mobilePhone", render: (v: string | null) => v || "—" },
    { ...nowrap, title: t("staff.columns.department"), dataIndex: "departmentName", key: "departmentName", render: (v: string | null) => v || t("staff.unassigned") },
    { ...nowrap, title: t("staff.columns.employeeLevel"), dataIndex: "employeeLevel", key: "employeeLevel", render: (v: string | null) => v || "—" },
    { ...nowrap, title: t("staff.columns.tripLevel"), dataIndex: "tripLevelName", key: "tripLevelName", render: (v: string | null) => v || "—" },
    {
      title: t("staff.columns.tripFlags"), key: "tripFlags",
      render: (_: unknown, row) => {
        const keys = tripFlagKeys(row.tripLevelName === null ? null : { ...row, name: row.tripLevelName });
        return (
          <Space size={[4, 4]} wrap>
            {keys.length ? keys.map((k) => <Tag key={k} color="orange" style={TAG}>{t(k)}</Tag>) : <Tag style={TAG}>{t("workbench.noTripFlags")}</Tag>}
          </Space>
        );
      },
    },
    {
      ...nowrap, title: t("staff.columns.auditRight"), dataIndex: "canAudit", key: "canAudit",
      render: (v: number) => (v ? <Tag color="green">{t("staff.canAudit")}</Tag> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      ...sortable, title: t("staff.columns.joinTime"), dataIndex: "createTime", key: "createTime",
      sortOrder: getDefaultSortOrder("createTime", sorters), render: (v: string) => formatYMD(new Date(v)) || "—",
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12 }} aria-label={t("staff.searchForm")}>
        <Form.Item name="keyword" label={t("staff.keyword")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("staff.keywordPlaceholder")} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="departmentId" label={t("staff.department")}>
          <Select
            allowClear
            placeholder={t("staff.allDepartments")}
            loading={departments.isLoading}
            style={{ width: 150 }}
            options={departmentList.map((d) => ({ value: String(d.id), label: t("staff.departmentOption", { name: d.name, count: d.employeeCount }) }))}
          />
        </Form.Item>
        <Form.Item name="canAudit" label={t("staff.auditRight")}>
          <Select
            allowClear
            placeholder={t("staff.all")}
            style={{ width: 120 }}
            options={[
              { value: "1", label: t("staff.canAudit") },
              { value: "0", label: t("staff.cannotAudit") },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t("staff.search")}
            </Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>
              {t("staff.reset")}
            </Button>
          </Space>
        </Form.Item>
      </Form>

      <div style={{ margin: "20px 0 12px", minHeight: 22 }} data-testid="staff-summary">
        {total !== undefined && (
          <Typography.Text type="secondary">
            {companyName ? `${companyName} · ` : ""}
            {t(filtered ? "staff.summaryFiltered" : "staff.summary", { count: total })}
          </Typography.Text>
        )}
      </div>

      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("staff.loadError")} description={error.message} />}

      <Table<Employee>
        {...tableProps}
        rowKey="id"
        columns={columns}
        sortDirections={["ascend", "descend"]}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("staff.total", { count: n }) }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "staff.loadError" : filtered ? "staff.noMatch" : "staff.empty")} />,
        }}
      />
    </div>
  );
}
