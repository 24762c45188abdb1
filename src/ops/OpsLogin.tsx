// 运营后台登录: account and password, then the authenticator's code once the server asks for it
// (an operator who has not enrolled yet is sent to the enrolment page instead).
import { useState } from "react";
import { useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { Button, Card, Form, Input } from "antd";
import { useNavigate } from "react-router";
import { FormField, FormMessage, NO_RECORD, applyRefusal, useSubmitState } from "../components/FormField";
import { schemaResolver } from "../components/form-errors";
import { setOpsToken } from "./session";
import { passwordDigest } from "../domain/password-digest";
import { OPS_PATHS } from "../domain/ops/paths";
import { OPS_ACCOUNT_MAX, opsLoginSchema, type OpsLoginReply } from "../domain/ops/schemas";

interface LoginValues {
  account: string;
  password: string;
  code: string;
}

/** The server's "the code is needed" (OPS_RET.CODE_REQUIRED). */
const CODE_REQUIRED = 1601;

export function OpsLogin() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [needCode, setNeedCode] = useState(false);
  const payload = (v: LoginValues) => ({ account: v.account.trim(), password: v.password ? passwordDigest(v.password) : "", ...(v.code.trim() ? { code: v.code.trim() } : {}) });
  const form = useForm<OpsLoginReply, HttpError, LoginValues>({
    ...NO_RECORD,
    mode: "onSubmit",
    defaultValues: { account: "", password: "", code: "" },
    resolver: schemaResolver<LoginValues>(() => opsLoginSchema, { raw: true, input: payload }),
  });
  const state = useSubmitState(form.watch);
  const { mutateAsync, mutation } = useCustomMutation<OpsLoginReply, HttpError>();
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      try {
        const res = await mutateAsync({ url: OPS_PATHS.login, method: "post", values, successNotification: false, errorNotification: false });
        setOpsToken(res.data.token);
        navigate(res.data.stage === "full" ? "/ops" : "/ops/enrol", { replace: true });
        return null;
      } catch (e) {
        if ((e as { ret?: unknown }).ret === CODE_REQUIRED) {
          setNeedCode(true);
          return t("ops.login.enterCode");
        }
        return applyRefusal<LoginValues>(e, ["account", "password", "code"], form.setError);
      }
    }),
  );
  const { control } = form;
  return (
    <Card title={t("ops.login.title")} style={{ width: 400, margin: "80px auto" }}>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} aria-label={t("ops.login.title")}>
        <FormField control={control} name="account" label={t("ops.login.account")}>
          <Input maxLength={OPS_ACCOUNT_MAX} autoComplete="username" />
        </FormField>
        <FormField control={control} name="password" label={t("ops.login.password")}>
          <Input.Password maxLength={32} autoComplete="current-password" />
        </FormField>
        {needCode && (
          <FormField control={control} name="code" label={t("ops.login.code")}>
            <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" autoFocus />
          </FormField>
        )}
        <FormMessage refusal={state.refusal} />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>{t("ops.login.submit")}</Button>
      </Form>
    </Card>
  );
}
