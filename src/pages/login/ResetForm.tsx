// Mode 4, step 1: reset the password with an SMS code. Success moves to step 2.
import { Form, Input } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { PWD_MAX, type ResetValues } from "../../domain/forms/auth";
import { PhoneCodeFields } from "./PhoneCodeFields";
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
      <PhoneCodeFields form={form} codeName="smsCode" purpose="reset" />
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
