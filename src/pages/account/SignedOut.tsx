// What an account page shows to a visitor who is not signed in (the dialog is usually open on top).
import { Button, Card, Empty } from "antd";
import { useTranslation } from "react-i18next";
import { requestLogin } from "../../providers/login-dialog";

export function SignedOut({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Card title={title} className="tp-account-card">
      <Empty description={t("account.signInFirst")}>
        <Button type="primary" onClick={() => requestLogin("login")}>
          {t("header.login")}
        </Button>
      </Empty>
    </Card>
  );
}
