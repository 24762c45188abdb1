// ReportDetailed (/finance/reportDetailed?type=domAir|intlAir|train|hotel|car): the company's spend
// report of one product — summary cards, charts and the tables by department, traveller, route
// and airline — for a date range and a department, each table exportable to Excel. The charts'
// library is loaded by this page only, after the figures arrive.
import { lazy, Suspense, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCustom, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { Alert, Button, Card, Col, Empty, Form, Row, Select, Skeleton, Space, Statistic, Table, Tabs, Typography, type TableColumnsType } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { queryOf, withQuery, pathFor } from "../../access/routes";
import { REPORT_TITLES, REPORT_TYPES, UNASSIGNED_DEPARTMENT_ID, isFlightReport, isReportType, reportInputSchema, reportPaths, type ReportDimension, type ReportReply, type ReportRow, type ReportType } from "../../domain/reports";
import { discountText, permilleText, tenthsText } from "../../domain/report-figures";
import { chinaDate } from "../../domain/travel/dates";
import { ExportButton } from "../../components/ExportButton";
import { FormField, NO_RECORD } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { DateRangeInput } from "../../components/DateInput";
import { retryUnlessRefused } from "../../resources/retry";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useLang } from "../../layout/session";
import "./reports.css";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

const ReportCharts = lazy(() => import("./ReportCharts"));

interface Department {
  id: number;
  name: string;
}

interface Filters {
  startDate: string;
  endDate: string;
  departmentId?: number;
}

const yuan = (fen: number | null) => (fen === null ? "—" : moneyText(fen));

interface FilterValues {
  range: [string, string];
  departmentId?: number | null;
}

/** The report's input from the filter form: an emptied department is every department. */
const filtersOf = (v: FilterValues): Filters => ({
  startDate: v.range[0],
  endDate: v.range[1],
  ...(v.departmentId !== undefined && v.departmentId !== null ? { departmentId: v.departmentId } : {}),
});
// Both dates are one picker: the range's problems (the end before the start, too long) show there.
const filterFieldOf = (path: string) => (path === "departmentId" ? "departmentId" : "range");

/** The last six calendar months up to today (China date). */
function defaultFilters(): Filters {
  const today = chinaDate(Date.now());
  return { startDate: dayjs(today).subtract(5, "month").startOf("month").format("YYYY-MM-DD"), endDate: today };
}

export default function ReportDetailedPage({ routeName }: { routeName: string }) {
  const { codeLabel } = useCodes();
  const location = useLocation();
  const raw = queryOf(location.search).type;
  const type: ReportType = isReportType(raw) ? raw : "domAir";
  return (
    <WorkbenchFrame routeName={routeName} title={codeLabel(REPORT_TITLES, type)} query={{ type }}>
      <ReportView type={type} />
    </WorkbenchFrame>
  );
}

function ReportView({ type }: { type: ReportType }) {
  const t = useTranslate();
  const lang = useLang();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(defaultFilters);
  // The filters are checked with the schema the report routes read them with; they query the
  // report (useCustom below), they save nothing.
  const { control, handleSubmit } = useForm<BaseRecord, HttpError, FilterValues>({
    ...NO_RECORD,
    resolver: schemaResolver<FilterValues>(() => reportInputSchema, { raw: true, input: filtersOf, fieldOf: filterFieldOf }),
    defaultValues: { range: [filters.startDate, filters.endDate], departmentId: null },
  });

  const departments = useCustom<Department[]>({ url: "/credit/department/list", method: "post", config: { payload: {} }, errorNotification: false, queryOptions: { retry: retryUnlessRefused } });
  const deptOptions = useMemo(() => {
    // Until the list arrives the result holds no array.
    const raw: unknown = departments.result.data;
    const list = Array.isArray(raw) ? (raw as Department[]) : [];
    const withUnassigned = list.some((d) => d.id === UNASSIGNED_DEPARTMENT_ID) ? list : [...list, { id: UNASSIGNED_DEPARTMENT_ID, name: t("reports.unassigned") }];
    return withUnassigned.map((d) => ({ value: d.id, label: d.name }));
  }, [departments.result.data, t]);

  const { query, result } = useCustom<ReportReply>({
    url: reportPaths(type).detail,
    method: "post",
    config: { payload: { ...filters } },
    errorNotification: false,
    queryOptions: { retry: retryUnlessRefused },
  });
  const report = query.isSuccess ? (result.data as ReportReply | undefined) : undefined;

  // The resolver hands on the filters it checked.
  const submit = handleSubmit((checked) => setFilters(checked as unknown as Filters));

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }} className="tp-report">
      <Card size="small">
        <Tabs
          activeKey={type}
          onChange={(key) => navigate(withQuery(pathFor("ReportDetailed"), { type: key }))}
          items={REPORT_TYPES.map((k) => ({ key: k, label: t(`reports.tab.${k}`) }))}
        />
        <Form layout="inline" onFinish={() => void submit()} data-testid="report-filters">
          <FormField control={control} name="range" label={t("reports.range")}>
            <DateRangeInput allowClear={false} style={{ width: 260 }} />
          </FormField>
          <FormField control={control} name="departmentId" label={t("reports.department")}>
            <Select allowClear placeholder={t("reports.allDepartments")} options={deptOptions} style={{ width: 180 }} loading={departments.query.isLoading} />
          </FormField>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={query.isFetching}>{t("reports.query")}</Button>
          </Form.Item>
        </Form>
      </Card>

      {query.isLoading ? (
        <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>
      ) : query.error || !report ? (
        <Alert
          type="error"
          showIcon
          message={t("reports.loadError")}
          description={query.error?.message}
          action={<Button onClick={() => query.refetch()}>{t("reports.retry")}</Button>}
        />
      ) : (
        <ReportBody report={report} filters={filters} lang={lang} />
      )}
    </Space>
  );
}

