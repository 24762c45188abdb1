// The mobile number and SMS code pair shared by the mobile-login, register and reset forms.
import { Form, Input, type FormInstance } from "antd";
import { MailOutlined, MobileOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { CODE_MAX, PHONE_MAX } from "../../domain/forms/auth";
import { SmsButton, type SmsButtonProps } from "./SmsButton";

export function PhoneCodeFields({ form, codeName, purpose }: { form: FormInstance; codeName: "code" | "smsCode"; purpose: SmsButtonProps["purpose"] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="mobilePhone">
        <Input size="large" prefix={<MobileOutlined />} placeholder={t("login.mobilePlaceholder")} maxLength={PHONE_MAX} inputMode="numeric" autoComplete="tel" aria-label={t("login.mobilePlaceholder")} />
      </Form.Item>
      <Form.Item>
        <div className="tp-login__row">
          <Form.Item name={codeName} noStyle>
            <Input size="large" prefix={<MailOutlined />} placeholder={t("login.smsCodePlaceholder")} maxLength={CODE_MAX} inputMode="numeric" autoComplete="one-time-code" aria-label={t("login.smsCodePlaceholder")} />
          </Form.Item>
          <SmsButton purpose={purpose} getPhone={() => form.getFieldValue("mobilePhone")} />
        </div>
      </Form.Item>
    </>
  );
}
