// The frame's non-content states: no permission (403), login needed, and an empty data state.
import { Empty, Result } from "antd";
import { HomeOutlined, LockOutlined } from "@ant-design/icons";
import { pathFor } from "../access/routes";
import { LOGIN_URL } from "./Brand";
import { LinkButton } from "../components/LinkButton";
import type { PageAction } from "./page-info";
import { useTranslate } from "@refinedev/core";

export function Forbidden() {
  const t = useTranslate();
  return (
    <Result
      status="403"
      title={t("route.forbidden")}
      subTitle={t("route.forbiddenText")}
      extra={
        <LinkButton to="/" type="primary" icon={<HomeOutlined />}>
          {t("route.backHome")}
        </LinkButton>
      }
    />
  );
}

/** Shown on a page that needs a login when there is no session (the route guard opens the dialog). */
export function LoginRequired() {
  const t = useTranslate();
  return (
    <div className="tp-frame__state" data-state="login-required">
      <Result
        icon={<LockOutlined style={{ color: "#1456d9" }} />}
        title={t("route.loginRequired")}
        subTitle={t("route.loginRequiredText")}
        extra={[
          <LinkButton key="login" to={LOGIN_URL} type="primary">
            {t("header.login")}
          </LinkButton>,
          <LinkButton key="home" to="/">
            {t("route.backHome")}
          </LinkButton>,
        ]}
      />
    </div>
  );
}

export function EmptyState({ text, action }: { text: string; action?: PageAction }) {
  const t = useTranslate();
  return (
    <Empty className="tp-frame__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
      {action && (
        <LinkButton to={pathFor(action.to, undefined, action.query)} type="primary">
          {t(action.label)}
        </LinkButton>
      )}
    </Empty>
  );
}
