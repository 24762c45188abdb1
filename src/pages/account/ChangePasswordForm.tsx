// Change the login password (POST /updatePsw through the auth provider's updatePassword, so the
// form saves no record; MD5 there). Other sessions
// end on the server; this one stays signed in. Only the first failing field shows its message.
import { App, Button, Form, Input } from "antd";
import { useUpdatePassword, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { PWD_MAX } from "../../domain/forms/auth";
import { ACCOUNT_FORMS } from "../../domain/forms/account";
import { domainLang } from "../../providers/i18n-provider";
import type { UpdatePasswordParams } from "../../providers/auth-provider";
import { FormField, FormMessage, NO_RECORD, applyRefusal, firstErrorField, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";

interface Values {
  oldPswd: string;
  pswd: string;
  pswd2: string;
}
const FIELDS = ["oldPswd", "pswd", "pswd2"] as const;
const EMPTY: Values = { oldPswd: "", pswd: "", pswd2: "" };

export function ChangePasswordForm() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { control, handleSubmit, reset, setError, watch, formState } = useForm<BaseRecord, HttpError, Values>({
    ...NO_RECORD,
    resolver: schemaResolver<Values>(() => ACCOUNT_FORMS[domainLang()].changePassword),
    defaultValues: EMPTY,
  });
  const submitState = useSubmitState(watch);
  // The page shows the outcome itself; Refine's corner notification is replaced.
  const update = useUpdatePassword<UpdatePasswordParams>({ mutationOptions: { onSuccess: () => {}, onError: () => {} } });

  const submit = (values: Values) =>
    submitState.run(async () => {
      const res = await update.mutateAsync({ oldPswd: values.oldPswd, pswd: values.pswd });
      if (!res.success) return applyRefusal(res.error, FIELDS, setError);
      reset(EMPTY);
      void message.success(t("account.passwordChanged"));
      return null;
    });

  const first = firstErrorField(formState.errors, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({ control, name, hideError: first !== name });
  return (
    <Form layout="horizontal" labelCol={{ flex: "112px" }} wrapperCol={{ flex: 1 }} colon={false} onFinish={() => void handleSubmit(submit)()} className="tp-setting__form">
      <FormField {...field("oldPswd")} label={t("account.oldPassword")}>
        <Input.Password placeholder={t("account.oldPasswordPlaceholder")} maxLength={PWD_MAX} autoComplete="current-password" />
      </FormField>
      <FormField {...field("pswd")} label={t("account.newPassword")}>
        <Input.Password placeholder={t("login.newPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" />
      </FormField>
      <FormField {...field("pswd2")} label={t("account.confirmPassword")}>
        <Input.Password placeholder={t("login.confirmPwdPlaceholder")} maxLength={PWD_MAX} autoComplete="new-password" />
      </FormField>
      <Form.Item label=" ">
        <FormMessage refusal={submitState.refusal} className="tp-login__error" />
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t("account.changePasswordSubmit")}
        </Button>
      </Form.Item>
    </Form>
  );
}
