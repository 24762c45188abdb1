// Mode 1: account + password + picture captcha (spec §2). The captcha is checked here and never
// sent: typing -9990 passes it (spec §5).
import { useState } from "react";
import { Form, Input } from "antd";
import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { CAPTCHA_BYPASS, CAPTCHA_LENGTH, PWD_MAX, generateCaptcha, type AccountLoginValues } from "../../domain/forms/auth";
import { CaptchaImage } from "./CaptchaImage";
import { FormError, SubmitButton, useDialogAuth, useOrderedSubmit } from "./parts";

/** Account names may be longer than a phone number. */
export const ACCOUNT_MAX = 32;

export function AccountForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  // A new code on every opening: the form is mounted afresh each time the dialog opens.
  const [code, setCode] = useState(() => generateCaptcha());
  const auth = useDialogAuth();
  const renew = () => {
    setCode(generateCaptcha());
    form.resetFields(["accCode"]);
  };

  const { error, onFinish, clearError } = useOrderedSubmit<AccountLoginValues>("accountLogin", async (values) => {
    const failed = await auth.login({ mode: "account", mobilePhone: String(values.mobilePhone).trim(), loginPsw: String(values.loginPsw) });
    if (failed) renew(); // a used code is not offered twice
    return failed;
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => onFinish({ ...v, randomCode: code })} onValuesChange={clearError} className="tp-login__form">
      <Form.Item name="mobilePhone">
        <Input size="large" prefix={<UserOutlined />} placeholder={t("login.accountPlaceholder")} maxLength={ACCOUNT_MAX} autoComplete="username" aria-label={t("login.accountPlaceholder")} />
      </Form.Item>
      <Form.Item name="loginPsw">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.passwordPlaceholder")} maxLength={PWD_MAX} autoComplete="current-password" aria-label={t("login.passwordPlaceholder")} />
      </Form.Item>
      <Form.Item>
        <div className="tp-login__row">
          <Form.Item name="accCode" noStyle>
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder={t("login.captchaPlaceholder")}
              // Room for the bypass value as well as the 4-character code.
              maxLength={Math.max(CAPTCHA_LENGTH, CAPTCHA_BYPASS.length)}
              autoComplete="off"
              aria-label={t("login.captchaPlaceholder")}
            />
          </Form.Item>
          <CaptchaImage code={code} onRefresh={renew} />
        </div>
      </Form.Item>
      <FormError error={error} />
      <SubmitButton loading={auth.pending}>{t("login.submit")}</SubmitButton>
    </Form>
  );
}
