// What an account page shows to a visitor who is not signed in (the dialog is usually open on top).
import { Button, Card, Empty } from "antd";
import { requestLogin } from "../../providers/login-dialog";
import { useTranslate } from "@refinedev/core";

export function SignedOut({ title }: { title: string }) {
  const t = useTranslate();
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
