// StandardSettings (/travel/travelManage/standardSettings, 70): every trip level of the company
// with its travel standard in short sentences, what over-standard bookings do, and how many
// employees it covers; edit a level's standard or the hotel city tiers, or delete it (the level is then unset) after a
// confirmation. Paged on the server, filterable by name and by whether a standard is set.
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { CABIN_CLASSES, CITY_TIERS, OVER_ACTIONS, SEAT_CLASSES } from "../../domain/policy";
import { KEYWORD_MAX } from "../../domain/lists";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { editStandardPath, type StandardRow } from "./index";
import { useConfirmDelete } from "../useConfirmDelete";
import { ListLoadError, SearchButtons } from "../list-parts";
import { CityTiersButton } from "./CityTiersDrawer";
import { useCodes } from "../../components/use-codes";
import { yuanText } from "../../domain/money";

const blank = (v: unknown) => (v === undefined || v === null || String(v).trim() === "" ? undefined : String(v).trim());
const NOWRAP = { style: { whiteSpace: "nowrap" as const } };
const nowrap = { onCell: () => NOWRAP, onHeaderCell: () => NOWRAP };
const OVER_COLORS = { forbid: "red", reason: "blue", approve: "orange" } as const;

export default function StandardSettingsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  // Car-use standards have no menu item of their own; they are reached from here.
  return (
    <WorkbenchFrame routeName={routeName} extra={<Space><CityTiersButton /><LinkButton to={pathFor("usecar_manager_list")}>{t("travel.cars.title")}</LinkButton></Space>}>
      <StandardList />
    </WorkbenchFrame>
  );
}

/** A standard in short: what may be booked, then its caps in secondary text. */
function Brief({ main, notes }: { main: string; notes: string[] }) {
  return (
    <>
      <div>{main}</div>
      {notes.length > 0 && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{notes.join(" · ")}</Typography.Text>}
    </>
  );
}

function StandardList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const confirmDelete = useConfirmDelete("travel-standards");
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<StandardRow, HttpError, { keyword?: string; configured?: string }>({
    resource: "travel-standards",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    errorNotification: false,
    onSearch: (values) => (["keyword", "configured"] as const).map((field): CrudFilter => ({ field, operator: "eq", value: blank(values[field]) })),
  });
  const filtered = filters.some((f) => "field" in f && blank(f.value) !== undefined);
  const error = tableQuery.error;

  const remove = (row: StandardRow) =>
    confirmDelete({
      id: row.tripLevelId,
      title: t("travel.standards.deleteTitle"),
      content: t("travel.standards.deleteConfirm", { name: row.tripLevelName }),
      okText: t("travel.standards.deleteOk"),
      cancelText: t("travel.notNow"),
      deleted: t("travel.standards.deleted"),
    });

  const columns: TableColumnsType<StandardRow> = [
    {
      ...nowrap, width: 130, title: t("travel.standard.tripLevel"), dataIndex: "tripLevelName", key: "tripLevelName",
      render: (v: string, row) => (
        <Space direction="vertical" size={2}>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t("travel.standards.employees", { count: row.employeeCount })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t("travel.standard.air"), key: "air",
      render: (_: unknown, row) => {
        if (!row.configured) return <Typography.Text type="secondary">{t("travel.standards.unset")}</Typography.Text>;
        const f = row.standard.flight;
        const notes = [
          f.maxDiscount !== null && t("travel.standards.discountCap", { value: yuanText(f.maxDiscount * 10), percent: f.maxDiscount }),
          f.maxPriceFen !== null && t("travel.standards.priceCap", { value: yuanText(f.maxPriceFen) }),
          f.lowestFareHours !== null && t("travel.standards.windowShort", { hours: f.lowestFareHours }),
        ].filter((n): n is string => Boolean(n));
        return <Brief main={f.cabins.map((c) => codeLabel(CABIN_CLASSES, c)).join("、")} notes={notes} />;
      },
    },
    {
      title: t("travel.standard.hotel"), key: "hotel",
      render: (_: unknown, row) =>
        row.configured ? (
          <Space direction="vertical" size={0}>
            {CITY_TIERS.keys.map((tier) => {
              const cap = row.standard.hotel.capsFen[tier];
              return (
                <Typography.Text key={tier} style={{ fontSize: 13, whiteSpace: "nowrap" }}>
                  {cap === null ? t("travel.standards.tierNoCap", { tier: codeLabel(CITY_TIERS, tier) }) : t("travel.standards.tierCap", { tier: codeLabel(CITY_TIERS, tier), value: yuanText(cap) })}
                </Typography.Text>
              );
            })}
          </Space>
        ) : (
          "—"
        ),
    },
    {
      title: t("travel.standard.train"), key: "train",
      render: (_: unknown, row) => (row.configured ? row.standard.train.seats.map((c) => codeLabel(SEAT_CLASSES, c)).join("、") : "—"),
    },
    {
      ...nowrap, width: 130, title: t("travel.standard.overAction"), dataIndex: "overAction", key: "overAction",
      render: (v: StandardRow["overAction"]) => <Tag color={OVER_COLORS[v]} style={{ marginInlineEnd: 0 }}>{codeLabel(OVER_ACTIONS, v)}</Tag>,
    },
    {
      ...nowrap, width: 110, title: t("travel.app.actions"), key: "actions",
      render: (_: unknown, row) => (
        <Space size={0}>
          <LinkButton type="link" size="small" to={editStandardPath(row.tripLevelId)}>{t(row.configured ? "travel.standards.edit" : "travel.standards.set")}</LinkButton>
          {row.configured && (
            <Button type="link" size="small" danger onClick={() => remove(row)}>{t("travel.standards.delete")}</Button>
          )}
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
      <Form {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 20 }} aria-label={t("travel.standards.searchForm")}>
        <Form.Item name="keyword" label={t("travel.standard.tripLevel")}>
          <Input allowClear maxLength={KEYWORD_MAX} placeholder={t("travel.standards.keywordPlaceholder")} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="configured" label={t("travel.standards.configured")}>
          <Select
            allowClear
            placeholder={t("travel.app.allStatuses")}
            style={{ width: 120 }}
            options={[
              { value: "1", label: t("travel.standards.isSet") },
              { value: "0", label: t("travel.standards.unset") },
            ]}
          />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Table<StandardRow>
        {...tableProps}
        rowKey="tripLevelId"
        columns={columns}
        scroll={{ x: 820 }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("travel.total", { count: n }) }}
        locale={{
          emptyText: !tableQuery.isFetched ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "travel.loadError" : filtered ? "travel.noMatch" : "travel.standards.empty")} />
          ),
        }}
      />
    </div>
  );
}