function ReportBody({ report, filters, lang }: { report: ReportReply; filters: Filters; lang: "zh" | "en" }) {
  const t = useTranslate();
  const s = report.summary;
  const flight = isFlightReport(report.type);
  const nothing = s.orders === 0 && s.refunds.orders === 0 && s.changes.orders === 0;
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Row gutter={[16, 16]} data-testid="report-summary">
        <SummaryCard
          title={t("reports.summary.spend")}
          value={yuan(s.spendFen)}
          note={s.selfPayFen > 0 ? t("reports.summary.selfPaidNote", { amount: yuan(s.selfPayFen) }) : undefined}
          testId="report-spend"
          strong
        />
        <SummaryCard title={t("reports.summary.orders")} value={String(s.orders)} testId="report-orders" />
        <SummaryCard title={t(flight ? "reports.summary.avgFare" : "reports.summary.avgPrice")} value={yuan(s.avgPriceFen)} testId="report-avg" />
        <SummaryCard title={t("reports.summary.discount")} value={discountText(s.avgDiscountPermille, lang)} testId="report-discount" />
        <SummaryCard
          title={t("reports.summary.savings")}
          value={yuan(s.savingsFen)}
          note={s.savingsPermille !== null ? t("reports.summary.savingsRate", { rate: permilleText(s.savingsPermille) }) : undefined}
          testId="report-savings"
        />
      </Row>
      <Card size="small">
        <Space size={[32, 4]} wrap className="tp-report__facts">
          <span>{t("reports.summary.orderAmount")}{t("common.colon")}<b data-testid="report-order-amount">{yuan(s.orderFen)}</b></span>
          <span>{t("reports.summary.selfPaid")}{t("common.colon")}<b data-testid="report-self-paid">{yuan(s.selfPayFen)}</b></span>
          <span>{t("reports.summary.tickets")}{t("common.colon")}<b>{s.tickets}</b></span>
          <span>{t("reports.summary.advance")}{t("common.colon")}<b>{tenthsText(s.advanceDaysTenths)}</b> {s.advanceDaysTenths === null ? "" : t("reports.days")}</span>
          <span>{t("reports.summary.refunds")}{t("common.colon")}<b>{s.refunds.orders}</b>{t("common.parenthesized", { text: yuan(s.refunds.amountFen) })}</span>
          <span>{t("reports.summary.changes")}{t("common.colon")}<b>{s.changes.orders}</b></span>
          <Typography.Text type="secondary">{t("reports.feesAbsent")}</Typography.Text>
        </Space>
      </Card>
      <OverStandardCard stats={s.overStandard} />

      {nothing ? (
        <Card>
          <Empty description={t("reports.empty", { start: report.startDate, end: report.endDate })} data-testid="report-empty" />
        </Card>
      ) : (
        <>
          <Suspense fallback={<Card><Skeleton active paragraph={{ rows: 6 }} /></Card>}>
            <ReportCharts report={report} />
          </Suspense>
          <ReportTables report={report} filters={filters} />
        </>
      )}
    </Space>
  );
}

