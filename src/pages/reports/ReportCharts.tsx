// The report's charts: monthly spend by product, top routes, department ranking and the share of
// the full fare saved. Loaded lazily by ReportDetailedPage only: the chart library is large and
// no other page needs it. Fen become yuan here, for the axes only.
import { Card, Col, Empty, Row } from "antd";
import { Bar, Column, Pie } from "@ant-design/plots";
import { REPORT_TITLES, UNASSIGNED_DEPARTMENT_ID, isFlightReport, type ReportReply, type ReportRow } from "../../domain/reports";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";

const TOP = 8;
const toYuan = (fen: number) => fen / 100;

function ranking(rows: ReportRow[]) {
  return rows.slice(0, TOP).map((r) => ({ name: r.name, spend: toYuan(r.spendFen) }));
}

export default function ReportCharts({ report }: { report: ReportReply }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const flight = isFlightReport(report.type);
  const months = report.months.map((m) => ({ month: m.month, product: codeLabel(REPORT_TITLES, m.product).replace(/明细报表$/, ""), spend: toYuan(m.spendFen) }));
  const s = report.summary;
  const saved = s.savingsFen !== null && s.fullFareFen !== null && s.fullFareFen > 0;
  const savings = saved
    ? [
        { type: t("reports.chart.paid"), value: toYuan(s.fullFareFen! - s.savingsFen!) },
        { type: t("reports.chart.saved"), value: toYuan(s.savingsFen!) },
      ]
    : [];
  const card = (title: string, testId: string, body: React.ReactNode) => (
    <Col xs={24} xl={12}>
      <Card size="small" title={title} data-testid={testId} className="tp-report__chart">
        {body}
      </Card>
    </Col>
  );
  const bar = (rows: ReportRow[]) => (
    <Bar
      data={ranking(rows)}
      xField="name"
      yField="spend"
      height={280}
      axis={{ y: { labelFormatter: (v: number) => `¥${v.toLocaleString("zh-CN")}` } }}
      tooltip={{ items: [{ channel: "y", name: t("reports.col.spend"), valueFormatter: (v: number) => `¥${v.toLocaleString("zh-CN", { minimumFractionDigits: 2 })}` }] }}
    />
  );
  return (
    <Row gutter={[16, 16]}>
      {card(
        t("reports.chart.monthly"),
        "chart-monthly",
        <Column
          data={months}
          xField="month"
          yField="spend"
          colorField="product"
          stack
          height={280}
          axis={{ y: { labelFormatter: (v: number) => `¥${v.toLocaleString("zh-CN")}` } }}
        />,
      )}
      {card(t(flight ? "reports.chart.routes" : "reports.chart.cities"), "chart-routes", report.byRoute.length ? bar(report.byRoute) : <Empty />)}
      {card(t("reports.chart.departments"), "chart-departments", report.byDepartment.length ? bar(report.byDepartment.map((r) => (r.key === String(UNASSIGNED_DEPARTMENT_ID) ? { ...r, name: t("reports.unassigned") } : r))) : <Empty />)}
      {card(
        t("reports.chart.savings"),
        "chart-savings",
        saved ? (
          <Pie data={savings} angleField="value" colorField="type" innerRadius={0.6} height={280} legend={{ color: { position: "bottom" } }} />
        ) : (
          <Empty description={t("reports.noFullFare")} />
        ),
      )}
    </Row>
  );
}
