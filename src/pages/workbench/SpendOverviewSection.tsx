// The enterprise workbench's spend figures: the company's spend this month so far by product
// against last month's same days, the over-standard rate, the approvals waiting for the
// administrator, the five bookers with the most company spend, and the way to the spend report.
// Shown to whoever may open the spend report (the server answers the figures to them only).
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic, Table, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, BarChartOutlined } from "@ant-design/icons";
import { useCan, useCustom, useTranslate } from "@refinedev/core";
import { pathFor } from "../../access/routes";
import { permilleText } from "../../domain/report-figures";
import { SPEND_OVERVIEW_PATH, changePermille, type ProductSpend, type SpendOverview } from "../../domain/spend-overview";
import { LinkButton } from "../../components/LinkButton";
import { Section } from "./parts";
import { moneyText } from "../../domain/money";

const yuan = (fen: number) => moneyText(fen);

/** +12.5% / −3% of last month's same days; nothing to compare with, a dash. */
function Change({ current, previous }: { current: number; previous: number }) {
  const p = changePermille(current, previous);
  if (p === null) return <Typography.Text type="secondary">—</Typography.Text>;
  if (p === 0) return <span>0%</span>;
  // A rise in spend is the figure a travel manager looks into: red up, green down.
  return (
    <span className={p > 0 ? "tp-wb-change tp-wb-change--up" : "tp-wb-change tp-wb-change--down"}>
      {p > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {permilleText(Math.abs(p))}
    </span>
  );
}

export function SpendOverviewSection() {
  const t = useTranslate();
  const can = useCan({ resource: "ReportDetailed", action: "view" });
  const allowed = can.data?.can === true;
  const { query, result } = useCustom<SpendOverview>({
    url: SPEND_OVERVIEW_PATH,
    method: "post",
    errorNotification: false,
    queryOptions: { enabled: allowed, retry: false, refetchOnWindowFocus: false },
  });
  // While the answer is on its way the section keeps its place (most who open this workbench may
  // see it), so the sections under it are not pushed down when it arrives.
  if (can.isLoading) return <Section title={t("workbench.spend.title")}><Skeleton active paragraph={{ rows: 6 }} /></Section>;
  if (!allowed) return null;
  const data = query.isSuccess ? (result.data as SpendOverview | undefined) : undefined;
  const reportLink = (
    <LinkButton to={pathFor("ReportDetailed", undefined, { type: "domAir" })} icon={<BarChartOutlined />} data-testid="open-spend-report">
      {t("workbench.spend.openReport")}
    </LinkButton>
  );
  return (
    <Section title={t("workbench.spend.title")} extra={reportLink} testId="spend-overview">
      {query.isLoading || (!data && !query.isError) ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError || !data ? (
        <Alert
          type="error"
          showIcon
          message={t("workbench.spend.loadError")}
          description={query.error?.message}
          action={<Button onClick={() => query.refetch()}>{t("workbench.spend.retry")}</Button>}
        />
      ) : (
        <SpendBody data={data} />
      )}
    </Section>
  );
}

function SpendBody({ data }: { data: SpendOverview }) {
  const t = useTranslate();
  const { total, overStandard: over, approvals } = data;
  const waiting = approvals.trip + approvals.order;
  const nothing = total.orders === 0 && total.previousOrders === 0;
  return (
    <>
      <Typography.Paragraph type="secondary" className="tp-wb-spend__period">
        {t("workbench.spend.period", { start: data.current.startDate, end: data.current.endDate, prevStart: data.previous.startDate, prevEnd: data.previous.endDate })}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card className="tp-wb-fact" variant="borderless" data-testid="spend-total">
            <Statistic title={t("workbench.spend.total")} value={yuan(total.spendFen)} />
            <div className="tp-wb-fact__footer tp-wb-pieces">
              <span>{t("workbench.spend.lastMonth", { amount: yuan(total.previousSpendFen) })}</span>
              <span>
                {total.previousSpendFen > 0 ? <Change current={total.spendFen} previous={total.previousSpendFen} /> : t("workbench.spend.noChange")}
              </span>
            </div>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card className="tp-wb-fact" variant="borderless" data-testid="spend-over-rate">
            <Statistic title={t("workbench.spend.overRate")} value={permilleText(over.ratePermille)} />
            <div className="tp-wb-fact__footer tp-wb-pieces">
              <span>{t("workbench.spend.overOrders", { over: over.orders, orders: total.orders })}</span>
              <span>{t("workbench.spend.selfPaid", { amount: yuan(total.selfPayFen) })}</span>
            </div>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card className="tp-wb-fact" variant="borderless" data-testid="spend-approvals">
            <Statistic title={t("workbench.spend.approvals")} value={waiting} />
            <div className="tp-wb-fact__footer tp-wb-spend__links">
              {waiting === 0 ? (
                <span>{t("workbench.spend.approvalsNone")}</span>
              ) : (
                <>
                  <LinkButton size="small" type="link" to={pathFor("TravelAuditIndex")} data-testid="approvals-trip">
                    {t("workbench.spend.approvalsTrip", { count: approvals.trip })}
                  </LinkButton>
                  <LinkButton size="small" type="link" to={pathFor("OrderAuditIndex")} data-testid="approvals-order">
                    {t("workbench.spend.approvalsOrder", { count: approvals.order })}
                  </LinkButton>
                </>
              )}
            </div>
          </Card>
        </Col>
      </Row>
      <Row gutter={[24, 16]} className="tp-wb-spend__tables">
        <Col xs={24} lg={14}>
          {nothing ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("workbench.spend.empty")} /> : <ProductTable products={data.products} />}
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Text strong>{t("workbench.spend.topTravellers")}</Typography.Text>
          {data.topTravellers.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("workbench.spend.noTravellers")} />
          ) : (
            <ol className="tp-wb-top" data-testid="top-travellers">
              {data.topTravellers.map((p) => (
                <li key={p.memberId}>
                  <span className="tp-wb-top__name">{p.name}</span>
                  <span className="tp-wb-top__orders">{t("workbench.spend.orders", { count: p.orders })}</span>
                  <span className="tp-wb-top__spend">{yuan(p.spendFen)}</span>
                </li>
              ))}
            </ol>
          )}
        </Col>
      </Row>
    </>
  );
}

function ProductTable({ products }: { products: ProductSpend[] }) {
  const t = useTranslate();
  return (
    <Table<ProductSpend>
      rowKey="type"
      size="small"
      pagination={false}
      dataSource={products}
      data-testid="spend-products"
      columns={[
        { title: t("workbench.spend.product"), dataIndex: "type", render: (v: string) => t(`reports.tab.${v}`) },
        { title: t("workbench.spend.thisMonth"), dataIndex: "spendFen", align: "right", render: (v: number, r) => <span title={t("workbench.spend.orders", { count: r.orders })}>{yuan(v)}</span> },
        { title: t("workbench.spend.previous"), dataIndex: "previousSpendFen", align: "right", render: (v: number) => yuan(v) },
        { title: t("workbench.spend.diff"), key: "change", align: "right", width: 96, render: (_: unknown, r) => <Change current={r.spendFen} previous={r.previousSpendFen} /> },
      ]}
    />
  );
}