function OverStandardCard({ stats }: { stats: ReportReply["summary"]["overStandard"] }) {
  const t = useTranslate();
  return (
    <Card size="small" title={t("reports.over.title")} data-testid="report-over-standard">
      <Row gutter={[16, 12]} align="middle">
        <Col xs={8} lg={4}>
          <Statistic title={t("reports.over.orders")} value={stats.orders} data-testid="report-over-orders" />
        </Col>
        <Col xs={8} lg={4}>
          <Statistic title={t("reports.over.rate")} value={permilleText(stats.ratePermille)} data-testid="report-over-rate" />
        </Col>
        <Col xs={8} lg={5}>
          <Statistic title={t("reports.over.amount")} value={yuan(stats.amountFen)} data-testid="report-over-amount" />
        </Col>
        <Col xs={24} lg={11}>
          <Typography.Text type="secondary">{t("reports.over.reasons")}</Typography.Text>
          {stats.reasons.length ? (
            <ol className="tp-report__reasons" data-testid="report-over-reasons">
              {stats.reasons.map((r) => (
                <li key={r.reason ?? ""}>
                  <span className="tp-report__reason">{r.reason ?? t("reports.over.noReason")}</span>
                  <b>{t("reports.over.reasonOrders", { count: r.orders })}</b>
                </li>
              ))}
            </ol>
          ) : (
            <div className="tp-report__note">{t("reports.over.none")}</div>
          )}
        </Col>
      </Row>
    </Card>
  );
}

function SummaryCard({ title, value, note, testId, strong }: { title: string; value: string; note?: string; testId: string; strong?: boolean }) {
  return (
    <Col xs={12} md={8} xl={{ flex: "20%" }}>
      <Card size="small" className="tp-report__card">
        <Statistic title={title} value={value} valueStyle={strong ? { color: "#f5222d" } : undefined} data-testid={testId} />
        <div className="tp-report__note">{note ?? "\u00a0"}</div>
      </Card>
    </Col>
  );
}

function ReportTables({ report, filters }: { report: ReportReply; filters: Filters }) {
  const lang = useLang();
  const t = useTranslate();
  const flight = isFlightReport(report.type);
  const [tab, setTab] = useState<ReportDimension>("department");
  // Travellers are counted by what their tickets cost in all (the split is known per order only).
  const columns = (nameTitle: string, fares: boolean, whole = false): TableColumnsType<ReportRow> => [
    // The server names the staff without a department in Chinese; the page says it in the reader's language.
    { title: nameTitle, dataIndex: "name", ellipsis: true, render: (v: string, r) => (tab === "department" && r.key === String(UNASSIGNED_DEPARTMENT_ID) ? t("reports.unassigned") : v) },
    { title: t("reports.col.orders"), dataIndex: "orders", align: "right", width: 90 },
    { title: t(whole ? "reports.col.ticketAmount" : "reports.col.spend"), dataIndex: "spendFen", align: "right", width: 140, render: (v: number) => yuan(v) },
    ...(whole ? [] : [{ title: t("reports.col.selfPaid"), dataIndex: "selfPayFen", align: "right" as const, width: 120, render: (v: number | null) => yuan(v) }]),
    { title: t("reports.col.share"), dataIndex: "sharePermille", align: "right", width: 90, render: (v: number | null) => permilleText(v) },
    { title: t("reports.col.avg"), dataIndex: "avgSpendFen", align: "right", width: 130, render: (v: number | null) => yuan(v) },
    ...(fares
      ? [
          { title: t("reports.col.discount"), dataIndex: "discountPermille", align: "right" as const, width: 100, render: (v: number | null) => discountText(v, lang) },
          { title: t("reports.col.savings"), dataIndex: "savingsFen", align: "right" as const, width: 130, render: (v: number | null) => yuan(v) },
        ]
      : []),
  ];
  const table = (rows: ReportRow[], nameTitle: string, fares: boolean, footer?: string, whole = false) => (
    <Table<ReportRow>
      rowKey="key"
      size="small"
      dataSource={rows}
      columns={columns(nameTitle, fares, whole)}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      footer={footer ? () => footer : undefined}
      scroll={{ x: 720 }}
    />
  );
  const items = [
    { key: "department", label: t("reports.by.department"), children: table(report.byDepartment, t("reports.department"), flight) },
    {
      key: "traveller",
      label: t("reports.by.traveller"),
      children: table(
        report.byTraveller,
        t("reports.col.traveller"),
        false,
        `${t("reports.travellerFooter", { shown: report.byTraveller.length, total: report.travellerCount })}　${t("reports.travellerWhole")}`,
        true,
      ),
    },
    {
      key: "route",
      label: t(flight ? "reports.by.route" : "reports.by.city"),
      children: table(report.byRoute, t(flight ? "reports.col.route" : "reports.col.city"), flight, t("reports.routeFooter", { shown: report.byRoute.length, total: report.routeCount })),
    },
    ...(flight ? [{ key: "airline", label: t("reports.by.airline"), children: table(report.byAirline, t("reports.col.airline"), true) }] : []),
  ];
  return (
    <Card
      size="small"
      title={t("reports.tables")}
      extra={<ExportButton url={reportPaths(report.type).excel} filters={{ ...filters, dimension: tab }} />}
      data-testid="report-tables"
    >
      <Tabs activeKey={tab} onChange={(k) => setTab(k as ReportDimension)} items={items} />
    </Card>
  );
}
