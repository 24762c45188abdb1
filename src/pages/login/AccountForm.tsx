// Mode 1: account + password + picture captcha. The server draws the captcha and checks the
// answer; -9990 passes it outside production. Only the first failing field shows its message.
import { Form, Input } from "antd";
import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useCustom, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { CAPTCHA_BYPASS, CAPTCHA_LENGTH, PWD_MAX } from "../../domain/forms/auth";
import { FormField, FormMessage, NO_RECORD, applyRefusal, firstErrorField, useSubmitState } from "../../components/FormField";
import { CaptchaImage, type IssuedCaptcha } from "./CaptchaImage";
import { SubmitButton, authSchema, useDialogAuth } from "./parts";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";

/** Account names may be longer than a phone number. */
export const ACCOUNT_MAX = 32;

/** A captcha lives five minutes on the server; a new one is fetched before the shown one expires. */
const CAPTCHA_RENEW_MS = 4 * 60 * 1000;

interface Values {
  mobilePhone: string;
  loginPsw: string;
  accCode: string;
}
const ORDER = ["mobilePhone", "loginPsw", "accCode"] as const;

export function AccountForm() {
  const t = useTranslate();
  const { control, handleSubmit, resetField, setError, watch, formState } = useForm<BaseRecord, HttpError, Values>({
    ...NO_RECORD,
    resolver: schemaResolver<Values>(authSchema("accountLogin")),
    defaultValues: { mobilePhone: "", loginPsw: "", accCode: "" },
  });
  // Not cached between openings (gcTime 0): the form mounts afresh each time the dialog opens,
  // and a used captcha is never shown again.
  const { query, result } = useCustom<IssuedCaptcha>({
    url: "/captcha/new",
    method: "post",
    errorNotification: false,
    queryOptions: { gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchInterval: CAPTCHA_RENEW_MS },
  });
  const captcha = result.data as IssuedCaptcha | undefined;
  const auth = useDialogAuth();
  const submitState = useSubmitState(watch);
  const renew = () => {
    resetField("accCode");
    void query.refetch();
  };

  const onValid = (values: Values) =>
    submitState.run(async () => {
      const refusal = await auth.login({
        mode: "account",
        mobilePhone: values.mobilePhone,
        loginPsw: values.loginPsw,
        accCode: values.accCode,
        captchaId: captcha?.captchaId,
      });
      if (!refusal) return null;
      // The server used the captcha up, right or wrong: a new one for the next try.
      renew();
      return applyRefusal(refusal, ORDER, setError);
    });

  const first = firstErrorField(formState.errors, ORDER);
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void handleSubmit(onValid)()} className="tp-login__form">
      <FormField control={control} name="mobilePhone" hideError={first !== "mobilePhone"}>
        <Input size="large" prefix={<UserOutlined />} placeholder={t("login.accountPlaceholder")} maxLength={ACCOUNT_MAX} autoComplete="username" aria-label={t("login.accountPlaceholder")} />
      </FormField>
      <FormField control={control} name="loginPsw" hideError={first !== "loginPsw"}>
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.passwordPlaceholder")} maxLength={PWD_MAX} autoComplete="current-password" aria-label={t("login.passwordPlaceholder")} />
      </FormField>
      <FormField control={control} name="accCode" hideError={first !== "accCode"} addon={<CaptchaImage captcha={captcha} loading={query.isFetching} onRefresh={renew} />}>
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t("login.captchaPlaceholder")}
          // Room for the bypass value as well as the 4-character code.
          maxLength={Math.max(CAPTCHA_LENGTH, CAPTCHA_BYPASS.length)}
          autoComplete="off"
          aria-label={t("login.captchaPlaceholder")}
        />
      </FormField>
      <FormMessage refusal={submitState.refusal} announce={first ? formState.errors[first]?.message : null} />
      <SubmitButton loading={auth.pending}>{t("login.submit")}</SubmitButton>
    </Form>
  );
}
