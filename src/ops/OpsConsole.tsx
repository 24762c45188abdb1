// The operator console (/ops): a separate area with its own frame, loaded only when /ops is
// opened. Its calls carry the operator's session (request.ts sends /ops/ paths with it); the side
// menu shows what the operator's role holds, decided by the same Casbin policy the server
// enforces (src/access/ops), loaded lazily like the portal's.
import { useEffect, useState } from "react";
import { useCustom, useCustomMutation, useTranslate } from "@refinedev/core";
import { Badge, Button, Layout, Menu, Result, Space, Spin, Typography } from "antd";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { getAccess } from "../access/access-loader";
import type { OpsMenuItem } from "../access/ops";
import { registerResourceEndpoints } from "../providers/data-provider";
import { OPS_PATHS } from "../domain/ops/paths";
import type { OpsMe } from "../domain/ops/schemas";
import { OPS_STAFF, opsStaffEndpoints } from "../resources/ops-staff";
import { OPS_AUDIT, opsAuditEndpoints } from "../resources/ops-audit";
import { OpsStaffList } from "../resources/ops-staff/list";
import { OpsAuditList } from "../resources/ops-audit/list";
import { OPS_TICKETING, opsTicketingEndpoints } from "../resources/ops-ticketing";
import { OpsTicketingList } from "../resources/ops-ticketing/list";
import { OPS_AFTER_SALES, opsAfterSalesEndpoints } from "../resources/ops-after-sales";
import { OpsAfterSalesList } from "../resources/ops-after-sales/list";
import { OPS_WITHDRAWALS, opsWithdrawalsEndpoints } from "../resources/ops-withdrawals";
import { OpsWithdrawalList } from "../resources/ops-withdrawals/list";
import { OPS_SETTLEMENT_COMPANIES, OPS_STATEMENTS, OPS_STATEMENT_ANSWERS, opsSettlementCompaniesEndpoints, opsStatementAnswersEndpoints, opsStatementsEndpoints } from "../resources/ops-settlement";
import { OpsStatementList } from "../resources/ops-settlement/list";
import { OPS_DISRUPTIONS, opsDisruptionEndpoints } from "../resources/ops-disruptions";
import { OpsDisruptionList } from "../resources/ops-disruptions/list";
import { OPS_COMPANIES, opsCompaniesEndpoints } from "../resources/ops-companies";
import { OPS_MEMBERS, opsMembersEndpoints } from "../resources/ops-members";
import { OpsCompanyList } from "../resources/ops-companies/list";
import { OpsMemberList } from "../resources/ops-members/list";
import { OPS_SITE_CONFIG, opsSiteConfigEndpoints } from "../resources/ops-site-config";
import { OpsSiteConfig } from "../resources/ops-site-config/list";
import { setOpsToken, useOpsMe, useOpsToken } from "./session";
import { OPS_MENU_COUNT_KEY } from "./menu-count";
import { OpsLogin } from "./OpsLogin";
import { OpsEnrol } from "./OpsEnrol";

registerResourceEndpoints(OPS_STAFF, opsStaffEndpoints);
registerResourceEndpoints(OPS_AUDIT, opsAuditEndpoints);
registerResourceEndpoints(OPS_TICKETING, opsTicketingEndpoints);
registerResourceEndpoints(OPS_AFTER_SALES, opsAfterSalesEndpoints);
registerResourceEndpoints(OPS_WITHDRAWALS, opsWithdrawalsEndpoints);
registerResourceEndpoints(OPS_STATEMENTS, opsStatementsEndpoints);
registerResourceEndpoints(OPS_STATEMENT_ANSWERS, opsStatementAnswersEndpoints);
registerResourceEndpoints(OPS_SETTLEMENT_COMPANIES, opsSettlementCompaniesEndpoints);
registerResourceEndpoints(OPS_COMPANIES, opsCompaniesEndpoints);
registerResourceEndpoints(OPS_MEMBERS, opsMembersEndpoints);
registerResourceEndpoints(OPS_DISRUPTIONS, opsDisruptionEndpoints);
registerResourceEndpoints(OPS_SITE_CONFIG, opsSiteConfigEndpoints);

