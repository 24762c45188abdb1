// 绑定动态验证码: the first sign-in of an operator shows a QR code of a new TOTP secret (and the
// secret as text, for typing it in) and asks for one code from the authenticator to confirm it.
import { useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { Button, Card, Form, Input, QRCode, Typography } from "antd";
import { useNavigate } from "react-router";
import { FormField, FormMessage, NO_RECORD, applyRefusal, useSubmitState } from "../components/FormField";
import { schemaResolver } from "../components/form-errors";
import { setOpsToken } from "./session";
import { OPS_PATHS } from "../domain/ops/paths";
import { opsTotpConfirmSchema, type OpsEnrolReply, type OpsLoginReply } from "../domain/ops/schemas";

export function OpsEnrol() {
  const t = useTranslate();
  const navigate = useNavigate();
  const enrol = useCustomMutation<OpsEnrolReply, HttpError>();
  const confirm = useCustomMutation<OpsLoginReply, HttpError>();
  const form = useForm<OpsLoginReply, HttpError, { code: string }>({
    ...NO_RECORD,
    mode: "onSubmit",
    defaultValues: { code: "" },
    resolver: schemaResolver<{ code: string }>(() => opsTotpConfirmSchema, { raw: true, input: (v) => ({ code: v.code.trim() }) }),
  });
  const state = useSubmitState(form.watch);
  const secret = enrol.mutation.data?.data;
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      try {
        const res = await confirm.mutateAsync({ url: OPS_PATHS.totpConfirm, method: "post", values, successNotification: false, errorNotification: false });
        setOpsToken(res.data.token);
        navigate("/ops", { replace: true });
        return null;
      } catch (e) {
        return applyRefusal<{ code: string }>(e, ["code"], form.setError);
      }
    }),
  );
  return (
    <Card title={t("ops.enrol.title")} style={{ width: 460, margin: "60px auto" }}>
      <Typography.Paragraph>{t("ops.enrol.intro")}</Typography.Paragraph>
      {!secret ? (
        <Button
          type="primary"
          loading={enrol.mutation.isPending}
          onClick={() => void enrol.mutateAsync({ url: OPS_PATHS.totpEnrol, method: "post", values: {}, successNotification: false }).catch(() => {})}
        >
          {t("ops.enrol.start")}
        </Button>
      ) : (
        <>
          <QRCode value={secret.url} size={200} style={{ margin: "0 auto 12px" }} />
          {/* The key on a line of its own: 32 characters beside the label would reach the card's edge. */}
          <Typography.Paragraph>
            {t("ops.enrol.secret")}
            <br />
            <Typography.Text code copyable data-testid="ops-totp-secret">{secret.secret}</Typography.Text>
          </Typography.Paragraph>
          <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} aria-label={t("ops.enrol.title")}>
            <FormField control={form.control} name="code" label={t("ops.enrol.code")}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </FormField>
            <FormMessage refusal={state.refusal} />
            <Button type="primary" htmlType="submit" loading={confirm.mutation.isPending}>{t("ops.enrol.confirm")}</Button>
          </Form>
        </>
      )}
    </Card>
  );
}
