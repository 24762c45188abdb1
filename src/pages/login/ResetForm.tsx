// Mode 4, step 1: reset the password with an SMS code (spec §2). Success moves to step 2.
import { Form, Input } from "antd";
import { LockOutlined, MailOutlined, MobileOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { CODE_MAX, PHONE_MAX, PWD_MAX, type ResetValues } from "../../domain/forms/auth";
import { SmsButton } from "./SmsButton";
import { FormError, SubmitButton, useDialogAuth, useOrderedSubmit } from "./parts";

export function ResetForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const auth = useDialogAuth();
  const { error, onFinish, clearError } = useOrderedSubmit<ResetValues>("reset", async (values) => {
    const failed = await auth.forgotPassword({ mobilePhone: String(values.mobilePhone), smsCode: String(values.smsCode).trim(), pswd: String(values.pswd) });
    if (!failed) onDone();
    return failed;
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} onValuesChange={clearError} className="tp-login__form">
      <Form.Item name="mobilePhone">
        <Input size="large" prefix={<MobileOutlined />} placeholder={t("login.mobilePlaceholder")} maxLength={PHONE_MAX} inputMode="numeric" autoComplete="tel" aria-label={t("login.mobilePlaceholder")} />
      </Form.Item>
      <Form.Item>
        <div className="tp-login__row">
          <Form.Item name="smsCode" noStyle>
            <Input size="large" prefix={<MailOutlined />} placeholder={t("login.smsCodePlaceholder")} maxLength={CODE_MAX} inputMode="numeric" autoComplete="one-time-code" aria-label={t("login.smsCodePlaceholder")} />
          </Form.Item>
          <SmsButton purpose="reset" getPhone={() => form.getFieldValue("mobilePhone")} />
        </div>
      </Form.Item>
      <Form.Item name="pswd">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.newPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" aria-label={t("login.newPwdPlaceholder")} />
      </Form.Item>
      <Form.Item name="pswd2">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.confirmPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" aria-label={t("login.confirmPwdPlaceholder")} />
      </Form.Item>
      <FormError error={error} />
      <SubmitButton loading={auth.pending}>{t("login.resetSubmit")}</SubmitButton>
    </Form>
  );
}
