// Mode 2: mobile number + SMS code. Only the first failing field shows its message.
import { Form } from "antd";
import { FormMessage, applyRefusal, firstErrorField, useSubmitState, useZodForm } from "../../components/FormField";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { SubmitButton, authSchema, useDialogAuth } from "./parts";
import { useTranslate } from "@refinedev/core";

interface Values {
  mobilePhone: string;
  code: string;
}
const ORDER = ["mobilePhone", "code"] as const;

export function MobileForm() {
  const t = useTranslate();
  const { control, handleSubmit, getValues, setError, watch, formState } = useZodForm<Values>(authSchema("mobileLogin"), {
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
