// /myCenter/setting: account security — the login password and the pay password.
import { useCallback, useEffect, useState } from "react";
import { Card, Divider, Skeleton, Typography } from "antd";
import { useGetIdentity } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { PortalUser } from "../../providers/auth-provider";
import { request } from "../../providers/request";
import { usePageTitle } from "../usePageTitle";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { PayPasswordForm } from "./PayPasswordForm";
import { SignedOut } from "./SignedOut";
import "./account.css";

export default function SettingPage() {
  const { t } = useTranslation();
  usePageTitle(`${t("account.settingTitle")}${t("documentTitle.suffix")}`);
  const { data: user, isLoading } = useGetIdentity<PortalUser | null>();
  const [payPwdSetup, setPayPwdSetup] = useState<boolean | null>(null);

  const loadPayPwd = useCallback(async () => {
    try {
      const r = await request<{ isSetup: boolean }>("/member/isPayPwdSetup", {}, { needLogin: true, silent: true });
      setPayPwdSetup(Boolean(r.isSetup));
    } catch {
      setPayPwdSetup(false);
    }
  }, []);
  useEffect(() => {
    if (user) void loadPayPwd();
  }, [user, loadPayPwd]);

  if (!isLoading && !user) return <SignedOut title={t("account.settingTitle")} />;

  return (
    <Card title={t("account.settingTitle")} className="tp-account-card">
      {isLoading || !user ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <section className="tp-setting__section">
            <Typography.Title level={5}>{t("account.loginPasswordSection")}</Typography.Title>
            <Typography.Paragraph type="secondary">{t("account.loginPasswordHint")}</Typography.Paragraph>
            <ChangePasswordForm />
          </section>
          <Divider />
          <section className="tp-setting__section">
            <Typography.Title level={5}>{t("account.payPasswordSection")}</Typography.Title>
            <Typography.Paragraph type="secondary">{t("account.payPasswordHint")}</Typography.Paragraph>
            {payPwdSetup === null ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <PayPasswordForm mobilePhone={String(user.mobilePhone ?? "")} isSetup={payPwdSetup} onSaved={() => setPayPwdSetup(true)} />
            )}
          </section>
        </>
      )}
    </Card>
  );
}
