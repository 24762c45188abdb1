// /myCenter/setting: account security — the login password and the pay password. Opened from the
// cashier (?back=<the cashier's path>) to set the pay password a wallet payment needs: once it is
// saved the member goes straight back to that cashier and the same order.
import { Alert, Button, Card, Divider, Skeleton, Typography } from "antd";
import { useLocation, useNavigate } from "react-router";
import { useCustom, useGetIdentity, useTranslate } from "@refinedev/core";
import type { PortalUser } from "../../providers/auth-provider";
import { usePageTitle } from "../usePageTitle";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { PayPasswordForm } from "../../components/PayPasswordForm";
import { SignedOut } from "./SignedOut";
import "./account.css";

export default function SettingPage() {
  const t = useTranslate();
  usePageTitle(`${t("account.settingTitle")}${t("documentTitle.suffix")}`);
  const { data: user, isLoading } = useGetIdentity<PortalUser | null>();
  const navigate = useNavigate();
  const back = cashierBack(useLocation().search);
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
              <>
                {back && (
                  <Alert
                    type="info" showIcon message={t("account.backToCashier")} style={{ marginBottom: 16 }}
                    action={<Button size="small" onClick={() => navigate(back)}>{t("account.returnToCashier")}</Button>}
                  />
                )}
                <PayPasswordForm mobilePhone={String(user.mobilePhone ?? "")} isSetup={payPwdSetup} onSaved={() => (back ? navigate(back) : void payPwd.query.refetch())} />
              </>
            )}
          </section>
        </>
      )}
    </Card>
  );
}

/** The cashier to return to: a path of the portal only (never another site). */
function cashierBack(search: string): string | null {
  const back = new URLSearchParams(search).get("back");
  return back && back.startsWith("/") && !back.startsWith("//") && !back.startsWith("/\\") ? back : null;
}
