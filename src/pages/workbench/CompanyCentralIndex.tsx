// CompanyCentralIndex (/company/index, type 70): the company's money and credit line, this
// month's travel spend with the approvals waiting, its people and the administrator's entry points.
import { Col, Progress, Row, Statistic, Typography } from "antd";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { WorkbenchPage, type WorkbenchBodyProps } from "./WorkbenchPage";
import { BalanceFooter, FactCards, Greeting, Section } from "./parts";
import { creditPercent } from "../../domain/workbench-figures";
import { SpendOverviewSection } from "./SpendOverviewSection";
import { useTranslate } from "@refinedev/core";

export default function CompanyCentralIndex() {
  return (
    <WorkbenchFrame routeName="CompanyCentralIndex">
      <WorkbenchPage kind="company">{(p) => <CompanyBody {...p} />}</WorkbenchPage>
    </WorkbenchFrame>
  );
}

function CompanyBody({ data }: WorkbenchBodyProps) {
  const t = useTranslate();
  const { user, account, stats } = data;
  const companyName = stats?.companyName ?? account.companyName ?? user.creditMember?.companyName ?? "";
  const used = creditPercent(account.creditUsedFen, account.creditLimitFen);
  return (
    <>
      <Greeting user={user} extra={<Statistic title={t("workbench.points")} value={account.points} />}>
        <span data-testid="company-name">{companyName}</span>
        <span>{user.mobilePhone}</span>
      </Greeting>
      <Section title={t("workbench.fundsAndCredit")}>
        <FactCards
          facts={[
            {
              key: "balance", title: t("workbench.companyBalance"), value: account.balanceFen, money: true,
              footer: <BalanceFooter availableFen={account.availableFen} frozenFen={account.frozenFen} />,
            },
            { key: "creditLimit", title: t("workbench.creditLimit"), value: account.creditLimitFen, money: true },
            {
              key: "creditUsed", title: t("workbench.creditUsed"), value: account.creditUsedFen, money: true,
              footer: <Progress percent={used} size="small" status="normal" format={(p) => t("workbench.creditUsage", { percent: p })} />,
            },
            { key: "creditAvailable", title: t("workbench.creditAvailable"), value: account.creditAvailableFen, money: true, accent: true },
          ]}
        />
      </Section>
      <SpendOverviewSection />
      {stats && (
        <Section title={t("workbench.companyOverview")}>
          <Row gutter={[24, 16]}>
            <Col xs={24} lg={14}>
              <FactCards
                facts={[
                  { key: "employees", title: t("workbench.employees"), value: stats.employeeCount, suffix: t("workbench.peopleUnit") },
                  { key: "departments", title: t("workbench.departments"), value: stats.departmentCount, suffix: t("workbench.countUnit") },
                  { key: "auditors", title: t("workbench.auditors"), value: stats.auditorCount, suffix: t("workbench.peopleUnit") },
                  { key: "tripLevels", title: t("workbench.tripLevels"), value: stats.tripLevelCount, suffix: t("workbench.countUnit") },
                ]}
                compact
              />
            </Col>
            <Col xs={24} lg={10}>
              <Typography.Text strong>{t("workbench.departmentBreakdown")}</Typography.Text>
              <ul className="tp-wb-depts" data-testid="departments">
                {stats.departments.map((d) => (
                  <li key={`${d.id}-${d.name}`}>
                    <span className="tp-wb-depts__name">{d.name}</span>
                    <Progress
                      percent={stats.employeeCount ? Math.round((d.employeeCount / stats.employeeCount) * 100) : 0}
                      showInfo={false}
                      size="small"
                    />
                    <span className="tp-wb-depts__count">{t("workbench.people", { count: d.employeeCount })}</span>
                  </li>
                ))}
              </ul>
            </Col>
          </Row>
        </Section>
      )}
    </>
  );
}
