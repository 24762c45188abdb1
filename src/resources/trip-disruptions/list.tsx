// 航变行程 (TripDisruptions, the company's travel manager): every trip of the company's orders that
// a flight's or train's schedule change or cancellation touched, newest first, server-paged and
// filtered by the trip's dates, product, traveller, kind and whether (or what) the traveller chose,
// each linking to its order.
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Card, DatePicker, Empty, Form, Input, Select, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import { Link } from "react-router";
import { DISRUPTION_CHOICES, DISRUPTION_CHOSEN, DISRUPTION_KINDS, isCancellation, type CompanyDisruptionRow } from "../../domain/disruptions";
import { formatChinaTime } from "../../domain/format";
import { orderDetailPath, trainOrderDetailPath } from "../../access/order-paths";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { ListLoadError, SearchButtons } from "../list-parts";
import { COMPANY_DISRUPTIONS } from "./index";

interface SearchValues {
  dates?: [Dayjs | null, Dayjs | null] | null;
  product?: "air" | "train";
  traveller?: string;
  kind?: string;
  chosen?: string;
  status?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format("YYYY-MM-DD") : undefined);
const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
const orderPath = (r: CompanyDisruptionRow) => (r.product === "train" ? trainOrderDetailPath(r.orderId) : orderDetailPath(r.orderId));

export default function TripDisruptionsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName={routeName} title={t("disruption.list.title")}>
      <DisruptionList />
    </WorkbenchFrame>
  );
}

function DisruptionList() {
  const t = useTranslate();
  const { tableProps, searchFormProps, tableQuery } = useTable<CompanyDisruptionRow, HttpError, SearchValues>({
    resource: COMPANY_DISRUPTIONS,
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [
      { field: "from", operator: "eq", value: day(v.dates?.[0]) },
      { field: "to", operator: "eq", value: day(v.dates?.[1]) },
      { field: "product", operator: "eq", value: v.product },
      { field: "traveller", operator: "eq", value: blank(v.traveller) },
      { field: "kind", operator: "eq", value: v.kind },
      { field: "chosen", operator: "eq", value: v.chosen },
      { field: "status", operator: "eq", value: v.status },
    ],
  });
  const error = tableQuery.error;
  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  const columns: ColumnsType<CompanyDisruptionRow> = [
    {
      key: "order",
      title: t("disruption.list.orderNo"),
      render: (_, r) => (
        <span style={{ whiteSpace: "nowrap" }}>
          <Tag>{t(`disruption.list.product.${r.product}`)}</Tag>
          {r.orderNo}
        </span>
      ),
    },
    { key: "trip", title: t("disruption.list.trip"), dataIndex: "title", ellipsis: true },
    { key: "traveller", title: t("disruption.list.traveller"), dataIndex: "travellerName", render: (v: string) => <span style={{ whiteSpace: "nowrap" }}>{v}</span> },
    {
      key: "kind",
      title: t("disruption.list.kind"),
      render: (_, r) => <Tag color={isCancellation(r.kind) ? "red" : "orange"} style={{ whiteSpace: "nowrap" }}>{t(`disruption.kind.${r.kind}`)}</Tag>,
    },
    { key: "no", title: t("disruption.list.no"), dataIndex: "no" },
    { key: "date", title: t("disruption.list.date"), dataIndex: "date", render: (v: string) => <span style={{ whiteSpace: "nowrap" }}>{v}</span> },
    { key: "newTime", title: t("disruption.list.newTime"), render: (_, r) => (isCancellation(r.kind) ? "—" : r.newDepTime ?? "—") },
    {
      key: "status",
      title: t("disruption.list.status"),
      render: (_, r) => <Tag color={r.status === "pending" ? "orange" : "default"} data-testid="trip-disruption-status">{t(`disruption.choice.${r.status}`)}</Tag>,
    },
    { key: "createTime", title: t("disruption.list.createTime"), render: (_, r) => <span style={{ whiteSpace: "nowrap" }}>{formatChinaTime(r.createTime)}</span> },
    { key: "view", title: "", render: (_, r) => <Link to={orderPath(r)}>{t("disruption.list.view")}</Link> },
  ];
  return (
    <Card title={t("disruption.list.title")} data-testid="trip-disruptions">
      <Form<SearchValues> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="dates" label={t("disruption.list.dates")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="product" label={t("disruption.list.productLabel")}>
          <Select allowClear style={{ width: 130 }} placeholder={t("disruption.list.allProducts")} options={(["air", "train"] as const).map((p) => ({ value: p, label: t(`disruption.list.product.${p}`) }))} />
        </Form.Item>
        <Form.Item name="traveller" label={t("disruption.list.travellerLabel")}>
          <Input allowClear maxLength={30} style={{ width: 150 }} placeholder={t("disruption.list.travellerPlaceholder")} />
        </Form.Item>
        <Form.Item name="kind" label={t("disruption.list.kind")}>
          <Select allowClear style={{ width: 140 }} placeholder={t("disruption.list.allKinds")} popupMatchSelectWidth={false} options={DISRUPTION_KINDS.map((k) => ({ value: k, label: t(`disruption.kind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="chosen" label={t("disruption.list.allChosen")}>
          <Select allowClear style={{ width: 120 }} placeholder={t("disruption.list.allStatus")} options={DISRUPTION_CHOSEN.map((c) => ({ value: c, label: t(`disruption.list.chosen.${c}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t("disruption.list.status")}>
          <Select allowClear style={{ width: 130 }} placeholder={t("disruption.list.allStatus")} popupMatchSelectWidth={false} options={DISRUPTION_CHOICES.map((c) => ({ value: c, label: t(`disruption.choice.${c}`) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <ListLoadError error={error} onRetry={() => tableQuery.refetch()} />
      <Table<CompanyDisruptionRow>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{t(error ? "disruption.list.loadError" : "disruption.list.empty")}</Typography.Text>} /> }}
      />
    </Card>
  );
}
