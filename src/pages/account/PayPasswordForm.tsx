// Set or change the 6-digit pay password: an SMS code to the member's own phone, then the new pay
// password twice (POST /member/updatePayPswd, MD5).
import { useState } from "react";
import { App, Button, Form, Input, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { CODE_MAX, passwordDigest } from "../../domain/forms/auth";
import { domainLang } from "../../providers/i18n-provider";
import { request } from "../../providers/request";
import { FormMessage } from "../../components/FormField";
import { SmsButton } from "../login/SmsButton";
import { showFirstError } from "./form-errors";
import { ACCOUNT_FORMS, PAY_PWD_LENGTH, firstFieldError } from "../../domain/forms/account";

const FIELDS = ["smsCode", "payPswd", "payPswd2"] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string>>;

/** 138****0010: the phone is only a hint of where the code goes. */
export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export function PayPasswordForm({ mobilePhone, isSetup, onSaved }: { mobilePhone: string; isSetup: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setError(null);
    const first = firstFieldError(ACCOUNT_FORMS[domainLang()].payPassword, values);
    showFirstError(form, first);
    if (first) return;
    setSaving(true);
    try {
      await request("/member/updatePayPswd", { smsCode: values.smsCode!.trim(), payPswd: passwordDigest(values.payPswd!) }, { silent: true, needLogin: true });
      form.resetFields();
      void message.success(t(isSetup ? "account.payPasswordChanged" : "account.payPasswordSet"));
      onSaved();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: "112px" }} wrapperCol={{ flex: 1 }} colon={false} onFinish={submit} onValuesChange={() => setError(null)} className="tp-setting__form">
      <Form.Item label={t("account.payPasswordStatus")}>
        <Tag color={isSetup ? "green" : "orange"}>{t(isSetup ? "account.payPasswordIsSet" : "account.payPasswordNotSet")}</Tag>
      </Form.Item>
      <Form.Item label={t("account.boundPhone")}>
        <span className="tp-readonly">{maskPhone(mobilePhone)}</span>
      </Form.Item>
      <Form.Item label={t("account.smsCode")} required={false}>
        <div className="tp-login__row">
          <Form.Item name="smsCode" noStyle>
            <Input placeholder={t("login.smsCodePlaceholder")} maxLength={CODE_MAX} inputMode="numeric" autoComplete="one-time-code" aria-label={t("login.smsCodePlaceholder")} />
          </Form.Item>
          <SmsButton purpose="paypwd" size="middle" getPhone={() => mobilePhone} />
        </div>
      </Form.Item>
      <Form.Item label={t("account.payPassword")} name="payPswd">
        <Input.Password placeholder={t("account.payPasswordPlaceholder")} maxLength={PAY_PWD_LENGTH} inputMode="numeric" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t("account.confirmPayPassword")} name="payPswd2">
        <Input.Password placeholder={t("account.payPasswordConfirmPlaceholder")} maxLength={PAY_PWD_LENGTH} inputMode="numeric" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" ">
        <FormMessage refusal={error} className="tp-login__error" />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t(isSetup ? "account.changePayPassword" : "account.setPayPassword")}
        </Button>
      </Form.Item>
    </Form>
  );
}
