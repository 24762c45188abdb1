// SettlementSet (/finance/settlementSet, the company administrator): the company's monthly
// statements and its settlement settings, as two tabs; ?statementId= shows one statement.
import { Tabs } from "antd";
import { useLocation, useNavigate } from "react-router";
import { queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { StatementList } from "./statements";
import { StatementShow } from "./show";
import { SettlementSettingsForm } from "./settings-form";
import { useTranslate } from "@refinedev/core";

export default function SettlementPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const query = queryOf(location.search);
  const statementId = query.statementId && /^\d+$/.test(query.statementId) ? Number(query.statementId) : null;
  const tab = query.tab === "settings" ? "settings" : "statements";
  return (
    <WorkbenchFrame routeName={routeName} title={t("settlement.title")}>
      {statementId !== null ? (
        <StatementShow id={statementId} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate({ search: `?tab=${key}` })}
          items={[
            { key: "statements", label: t("settlement.statements"), children: <StatementList /> },
            { key: "settings", label: t("settlement.settings"), children: <SettlementSettingsForm /> },
          ]}
        />
      )}
    </WorkbenchFrame>
  );
}
