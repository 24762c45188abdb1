// TravelCentralIndex (/travelCentral/index, type 7_0): an employee's wallet, the company credit
// they may spend, their department and trip level with its controls, and whether they audit.
import { Descriptions, Space, Tag } from "antd";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { WorkbenchPage, type WorkbenchBodyProps } from "./WorkbenchPage";
import { BalanceFooter, FactCards, FooterPieces, Greeting, Section, type Fact } from "./parts";
import { formatFen } from "../../domain/money";
import { isOn } from "../../access";
import { tripFlagKeys } from "../../domain/workbench-figures";
import { useTranslate } from "@refinedev/core";

export default function TravelCentralIndex() {
  return (
    <WorkbenchFrame routeName="TravelCentralIndex">
      <WorkbenchPage kind="travel">{(p) => <TravelBody {...p} />}</WorkbenchPage>
    </WorkbenchFrame>
  );
}

function TravelBody({ data }: WorkbenchBodyProps) {
  const t = useTranslate();
  const { user, account } = data;
  const employee = user.creditEmployee;
  const level = employee?.tripLevel ?? null;
  const flags = tripFlagKeys(level);
  const companyName = user.creditMember?.companyName ?? account.companyName ?? "";
  const audits = isOn(employee?.canAudit);
  const facts: Fact[] = [
    {
      key: "balance", title: t("workbench.balance"), value: account.balanceFen, money: true,
      footer: <BalanceFooter availableFen={account.availableFen} frozenFen={account.frozenFen} />,
    },
    { key: "points", title: t("workbench.points"), value: account.points },
  ];
  // The company's credit is shown only to employees allowed to pay by credit (creditpay).
  if (account.creditEnabled) {
    facts.push({
      key: "companyCredit", title: t("workbench.companyCredit"), value: account.creditAvailableFen, money: true, accent: true,
      footer: (
        <FooterPieces
          pieces={[t("workbench.limitAmount", { amount: formatFen(account.creditLimitFen) }), t("workbench.usedAmount", { amount: formatFen(account.creditUsedFen) })]}
        />
      ),
    });
  }
  facts.push({ key: "ticketOrders", title: t("workbench.ticketOrders"), value: user.ticketOrderCount ?? 0, suffix: t("workbench.orderUnit") });

  return (
    <>
      <Greeting user={user}>
        <span>{companyName}</span>
        {employee?.departmentName && <span>{employee.departmentName}</span>}
        {employee?.employeeLevel && <span>{employee.employeeLevel}</span>}
      </Greeting>
      <FactCards facts={facts} />
      <Section title={t("workbench.myTravel")} testId="my-travel">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} colon={false} className="tp-wb-desc">
          <Descriptions.Item label={t("workbench.company")}>{companyName || "—"}</Descriptions.Item>
          <Descriptions.Item label={t("workbench.department")}>{employee?.departmentName || t("workbench.notAssigned")}</Descriptions.Item>
          <Descriptions.Item label={t("workbench.employeeLevel")}>{employee?.employeeLevel || "—"}</Descriptions.Item>
          <Descriptions.Item label={t("workbench.tripLevel")}>{level?.name || t("workbench.notAssigned")}</Descriptions.Item>
          <Descriptions.Item label={t("workbench.tripFlags")}>
            <Space size={[6, 6]} wrap data-testid="trip-flags">
              {flags.length ? flags.map((k) => <Tag key={k} color="orange">{t(k)}</Tag>) : <Tag>{t("workbench.noTripFlags")}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t("workbench.auditRight")}>
            <Tag color={audits ? "green" : "default"} data-testid="audit-right">
              {t(audits ? "workbench.canAudit" : "workbench.cannotAudit")}
            </Tag>
          </Descriptions.Item>
        </Descriptions>
      </Section>
    </>
  );
}
