// A paged traveller list (frequent or external travellers): search by name, mobile or
// certificate number, filters by certificate and passenger type, sortable columns, numbers masked
// as the server sends them, edit and delete (after 是否执行此操作！). useTable keeps the state in
// the address.
import { useDelete, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { Alert, Button, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { CERT_TYPE_CODES, CERT_TYPES, PASSENGER_TYPES } from "../../domain/codes";
import { KEYWORD_MAX } from "../../domain/lists";
import type { TravellerRow } from "../../domain/people";
import { useCodes } from "../../components/use-codes";

interface SearchValues {
  keyword?: string;
  certType?: string;
  psgType?: string;
}

const FILTER_FIELDS = ["keyword", "certType", "psgType"] as const;
const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());
// A new object per cell: antd adds its sort click handler to what onHeaderCell returns, and a
// shared object would carry that handler into every other cell.
const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };
const AGE_COLORS = { ADT: "blue", CHD: "green", INF: "magenta" } as const;

export interface TravellerListProps {
  resource: string;
  /** Frequent travellers have a default one; external travellers do not. */
  showDefault: boolean;
  onEdit: (row: TravellerRow) => void;
  /** i18n key prefix of the texts that differ (empty state, summary). */
  texts: string;
}

export function TravellerList({ resource, showDefault, onEdit, texts }: TravellerListProps) {
  const t = useTranslate();
  const { codeLabel, codeOptions } = useCodes();
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<TravellerRow, HttpError, SearchValues>({
    resource,
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (values) => FILTER_FIELDS.map((field): CrudFilter => ({ field, operator: "eq", value: blank(values[field]) })),
  });
  const remove = useDelete<TravellerRow, HttpError>();
  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const error = tableQuery.error;
  const total = tableQuery.data?.total;

  const columns: TableColumnsType<TravellerRow> = [
    {
      ...nowrap, title: t("passengers.columns.name"), dataIndex: "name", key: "name", sorter: true, sortOrder: getDefaultSortOrder("name", sorters),
      render: (_: unknown, row) => (
        <Space size={4} direction="vertical">
          <Space size={6}>
            <Typography.Text strong>{row.name || "—"}</Typography.Text>
            {showDefault && row.isDefault === 1 && <Tag color="gold">{t("passengers.default")}</Tag>}
          </Space>
          {(row.surname || row.givenName) && <Typography.Text type="secondary">{[row.surname, row.givenName].filter(Boolean).join("/")}</Typography.Text>}
        </Space>
      ),
    },
    {
      ...nowrap, title: t("passengers.columns.psgType"), dataIndex: "psgType", key: "psgType",
      render: (v: TravellerRow["psgType"]) => <Tag color={AGE_COLORS[v]}>{codeLabel(PASSENGER_TYPES, v)}</Tag>,
    },
    {
      ...nowrap, title: t("passengers.columns.birthday"), dataIndex: "birthday", key: "birthday", sorter: true, sortOrder: getDefaultSortOrder("birthday", sorters),
      render: (v: string | null, row) => (
        <Space size={4} direction="vertical">
          <span>{v || "—"}</span>
          {row.sex && <Typography.Text type="secondary">{t(`passengers.sex.${row.sex}`)}</Typography.Text>}
        </Space>
      ),
    },
    { ...nowrap, title: t("passengers.columns.mobile"), dataIndex: "mobilePhone", key: "mobilePhone", render: (v: string | null) => v || "—" },
    {
      title: t("passengers.columns.certificates"), key: "certificates",
      render: (_: unknown, row) => (
        <Space size={2} direction="vertical">
          {row.certificates.map((c) => (
            <span key={c.certType} style={{ whiteSpace: "nowrap" }}>
              <Typography.Text type="secondary">{codeLabel(CERT_TYPES, c.certType)}</Typography.Text> {c.certNo}
            </span>
          ))}
        </Space>
      ),
    },
    {
      ...nowrap, title: t("passengers.columns.actions"), key: "actions", fixed: "right",
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row)}>{t("passengers.edit")}</Button>
          <Popconfirm
            title={t("common.confirmOperation")}
            okText={t("common.confirm")}
            cancelText={t("common.cancel")}
            onConfirm={() => remove.mutateAsync({ resource, id: row.id }).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>{t("passengers.delete")}</Button>
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
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12 }} aria-label={t("passengers.searchForm")}>
        <Form.Item name="keyword" label={t("passengers.keyword")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("passengers.keywordPlaceholder")} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="certType" label={t("passengers.certType")}>
          <Select
            allowClear
            placeholder={t("passengers.all")}
            style={{ width: 130 }}
            options={codeOptions(CERT_TYPES, CERT_TYPE_CODES).map((o) => ({ value: String(o.value), label: o.label }))}
          />
        </Form.Item>
        <Form.Item name="psgType" label={t("passengers.psgType")}>
          <Select
            allowClear
            placeholder={t("passengers.all")}
            style={{ width: 100 }}
            options={(["ADT", "CHD", "INF"] as const).map((k) => ({ value: k, label: codeLabel(PASSENGER_TYPES, k) }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("passengers.search")}</Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>{t("passengers.reset")}</Button>
          </Space>
        </Form.Item>
      </Form>

      <div style={{ margin: "20px 0 12px", minHeight: 22 }} data-testid="travellers-summary">
        {total !== undefined && <Typography.Text type="secondary">{t(filtered ? "passengers.summaryFiltered" : `${texts}.summary`, { count: total })}</Typography.Text>}
      </div>

      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t("passengers.listError")}
          description={error.message}
          action={<Button size="small" onClick={() => tableQuery.refetch()}>{t("passengers.retry")}</Button>}
        />
      )}

      <Table<TravellerRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        sortDirections={["ascend", "descend"]}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, showTotal: (n) => t("passengers.total", { count: n }) }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "passengers.listError" : filtered ? "passengers.noMatch" : `${texts}.empty`)} />,
        }}
      />
    </div>
  );
}
