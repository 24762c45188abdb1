// Change the login password (POST /updatePsw through the auth provider; MD5 there). Other sessions
// end on the server; this one stays signed in.
import { useState } from "react";
import { App, Button, Form, Input } from "antd";
import { useUpdatePassword } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { PWD_MAX } from "../../domain/forms/auth";
import { domainLang } from "../../providers/i18n-provider";
import type { UpdatePasswordParams } from "../../providers/auth-provider";
import { FormMessage } from "../../components/FormField";
import { showFirstError } from "./form-errors";
import { ACCOUNT_FORMS, firstFieldError } from "../../domain/forms/account";

const FIELDS = ["oldPswd", "pswd", "pswd2"] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string>>;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // The page shows the outcome itself; Refine's corner notification is replaced.
  const update = useUpdatePassword<UpdatePasswordParams>({ mutationOptions: { onSuccess: () => {}, onError: () => {} } });

  const submit = async (values: Values) => {
    setError(null);
    const first = firstFieldError(ACCOUNT_FORMS[domainLang()].changePassword, values);
    showFirstError(form, first);
    if (first) return;
    const res = await update.mutateAsync({ oldPswd: values.oldPswd!, pswd: values.pswd! });
    if (!res.success) {
      setError(res.error?.message ?? null);
      return;
    }
    form.resetFields();
    void message.success(t("account.passwordChanged"));
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: "112px" }} wrapperCol={{ flex: 1 }} colon={false} onFinish={submit} onValuesChange={() => setError(null)} className="tp-setting__form">
      <Form.Item label={t("account.oldPassword")} name="oldPswd">
        <Input.Password placeholder={t("account.oldPasswordPlaceholder")} maxLength={PWD_MAX} autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={t("account.newPassword")} name="pswd">
        <Input.Password placeholder={t("login.newPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t("account.confirmPassword")} name="pswd2">
        <Input.Password placeholder={t("login.confirmPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" ">
        <FormMessage refusal={error} className="tp-login__error" />
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t("account.changePasswordSubmit")}
        </Button>
      </Form.Item>
    </Form>
  );
}
