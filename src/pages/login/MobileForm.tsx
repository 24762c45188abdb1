// Mode 2: mobile number + SMS code. Only the first failing field shows its message.
import { Form } from "antd";
import { FormMessage, NO_RECORD, applyRefusal, firstErrorField, useSubmitState } from "../../components/FormField";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { SubmitButton, authSchema, useDialogAuth } from "./parts";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";

interface Values {
  mobilePhone: string;
  code: string;
}
const ORDER = ["mobilePhone", "code"] as const;

export function MobileForm() {
  const t = useTranslate();
  const { control, handleSubmit, getValues, setError, watch, formState } = useForm<BaseRecord, HttpError, Values>({
    ...NO_RECORD,
    resolver: schemaResolver<Values>(authSchema("mobileLogin")),
    defaultValues: { mobilePhone: "", code: "" },
  });
  const auth = useDialogAuth();
  const submitState = useSubmitState(watch);
  const onValid = (values: Values) =>
    submitState.run(async () => {
      const refusal = await auth.login({ mode: "mobile", mobilePhone: values.mobilePhone, code: values.code });
      return refusal ? applyRefusal(refusal, ORDER, setError) : null;
    });

  const first = firstErrorField(formState.errors, ORDER);
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void handleSubmit(onValid)()} className="tp-login__form">
      <PhoneCodeFields control={control} codeName="code" purpose="login" getPhone={() => getValues("mobilePhone")} shown={first} />
      <FormMessage refusal={submitState.refusal} announce={first ? formState.errors[first]?.message : null} />
      <SubmitButton loading={auth.pending}>{t("login.submit")}</SubmitButton>
    </Form>
  );
}
