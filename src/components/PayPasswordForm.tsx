// Set or change the 6-digit pay password: an SMS code to the member's own phone, then the new pay
// password twice (POST /member/updatePayPswd, MD5). Only the first failing field shows its message.
import { App, Button, Form, Input, Tag } from "antd";
import { useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { CODE_MAX, passwordDigest } from "../domain/forms/auth";
import { ACCOUNT_FORMS, PAY_PWD_LENGTH } from "../domain/forms/account";
import { domainLang } from "../providers/i18n-provider";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, firstErrorField, useSubmitState } from "./FormField";
import { schemaResolver } from "./form-errors";
import { PAY_PASSWORD } from "./account-resources";
import { SmsButton } from "./SmsButton";

interface Values {
  smsCode: string;
  payPswd: string;
  payPswd2: string;
}
const FIELDS = ["smsCode", "payPswd", "payPswd2"] as const;
const EMPTY: Values = { smsCode: "", payPswd: "", payPswd2: "" };

/** 138****0010: the phone is only a hint of where the code goes. */
export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export function PayPasswordForm({ mobilePhone, isSetup, onSaved }: { mobilePhone: string; isSetup: boolean; onSaved: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const {
    control, handleSubmit, reset, setError, watch, formState,
    refineCore: { onFinish, formLoading },
  } = useForm<BaseRecord, HttpError, Values>({
    resolver: schemaResolver<Values>(() => ACCOUNT_FORMS[domainLang()].payPassword),
    defaultValues: EMPTY,
    warnWhenUnsavedChanges: false,
    // Field messages of a refusal are placed by applyRefusal, which also says what is left for the line.
    disableServerSideValidation: true,
    refineCoreProps: { resource: PAY_PASSWORD, action: "create", ...QUIET_SAVE },
  });
  const submitState = useSubmitState(watch);

  const submit = (values: Values) =>
    submitState.run(async () => {
      try {
        // What is sent is not the form's values: the code trimmed, the password as its digest.
        await onFinish({ smsCode: values.smsCode.trim(), payPswd: passwordDigest(values.payPswd) } as unknown as Values);
      } catch (e) {
        return applyRefusal(e, FIELDS, setError);
      }
      reset(EMPTY);
      void message.success(t(isSetup ? "account.payPasswordChanged" : "account.payPasswordSet"));
      onSaved();
      return null;
    });

  const first = firstErrorField(formState.errors, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({ control, name, hideError: first !== name });
  return (
    <Form layout="horizontal" labelCol={{ flex: "112px" }} wrapperCol={{ flex: 1 }} colon={false} onFinish={() => void handleSubmit(submit)()} className="tp-setting__form">
      <Form.Item label={t("account.payPasswordStatus")}>
        <Tag color={isSetup ? "green" : "orange"}>{t(isSetup ? "account.payPasswordIsSet" : "account.payPasswordNotSet")}</Tag>
      </Form.Item>
      <Form.Item label={t("account.boundPhone")}>
        <span className="tp-readonly">{maskPhone(mobilePhone)}</span>
      </Form.Item>
      <FormField {...field("smsCode")} label={t("account.smsCode")} addon={<SmsButton purpose="paypwd" size="middle" getPhone={() => mobilePhone} />}>
        <Input placeholder={t("login.smsCodePlaceholder")} maxLength={CODE_MAX} inputMode="numeric" autoComplete="one-time-code" aria-label={t("login.smsCodePlaceholder")} />
      </FormField>
      <FormField {...field("payPswd")} label={t("account.payPassword")}>
        <Input.Password placeholder={t("account.payPasswordPlaceholder")} maxLength={PAY_PWD_LENGTH} inputMode="numeric" autoComplete="new-password" />
      </FormField>
      <FormField {...field("payPswd2")} label={t("account.confirmPayPassword")}>
        <Input.Password placeholder={t("account.payPasswordConfirmPlaceholder")} maxLength={PAY_PWD_LENGTH} inputMode="numeric" autoComplete="new-password" />
      </FormField>
      <Form.Item label=" ">
        <FormMessage refusal={submitState.refusal} className="tp-login__error" />
        <Button type="primary" htmlType="submit" loading={formLoading}>
          {t(isSetup ? "account.changePayPassword" : "account.setPayPassword")}
        </Button>
      </Form.Item>
    </Form>
  );
}
