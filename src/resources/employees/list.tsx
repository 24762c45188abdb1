// EnterpriseStall (/personnel/enterpriseStall, type 70): the company's staff. The organisation
// tree on the left filters the list and manages departments; the list (Refine's useTable: paging,
// sorting and the search form, kept in the address) shows phones and certificate numbers masked,
// and each row is edited in a dialog, disabled/enabled (their sign-in follows) or deleted.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCan, useDelete, useInvalidate, useList, useUpdate, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { PlusOutlined, ReloadOutlined, SearchOutlined, UploadOutlined } from "@ant-design/icons";
import { userKeyOf } from "../../providers/access-control";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { usePortalUser } from "../../layout/session";
import { tripFlagKeys } from "../../domain/workbench-figures";
import { useFeedback } from "../../components/FeedbackApp";
import type { Department, Employee } from "./index";
import { KEYWORD_MAX } from "../../domain/lists";
import { DepartmentPanel } from "./departments";
import { EmployeeDialog } from "./form";
import "./staff.css";

interface SearchValues {
  keyword?: string;
  departmentId?: string;
  canAudit?: string;
  status?: string;
}

const FILTER_FIELDS = ["keyword", "departmentId", "canAudit", "status"] as const;

// Blank fields become undefined so Refine drops their filter instead of sending ''.
const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());

// Short values (names, dates, two-character departments) must not break mid-word, nor the
// sortable headings beside their sort arrows; the travel-control tags and long English
// headings wrap, so the table fits the card.
// A fresh object per cell: antd writes its own handlers (the header's sort click) onto what
// onCell/onHeaderCell return, and a shared object would carry them into every cell.
const nowrapProps = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapProps, onHeaderCell: nowrapProps };
const sortable = { ...nowrap, sorter: true };
// Space sets the gaps between tags; antd's own tag margin would double them.
const TAG = { marginInlineEnd: 0 };

export default function EmployeeListPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const user = usePortalUser();
  // The import page (menu item 39) has rules of its own (pnrImport); Refine caches the answer per user.
  const canImport = useCan({ resource: "import_employees", action: "view", params: { user: userKeyOf(user) ?? "guest" } }).data?.can;
  const [editing, setEditing] = useState<number | null>(null);
  // The tree's and the form's departments, all at once.
  const { query: departments, result: departmentsResult } = useList<Department & Record<string, unknown>, HttpError>({
    resource: "departments",
    pagination: { mode: "off" },
    // The member is part of the key: another account in the tab sees its own company.
    meta: { member: userKeyOf(user) },
    // Head counts change with every import or save elsewhere: read afresh when the page opens.
    queryOptions: { enabled: !!user, staleTime: 0, refetchOnMount: "always" },
  });
  const departmentList = (departmentsResult.data ?? []) as Department[];
  return (
    <WorkbenchFrame
      routeName="EnterpriseStall"
      extra={
        <Space>
          {canImport && <Button icon={<UploadOutlined />} onClick={() => navigate(pathFor("import_employees"))}>{t("staff.import")}</Button>}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>{t("staff.add")}</Button>
        </Space>
      }
    >
      <EmployeeList departments={departmentList} departmentsLoading={departments.isLoading} refetchDepartments={() => void departments.refetch()} onEdit={setEditing} />
      <EmployeeDialog
        id={editing}
        departments={departmentList}
        onClose={() => {
          setEditing(null);
          void departments.refetch();
        }}
      />
    </WorkbenchFrame>
  );
}

interface EmployeeListProps {
  departments: Department[];
  departmentsLoading: boolean;
  refetchDepartments: () => void;
  onEdit: (id: number) => void;
}

