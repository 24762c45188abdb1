// A route whose capability is not built yet, inside the workbench frame (title, breadcrumb, the
// area's navigation). It says plainly that the page is not open, instead of an empty list that
// would pretend a query ran, and leads back to the workbench rather than round a loop.
import { Card, Descriptions, Result, Tag } from "antd";
import { pathFor } from "../access/routes";
import { memberTypeKey } from "../domain/member";
import { pageTitle } from "./page-info";
import { displayName, typeLabel, useLang, usePortalUser } from "./session";
import { LinkButton } from "../components/LinkButton";
import { WorkbenchFrame } from "./WorkbenchFrame";
import { useTranslate } from "@refinedev/core";

/** The account centre's overview: who is signed in, from the stored member info. */
function AccountSummary() {
  const t = useTranslate();
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
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName={routeName}>
      {routeName === "AccountCenter" ? (
        <AccountSummary />
      ) : (
        <div className="tp-frame__card">
          <Result
            status="info"
            title={t("route.notOpen.title", { page: pageTitle(routeName, t) })}
            subTitle={t("route.notOpen.text")}
            extra={
              <LinkButton to={pathFor("my_center_index")} type="primary">
                {t("route.notOpen.back")}
              </LinkButton>
            }
          />
        </div>
      )}
    </WorkbenchFrame>
  );
}

export default AreaPage;
