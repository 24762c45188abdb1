// DistributionCentralIndex (/distribution/index, type 40): the provider's wallet and points, and
// its distribution business (subordinates, recommended members, quick order, share income) up
// front; every entry comes from the provider's own menus.
import { Space, Typography } from "antd";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { WorkbenchPage, pickLinks, type WorkbenchBodyProps } from "./WorkbenchPage";
import { EntryButton, FactCards, Greeting, Section, useValidity, type Fact } from "./parts";
import { useTranslate } from "@refinedev/core";

/** The business entries highlighted at the top, when the user's menus include them. */
export const DISTRIBUTION_ROUTES = ["Subordinate", "Recommended", "QuickOrder", "ShareBill"] as const;

export default function DistributionCentralIndex() {
  return (
    <WorkbenchFrame routeName="DistributionCentralIndex">
      <WorkbenchPage kind="distribution">{(p) => <DistributionBody {...p} />}</WorkbenchPage>
    </WorkbenchFrame>
  );
}

function DistributionBody({ data, groups }: WorkbenchBodyProps) {
  const t = useTranslate();
  const { user, account } = data;
  const validity = useValidity(user);
  const business = pickLinks(groups, DISTRIBUTION_ROUTES);
  const facts: Fact[] = [
    { key: "balance", title: t("workbench.balance"), value: account.balanceFen, money: true, accent: true },
    { key: "available", title: t("workbench.available"), value: account.availableFen, money: true },
    { key: "frozen", title: t("workbench.frozen"), value: account.frozenFen, money: true },
    { key: "points", title: t("workbench.points"), value: account.points },
  ];
  return (
    <>
      <Greeting user={user}>
        <span>{user.mobilePhone}</span>
        <span>
          {t("workbench.memberLevel")} {t("workbench.levelValue", { level: user.memberLevel })}
        </span>
        <span>{validity}</span>
      </Greeting>
      <FactCards facts={facts} />
      {business.length > 0 && (
        <Section title={t("workbench.distributionBusiness")} testId="distribution-business">
          <Typography.Paragraph type="secondary">{t("workbench.distributionHint")}</Typography.Paragraph>
          <Space size={[12, 12]} wrap>
            {business.map((l) => (
              <EntryButton key={l.id} link={l} primary />
            ))}
          </Space>
        </Section>
      )}
    </>
  );
}