function EmployeeList({ departments, departmentsLoading, refetchDepartments, onEdit }: EmployeeListProps) {
  const t = useTranslate();
  const user = usePortalUser();
  const { message } = useFeedback();
  const remove = useDelete<Employee, HttpError>();
  const setStatus = useUpdate<Employee, HttpError>();
  // Refine refreshes a resource after its own changes; the staff rows show department names.
  const invalidate = useInvalidate();
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<Employee, HttpError, SearchValues>({
    resource: "employees",
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    syncWithLocation: true,
    onSearch: (values) => FILTER_FIELDS.map((field): CrudFilter => ({ field, operator: "eq", value: blank(values[field]) })),
  });

  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const total = tableQuery.data?.total;
  const companyName = (user?.creditMember as { companyName?: string } | null | undefined)?.companyName;
  const error = tableQuery.error;
  const chosen = filters.find((f) => "field" in f && f.field === "departmentId");
  const selected = chosen && blank(chosen.value) !== undefined ? Number(chosen.value) : undefined;

  const chooseDepartment = (id: number | undefined) => {
    searchFormProps.form?.setFieldValue("departmentId", id === undefined ? undefined : String(id));
    searchFormProps.form?.submit();
  };

  // Refine refreshes the staff list; the tree's head counts are another resource's.
  const changed = async (text: string) => {
    message.success(text);
    refetchDepartments();
  };
  const toggle = async (row: Employee) => {
    const status = row.status ? "0" : "1";
    try {
      // Enabling and disabling is its own path; Refine refreshes the list afterwards.
      await setStatus.mutateAsync({ resource: "employees", id: row.id, values: { status }, meta: { updateAction: "status" }, successNotification: false, errorNotification: false });
      await changed(t(row.status ? "staff.disabled" : "staff.enabled"));
    } catch (e) {
      message.error((e as HttpError).message);
    }
  };
  const del = async (row: Employee) => {
    try {
      await remove.mutateAsync({ resource: "employees", id: row.id, successNotification: false, errorNotification: false });
      await changed(t("staff.deleted"));
    } catch (e) {
      message.error((e as HttpError).message);
    }
  };

  // Compact cells so the list fits beside the tree at 1280 px: who (name, masked phone and
  // certificate numbers), where (department, position and level), the trip level with its
  // controls, and the state (active or disabled, approval right).
  const columns: TableColumnsType<Employee> = [
    {
      ...sortable, title: t("staff.columns.name"), dataIndex: "realName", key: "realName",
      sortOrder: getDefaultSortOrder("realName", sorters),
      render: (v: string | null, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{v || "—"}</Typography.Text>
          <Typography.Text type="secondary" className="tp-staff__sub">{row.mobilePhone || "—"}</Typography.Text>
          {row.certNos.map((n) => <Typography.Text key={n} type="secondary" className="tp-staff__sub">{n}</Typography.Text>)}
        </Space>
      ),
    },
    {
      ...sortable, title: t("staff.columns.department"), dataIndex: "departmentName", key: "departmentName",
      sortOrder: getDefaultSortOrder("departmentName", sorters),
      render: (v: string | null, row) => (
        <Space direction="vertical" size={0}>
          <span>{v || t("staff.unassigned")}</span>
          {(row.position || row.employeeLevel) && <Typography.Text type="secondary" className="tp-staff__sub">{[row.position, row.employeeLevel].filter(Boolean).join(" · ")}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t("staff.columns.tripLevel"), key: "tripLevel", width: 170,
      render: (_: unknown, row) => {
        const keys = tripFlagKeys(row.tripLevelName === null ? null : row);
        return (
          <Space direction="vertical" size={4}>
            <span style={{ whiteSpace: "nowrap" }}>{row.tripLevelName || "—"}</span>
            {row.tripLevelName !== null && (
              <Space size={[4, 4]} wrap>
                {keys.length ? keys.map((k) => <Tag key={k} color="orange" style={TAG}>{t(k)}</Tag>) : <Tag style={TAG}>{t("workbench.noTripFlags")}</Tag>}
              </Space>
            )}
          </Space>
        );
      },
    },
    {
      ...nowrap, title: t("staff.columns2.status"), dataIndex: "status", key: "status",
      render: (v: number, row) => (
        <Space direction="vertical" size={4}>
          {v ? <Tag color="blue" style={TAG}>{t("staff.statusActive")}</Tag> : <Tag style={TAG}>{t("staff.statusDisabled")}</Tag>}
          {row.canAudit ? <Tag color="green" style={TAG}>{t("staff.canAudit")}</Tag> : null}
        </Space>
      ),
    },
    {
      ...nowrap, title: t("staff.columns2.actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row.id)}>{t("staff.edit")}</Button>
          <Popconfirm title={t("common.confirmOperation")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => toggle(row)}>
            <Button type="link" size="small">{t(row.status ? "staff.disable" : "staff.enable")}</Button>
          </Popconfirm>
          <Popconfirm title={t("common.confirmOperation")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => del(row)}>
            <Button type="link" size="small" danger>{t("staff.delete")}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <div className="tp-staff">
      <aside className="tp-frame__card tp-staff__tree">
        <DepartmentPanel departments={departments} loading={departmentsLoading} selected={selected} onSelect={chooseDepartment} onChanged={() => void invalidate({ resource: "employees", invalidates: ["list"] })} />
      </aside>
      <div className="tp-frame__card tp-staff__list" style={{ paddingTop: 20 }}>
        <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12 }} aria-label={t("staff.searchForm")}>
          <Form.Item name="departmentId" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="keyword" label={t("staff.keyword")}>
            <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("staff.keywordPlaceholder")} style={{ width: 150 }} />
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
          <Form.Item name="status" label={t("staff.status")}>
            <Select
              allowClear
              placeholder={t("staff.allStatus")}
              style={{ width: 110 }}
              options={[
                { value: "1", label: t("staff.statusActive") },
                { value: "0", label: t("staff.statusDisabled") },
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
          scroll={{ x: "max-content" }}
          sortDirections={["ascend", "descend"]}
          pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("staff.total", { count: n }) }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "staff.loadError" : filtered ? "staff.noMatch" : "staff.empty")} />,
          }}
        />
      </div>
    </div>
  );
}