const PAGES: Record<string, () => React.JSX.Element> = {
  staff: OpsStaffList, audit: OpsAuditList, ticketing: OpsTicketingList, "after-sales": OpsAfterSalesList,
  withdrawals: OpsWithdrawalList, settlement: OpsStatementList, disruptions: OpsDisruptionList,
  companies: OpsCompanyList, members: OpsMemberList, "site-config": OpsSiteConfig,
};

/** How often a menu item's count is read again: work arrives while the console stays open. */
const COUNT_REFRESH_MS = 15_000;

/** A menu item's label, with its count beside it when it has one (a work queue's waiting items). */
function MenuLabel({ item }: { item: OpsMenuItem }) {
  const t = useTranslate();
  const { result } = useCustom<{ count: number }>({
    url: item.countUrl ?? "",
    method: "post",
    errorNotification: false,
    queryOptions: { enabled: Boolean(item.countUrl), queryKey: [OPS_MENU_COUNT_KEY, item.key], refetchInterval: COUNT_REFRESH_MS, retry: false },
  });
  const count = item.countUrl ? (result?.data as { count?: number } | undefined)?.count : undefined;
  return (
    <Space size={6}>
      {t(item.label)}
      {count !== undefined && <Badge count={count} showZero={false} overflowCount={999} data-testid={`ops-menu-count-${item.key}`} />}
    </Space>
  );
}

export default function OpsConsole() {
  const token = useOpsToken();
  const { me, loading } = useOpsMe(token);
  if (!token) {
    return (
      <Routes>
        <Route path="login" element={<OpsLogin />} />
        <Route path="*" element={<Navigate to="/ops/login" replace />} />
      </Routes>
    );
  }
  if (loading || !me) return <Spin style={{ display: "block", margin: "120px auto" }} />;
  if (me.stage === "enrol") {
    return (
      <Routes>
        <Route path="enrol" element={<OpsEnrol />} />
        <Route path="*" element={<Navigate to="/ops/enrol" replace />} />
      </Routes>
    );
  }
  return <OpsFrame me={me} />;
}

function OpsFrame({ me }: { me: OpsMe }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [menu, setMenu] = useState<OpsMenuItem[] | null>(null);
  const logout = useCustomMutation();
  useEffect(() => {
    let live = true;
    void getAccess().then((a) => live && setMenu(a.opsMenu(me.role)));
    return () => {
      live = false;
    };
  }, [me.role]);
  const signOut = () =>
    void logout
      .mutateAsync({ url: OPS_PATHS.logout, method: "post", values: {}, successNotification: false, errorNotification: false })
      .catch(() => {})
      .finally(() => {
        setOpsToken(null);
        navigate("/ops/login", { replace: true });
      });
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header style={{ display: "flex", alignItems: "center", justifyContent: "space-between", background: "#10233f" }}>
        <Typography.Text style={{ color: "#fff", fontSize: 18 }}>{t("ops.title")}</Typography.Text>
        <Space>
          <Typography.Text style={{ color: "#fff" }} data-testid="ops-who">
            {me.name}{t("common.parenthesized", { text: t(`ops.roles.${me.role}`) })}
          </Typography.Text>
          <Button size="small" onClick={signOut}>{t("ops.logout")}</Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light" style={{ borderRight: "1px solid #f0f0f0" }}>
          <Menu
            mode="inline"
            style={{ borderInlineEnd: "none" }}
            aria-label={t("ops.menu.label")}
            selectedKeys={menu?.filter((m) => location.pathname.startsWith(m.path)).map((m) => m.key) ?? []}
            items={(menu ?? []).map((m) => ({ key: m.key, label: <MenuLabel item={m} />, onClick: () => navigate(m.path) }))}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, background: "#fff" }}>
          {menu === null ? (
            <Spin />
          ) : (
            <Routes>
              {menu.map((m) => {
                const Page = PAGES[m.key];
                return Page ? <Route key={m.key} path={m.key} element={<Page />} /> : null;
              })}
              <Route path="*" element={menu[0] ? <Navigate to={menu[0].path} replace /> : <Result status="info" title={t("ops.welcome", { name: me.name })} subTitle={t("ops.nothingYet")} />} />
            </Routes>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
