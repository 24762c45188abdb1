// usecar_manager_list (/useCarManager/usecar_manager_list, 70): the company's car-use standards —
// the trip levels each applies to, car types, cities, time windows and per-ride and monthly caps;
// create, edit, or delete one after a confirmation. Paged and searched on the server.
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Empty, Form, Input, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { CAR_TYPES } from "../../domain/policy";
import { KEYWORD_MAX } from "../../domain/lists";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { editCarStandardPath, type CarStandardRow } from "./index";
import { useConfirmDelete } from "../useConfirmDelete";
import { ListLoadError, SearchButtons } from "../list-parts";
import { useCodes } from "../../components/use-codes";
import { yuanText } from "../../domain/money";

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());
const NOWRAP = { style: { whiteSpace: "nowrap" as const } };
const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };
const TAG = { marginInlineEnd: 0 };

export default function CarStandardListPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName={routeName} extra={<LinkButton type="primary" icon={<PlusOutlined />} to={editCarStandardPath()}>{t("travel.cars.add")}</LinkButton>}>
      <CarList />
    </WorkbenchFrame>
  );
}

function CarList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const confirmDelete = useConfirmDelete("car-standards");
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<CarStandardRow, HttpError, { keyword?: string }>({
    resource: "car-standards",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    errorNotification: false,
    onSearch: (values): CrudFilter[] => [{ field: "keyword", operator: "eq", value: blank(values.keyword) }],
  });
  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const error = tableQuery.error;

  const remove = (row: CarStandardRow) =>
    confirmDelete({
      id: row.id,
      title: t("travel.cars.deleteTitle"),
      content: t("travel.cars.deleteConfirm", { name: row.name }),
      okText: t("travel.standards.deleteOk"),
      cancelText: t("travel.notNow"),
      deleted: t("travel.cars.deleted"),
    });

  const columns: TableColumnsType<CarStandardRow> = [
    { width: 160, title: t("travel.cars.name"), dataIndex: "name", key: "name", render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      title: t("travel.cars.tripLevels"), key: "tripLevels",
      render: (_: unknown, row) => <Space size={[4, 4]} wrap>{row.tripLevels.map((l) => <Tag key={l.id} style={TAG}>{l.name}</Tag>)}</Space>,
    },
    { title: t("travel.cars.carTypes"), key: "carTypes", render: (_: unknown, row) => row.carTypes.map((c) => codeLabel(CAR_TYPES, c)).join("、") },
    {
      title: t("travel.cars.citiesAndTimes"), key: "where",
      render: (_: unknown, row) => (
        <>
          <div>{row.allCities ? t("travel.cars.anyCity") : row.cities.map((c) => c.name).join("、")}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.timeWindows.length ? row.timeWindows.map((w) => `${w.start}-${w.end}`).join("、") : t("travel.cars.anyTime")}
          </Typography.Text>
        </>
      ),
    },
    {
      ...nowrap, width: 130, title: t("travel.cars.caps"), key: "caps",
      render: (_: unknown, row) => (
        <>
          <div>{row.perRideCapFen === null ? t("travel.cars.perRideNoCap") : t("travel.cars.perRide", { value: yuanText(row.perRideCapFen) })}</div>
          <div>{row.monthlyCapFen === null ? t("travel.cars.monthlyNoCap") : t("travel.cars.monthly", { value: yuanText(row.monthlyCapFen) })}</div>
        </>
      ),
    },
    {
      ...nowrap, width: 110, title: t("travel.app.actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <LinkButton type="link" size="small" to={editCarStandardPath(row.id)}>{t("travel.standards.edit")}</LinkButton>
          <Button type="link" size="small" danger onClick={() => remove(row)}>{t("travel.standards.delete")}</Button>
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
      <Form {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 20 }} aria-label={t("travel.cars.searchForm")}>
        <Form.Item name="keyword" label={t("travel.cars.name")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("travel.cars.name")} style={{ width: 180 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Table<CarStandardRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: 820 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("travel.total", { count: n }) }}
        locale={{
          emptyText: !tableQuery.isFetched ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "travel.loadError" : filtered ? "travel.noMatch" : "travel.cars.empty")} />
          ),
        }}
      />
    </div>
  );
}
