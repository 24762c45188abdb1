// Mode 4, step 1: reset the password with an SMS code. Success moves to step 2. Every failing field
// shows its message at once.
import { Form, Input } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { PWD_MAX } from "../../domain/forms/auth";
import { FormField, FormMessage, NO_RECORD, applyRefusal, firstErrorField, useSubmitState } from "../../components/FormField";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { SubmitButton, authSchema, useDialogAuth } from "./parts";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";

interface Values {
  mobilePhone: string;
  smsCode: string;
  pswd: string;
  pswd2: string;
}
const ORDER = ["mobilePhone", "smsCode", "pswd", "pswd2"] as const;

export function ResetForm({ onDone }: { onDone: () => void }) {
  const t = useTranslate();
  const { control, handleSubmit, getValues, setError, watch, formState } = useForm<BaseRecord, HttpError, Values>({
    ...NO_RECORD,
    resolver: schemaResolver<Values>(authSchema("reset")),
    defaultValues: { mobilePhone: "", smsCode: "", pswd: "", pswd2: "" },
  });
  const auth = useDialogAuth();
  const submitState = useSubmitState(watch);
  const onValid = (values: Values) =>
    submitState.run(async () => {
      const refusal = await auth.forgotPassword({ mobilePhone: values.mobilePhone, smsCode: values.smsCode, pswd: values.pswd });
      if (!refusal) {
        onDone();
        return null;
      }
      return applyRefusal(refusal, ORDER, setError);
    });

  const first = firstErrorField(formState.errors, ORDER);
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void handleSubmit(onValid)()} className="tp-login__form">
      <PhoneCodeFields control={control} codeName="smsCode" purpose="reset" getPhone={() => getValues("mobilePhone")} />
      <FormField control={control} name="pswd">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.newPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" aria-label={t("login.newPwdPlaceholder")} />
      </FormField>
      <FormField control={control} name="pswd2">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.confirmPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" aria-label={t("login.confirmPwdPlaceholder")} />
      </FormField>
      <FormMessage refusal={submitState.refusal} announce={first ? formState.errors[first]?.message : null} />
      <SubmitButton loading={auth.pending}>{t("login.resetSubmit")}</SubmitButton>
    </Form>
  );
}
