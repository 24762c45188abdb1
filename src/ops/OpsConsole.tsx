// The operator console (/ops): a separate area with its own frame, loaded only when /ops is
// opened. Its calls carry the operator's session (request.ts sends /ops/ paths with it); the side
// menu shows what the operator's role holds, decided by the same Casbin policy the server
// enforces (src/access/ops), loaded lazily like the portal's.
import { useEffect, useState } from "react";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { Button, Layout, Menu, Result, Space, Spin, Typography } from "antd";
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
import { OPS_COMPANIES, opsCompaniesEndpoints } from "../resources/ops-companies";
import { OPS_MEMBERS, opsMembersEndpoints } from "../resources/ops-members";
import { OpsCompanyList } from "../resources/ops-companies/list";
import { OpsMemberList } from "../resources/ops-members/list";
import { setOpsToken, useOpsMe, useOpsToken } from "./session";
import { OpsLogin } from "./OpsLogin";
import { OpsEnrol } from "./OpsEnrol";

registerResourceEndpoints(OPS_STAFF, opsStaffEndpoints);
registerResourceEndpoints(OPS_AUDIT, opsAuditEndpoints);
registerResourceEndpoints(OPS_COMPANIES, opsCompaniesEndpoints);
registerResourceEndpoints(OPS_MEMBERS, opsMembersEndpoints);

const PAGES: Record<string, () => React.JSX.Element> = { staff: OpsStaffList, audit: OpsAuditList, companies: OpsCompanyList, members: OpsMemberList };

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
            {me.name}（{t(`ops.roles.${me.role}`)}）
          </Typography.Text>
          <Button size="small" onClick={signOut}>{t("ops.logout")}</Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light">
          <Menu
            mode="inline"
            aria-label={t("ops.menu.label")}
            selectedKeys={menu?.filter((m) => location.pathname.startsWith(m.path)).map((m) => m.key) ?? []}
            items={(menu ?? []).map((m) => ({ key: m.key, label: t(m.label), onClick: () => navigate(m.path) }))}
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
