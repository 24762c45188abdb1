// Mode 3, step 1: register. Success moves the dialog to step 2.
import { Checkbox, Form, Input } from "antd";
import { LockOutlined, UserAddOutlined } from "@ant-design/icons";
import { PHONE_MAX, PWD_MAX } from "../../domain/forms/auth";
import { FormField, FormMessage, NO_RECORD, applyRefusal, firstErrorField, useSubmitState } from "../../components/FormField";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { SubmitButton, authSchema, useDialogAuth } from "./parts";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { getLoginDialog } from "../../providers/login-dialog";
import { useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";

/** The agreement opens in a new tab through agreement_frame with its type. */
export const SERVICE_AGREEMENT_URL = "/agreement_frame/service_agreement";

export function AgreementLabel() {
  const t = useTranslate();
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

interface Values {
  mobilePhone: string;
  code: string;
  loginPwd: string;
  refermobilephone: string;
  agreement: boolean;
}
const ORDER = ["mobilePhone", "code", "loginPwd", "refermobilephone", "agreement"] as const;

/** Every failing field shows its message at once, so one submit tells all that needs fixing. */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const t = useTranslate();
  const { control, handleSubmit, getValues, setError, watch, formState } = useForm<BaseRecord, HttpError, Values>({
    ...NO_RECORD,
    resolver: schemaResolver<Values>(authSchema("register")),
    // Opened from a referral link, the referrer is filled in (and can still be changed).
    defaultValues: { mobilePhone: "", code: "", loginPwd: "", refermobilephone: getLoginDialog().referrer ?? "", agreement: true },
  });
  const auth = useDialogAuth();
  const submitState = useSubmitState(watch);
  const onValid = (values: Values) =>
    submitState.run(async () => {
      const refusal = await auth.register({
        mobilePhone: values.mobilePhone,
        code: values.code,
        loginPwd: values.loginPwd,
        refermobilephone: values.refermobilephone || undefined,
      });
      if (!refusal) {
        onDone();
        return null;
      }
      return applyRefusal(refusal, ORDER, setError);
    });

  const first = firstErrorField(formState.errors, ORDER);
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void handleSubmit(onValid)()} className="tp-login__form">
      <PhoneCodeFields control={control} codeName="code" purpose="register" getPhone={() => getValues("mobilePhone")} />
      <FormField control={control} name="loginPwd">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.loginPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" aria-label={t("login.loginPwdPlaceholder")} />
      </FormField>
      <FormField control={control} name="refermobilephone">
        <Input size="large" prefix={<UserAddOutlined />} placeholder={t("login.referrerPlaceholder")} maxLength={PHONE_MAX} inputMode="numeric" aria-label={t("login.referrerPlaceholder")} />
      </FormField>
      <FormField control={control} name="agreement" valuePropName="checked" className="tp-login__agreement">
        <Checkbox>
          <AgreementLabel />
        </Checkbox>
      </FormField>
      <FormMessage refusal={submitState.refusal} announce={first ? formState.errors[first]?.message : null} />
      <SubmitButton loading={auth.pending}>{t("login.registerSubmit")}</SubmitButton>
    </Form>
  );
}
