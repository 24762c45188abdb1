// Mode 2: mobile number + SMS code (spec §2).
import { Form, Input } from "antd";
import { MailOutlined, MobileOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { CODE_MAX, PHONE_MAX, type MobileLoginValues } from "../../domain/forms/auth";
import { SmsButton } from "./SmsButton";
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
      <Form.Item name="mobilePhone">
        <Input size="large" prefix={<MobileOutlined />} placeholder={t("login.mobilePlaceholder")} maxLength={PHONE_MAX} inputMode="numeric" autoComplete="tel" aria-label={t("login.mobilePlaceholder")} />
      </Form.Item>
      <Form.Item>
        <div className="tp-login__row">
          <Form.Item name="code" noStyle>
            <Input size="large" prefix={<MailOutlined />} placeholder={t("login.smsCodePlaceholder")} maxLength={CODE_MAX} inputMode="numeric" autoComplete="one-time-code" aria-label={t("login.smsCodePlaceholder")} />
          </Form.Item>
          <SmsButton purpose="login" getPhone={() => form.getFieldValue("mobilePhone")} />
        </div>
      </Form.Item>
      <FormError error={error} />
      <SubmitButton loading={auth.pending}>{t("login.submit")}</SubmitButton>
    </Form>
  );
}
