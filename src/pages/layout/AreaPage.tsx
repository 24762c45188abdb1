// A route's page inside the workbench frame: title, breadcrumb, the area's navigation and the
// page's data, which until loaded is an honest empty state with the next useful step.
import { Card, Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { memberTypeKey } from "../../domain/member";
import { PAGE_INFO } from "./page-info";
import { displayName, typeLabel, useLang, usePortalUser } from "./session";
import { EmptyState } from "./StatePages";
import { WorkbenchFrame } from "./WorkbenchFrame";

/** The account centre's overview: who is signed in, from the stored member info. */
function AccountSummary() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = usePortalUser();
  if (!user) return null;
  return (
    <Card className="tp-frame__card" variant="borderless">
      <Descriptions column={2} size="middle" style={{ paddingTop: 16 }}>
        <Descriptions.Item label={t("route.account.name")}>{displayName(user)}</Descriptions.Item>
        <Descriptions.Item label={t("route.account.type")}>
          <Tag color="blue">{typeLabel(user, lang)}</Tag>
          <span style={{ color: "#8a94a6" }}>{memberTypeKey(user)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("route.account.mobile")}>{String(user.mobilePhone ?? "")}</Descriptions.Item>
        <Descriptions.Item label={t("route.account.validity")}>{String(user.experienceDate ?? t("common.permanentlyValid"))}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function AreaPage({ routeName }: { routeName: string }) {
  const lang = useLang();
  const info = PAGE_INFO[routeName];
  return (
    <WorkbenchFrame routeName={routeName}>
      {routeName === "AccountCenter" ? (
        <AccountSummary />
      ) : (
        <div className="tp-frame__card">
          <EmptyState text={info?.empty?.[lang] ?? info?.title[lang] ?? routeName} action={info?.action} />
        </div>
      )}
    </WorkbenchFrame>
  );
}

export default AreaPage;
