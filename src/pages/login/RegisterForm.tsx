// Mode 3, step 1: register. Success moves the dialog to step 2.
import { Checkbox, Form, Input } from "antd";
import { LockOutlined, UserAddOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { PHONE_MAX, PWD_MAX, type RegisterValues } from "../../domain/forms/auth";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { FormError, SubmitButton, useDialogAuth, useOrderedSubmit } from "./parts";

/** The agreement opens in a new tab through agreement_frame with its type. */
export const SERVICE_AGREEMENT_URL = "/agreement_frame/service_agreement";

export function AgreementLabel() {
  const { t } = useTranslation();
  const full = t("login.agreement");
  const link = t("login.agreementLink");
  const at = full.indexOf(link);
  const anchor = (
    <a href={SERVICE_AGREEMENT_URL} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
      {link}
    </a>
  );
  // The label reads as the copy's one sentence; only the agreement's name is the link.
  if (at < 0) return <>{full} {anchor}</>;
  return (
    <>
      {full.slice(0, at)}
      {anchor}
      {full.slice(at + link.length)}
    </>
  );
}

export function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const auth = useDialogAuth();
  const { error, onFinish, clearError } = useOrderedSubmit<RegisterValues>("register", async (values) => {
    const failed = await auth.register({
      mobilePhone: String(values.mobilePhone),
      code: String(values.code).trim(),
      loginPwd: String(values.loginPwd),
      refermobilephone: values.refermobilephone ? String(values.refermobilephone) : undefined,
    });
    if (!failed) onDone();
    return failed;
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={{ agreement: true }} onFinish={onFinish} onValuesChange={clearError} className="tp-login__form">
      <PhoneCodeFields form={form} codeName="code" purpose="register" />
      <Form.Item name="loginPwd">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.loginPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" aria-label={t("login.loginPwdPlaceholder")} />
      </Form.Item>
      <Form.Item name="refermobilephone">
        <Input size="large" prefix={<UserAddOutlined />} placeholder={t("login.referrerPlaceholder")} maxLength={PHONE_MAX} inputMode="numeric" aria-label={t("login.referrerPlaceholder")} />
      </Form.Item>
      <Form.Item name="agreement" valuePropName="checked" className="tp-login__agreement">
        <Checkbox>
          <AgreementLabel />
        </Checkbox>
      </Form.Item>
      <FormError error={error} />
      <SubmitButton loading={auth.pending}>{t("login.registerSubmit")}</SubmitButton>
    </Form>
  );
}
