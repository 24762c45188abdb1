// PersonalCentralIndex (/personalCentral/index, types 10-50): the member's wallet, points,
// level and validity, flight orders, and the entry points of their menus.
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { WorkbenchPage, type WorkbenchBodyProps } from "./WorkbenchPage";
import { BalanceFooter, FactCards, Greeting, useMembershipFact, type Fact } from "./parts";
import { useTranslate } from "@refinedev/core";

export default function PersonalCentralIndex() {
  return (
    <WorkbenchFrame routeName="PersonalCentralIndex">
      <WorkbenchPage kind="personal">{(p) => <PersonalBody {...p} />}</WorkbenchPage>
    </WorkbenchFrame>
  );
}

function PersonalBody({ data }: WorkbenchBodyProps) {
  const t = useTranslate();
  const { user, account } = data;
  const membership = useMembershipFact(user);
  const facts: Fact[] = [
    {
      key: "balance", title: t("workbench.balance"), value: account.balanceFen, money: true, accent: true,
      footer: <BalanceFooter availableFen={account.availableFen} frozenFen={account.frozenFen} />,
    },
    { key: "points", title: t("workbench.points"), value: account.points },
    { key: "ticketOrders", title: t("workbench.ticketOrders"), value: user.ticketOrderCount ?? 0, suffix: t("workbench.orderUnit") },
    membership,
  ];
  return (
    <>
      <Greeting user={user}>
        <span>{user.mobilePhone}</span>
      </Greeting>
      <FactCards facts={facts} />
    </>
  );
}
