// Mode 2: mobile number + SMS code.
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { type MobileLoginValues } from "../../domain/forms/auth";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { FormError, SubmitButton, useDialogAuth, useOrderedSubmit } from "./parts";

export function MobileForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const auth = useDialogAuth();
  const { error, onFinish, clearError } = useOrderedSubmit<MobileLoginValues>("mobileLogin", (values) =>
    auth.login({ mode: "mobile", mobilePhone: String(values.mobilePhone), code: String(values.code).trim() }),
  );

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} onValuesChange={clearError} className="tp-login__form">
      <PhoneCodeFields form={form} codeName="code" purpose="login" />
      <FormError error={error} />
      <SubmitButton loading={auth.pending}>{t("login.submit")}</SubmitButton>
    </Form>
  );
}
