// The mobile number and SMS code pair shared by the mobile-login, register and reset forms.
import { Input } from "antd";
import { MailOutlined, MobileOutlined } from "@ant-design/icons";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { CODE_MAX, PHONE_MAX } from "../../domain/forms/auth";
import { FormField } from "../../components/FormField";
import { SmsButton, type SmsButtonProps } from "../../components/SmsButton";
import { useTranslate } from "@refinedev/core";

export interface PhoneCodeFieldsProps<T extends FieldValues> {
  control: Control<T>;
  codeName: FieldPath<T>;
  purpose: SmsButtonProps["purpose"];
  /** The phone field's current value, for the send-code button. */
  getPhone: () => unknown;
  /** The field whose message shows, in forms that show only their first error (others: all). */
  shown?: string | null;
}

export function PhoneCodeFields<T extends FieldValues>({ control, codeName, purpose, getPhone, shown }: PhoneCodeFieldsProps<T>) {
  const t = useTranslate();
  const hide = (name: string) => shown !== undefined && shown !== name;
  return (
    <>
      <FormField control={control} name={"mobilePhone" as FieldPath<T>} hideError={hide("mobilePhone")}>
        <Input size="large" prefix={<MobileOutlined />} placeholder={t("login.mobilePlaceholder")} maxLength={PHONE_MAX} inputMode="numeric" autoComplete="tel" aria-label={t("login.mobilePlaceholder")} />
      </FormField>
      <FormField control={control} name={codeName} hideError={hide(codeName)} addon={<SmsButton purpose={purpose} getPhone={getPhone} />}>
        <Input size="large" prefix={<MailOutlined />} placeholder={t("login.smsCodePlaceholder")} maxLength={CODE_MAX} inputMode="numeric" autoComplete="one-time-code" aria-label={t("login.smsCodePlaceholder")} />
      </FormField>
    </>
  );
}
