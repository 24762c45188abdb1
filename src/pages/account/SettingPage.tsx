// /myCenter/setting: account security — the login password and the pay password.
import { Card, Divider, Skeleton, Typography } from "antd";
import { useCustom, useGetIdentity, useTranslate } from "@refinedev/core";
import type { PortalUser } from "../../providers/auth-provider";
import { usePageTitle } from "../usePageTitle";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { PayPasswordForm } from "./PayPasswordForm";
import { SignedOut } from "./SignedOut";
import "./account.css";

export default function SettingPage() {
  const t = useTranslate();
  usePageTitle(`${t("account.settingTitle")}${t("documentTitle.suffix")}`);
  const { data: user, isLoading } = useGetIdentity<PortalUser | null>();
  const payPwd = useCustom<{ isSetup: boolean }>({
    url: "/member/isPayPwdSetup",
    method: "post",
    errorNotification: false,
    queryOptions: { enabled: !!user, retry: false },
  });
  // Unknown (the question failed) is offered as "not set": setting it again is harmless.
  const payPwdSetup = payPwd.query.isPending && !payPwd.query.isError ? null : Boolean(payPwd.result.data?.isSetup);

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
              <PayPasswordForm mobilePhone={String(user.mobilePhone ?? "")} isSetup={payPwdSetup} onSaved={() => void payPwd.query.refetch()} />
            )}
          </section>
        </>
      )}
    </Card>
  );
}
