// The pay authorization code (/myCenter/pay_authorization_code): the member generates a one-use
// code that lives 2 minutes, shown large with its QR and a countdown; 刷新 draws a new one (the
// old one dies on the server). The page asks for the code's status every 2 s until a counter
// charged it (已付款 ¥x.xx) or it expired. The member types the pay password before the first code,
// as paying from the wallet asks (one without a pay password is led to set it and comes back here);
// the page keeps its digest for 刷新 while it stays open.
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCreate, useCustom, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { Alert, Button, Card, Form, Input, QRCode, Result, Space, Typography } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { PAY_CODE_PATHS, PAY_CODE_POLL_MS, groupPayCode, type PayCodeView } from "../../domain/payments/pay-code";
import { formatChinaTime } from "../../domain/format";
import type { AccountSummary } from "../../domain/payments/types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { Countdown } from "../../components/orders/Countdown";
import { payPasswordForm } from "../../domain/payments/pay-code-schemas";
import { passwordDigest } from "../../domain/password-digest";
import { PAY_PWD_LENGTH } from "../../domain/forms/account";
import { FormField, NO_RECORD, applyRefusal } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { PAY_CODES } from "../../components/account-resources";
import { useLang } from "../../layout/session";
import { pathFor } from "../../access/routes";
import { formatFen } from "../../domain/money";

export default function PayAuthCodePage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  // The code the last generate call answered; its status then comes from the poll below.
  const [issued, setIssued] = useState<PayCodeView | null>(null);
  // Drawing a code is a create on the pay-codes resource: by the form, and again by 刷新.
  const generate = useCreate<PayCodeView>();
  const status = useCustom<PayCodeView>({
    url: PAY_CODE_PATHS.status,
    method: "post",
    config: { payload: { code: issued?.code } },
    errorNotification: false,
    queryOptions: {
      enabled: Boolean(issued),
      retry: false,
      // Until the code is charged, expires or is replaced; a failed poll tries again next tick.
      refetchInterval: (q) => (!q.state.data?.data?.status || q.state.data.data.status === "active" ? PAY_CODE_POLL_MS : false),
      refetchIntervalInBackground: true,
    },
  });
  const polled = status.result.data as PayCodeView | undefined;
  const code = polled?.code && polled.code === issued?.code ? polled : issued;
  // The balance is read again once a counter charged the code: the charged code is part of the
  // query's key, so the new key is fetched by itself.
  const wallet = useCustom<AccountSummary>({
    url: "/account/AppAccount",
    method: "post",
    meta: { chargedCode: code?.status === "used" ? code.code : null },
    errorNotification: false,
    queryOptions: { retry: false },
  });

  const payPwd = useCustom<{ isSetup: boolean }>({ url: "/member/isPayPwdSetup", method: "post", errorNotification: false, queryOptions: { retry: false } });
  const hasPassword = (payPwd.result.data as { isSetup?: boolean } | undefined)?.isSetup === true;
  const navigate = useNavigate();
  const here = useLocation();
  const setPassword = () => navigate(`${pathFor("setting")}?back=${encodeURIComponent(here.pathname + here.search)}`);
  // The digest the member typed, for 刷新 while the page is open (never stored elsewhere).
  const [digest, setDigest] = useState<string | null>(null);
  const draw = (withDigest = digest, onRefused?: (e: HttpError) => void) =>
    generate.mutate(
      { resource: PAY_CODES, values: withDigest ? { payPassword: withDigest } : {}, successNotification: false, errorNotification: false, invalidates: [] },
      {
        onSuccess: ({ data }) => {
          setIssued(data);
          setDigest(withDigest);
          void wallet.query.refetch();
        },
        onError: (e) => {
          // A refused password is asked for again.
          if (withDigest) setDigest(null);
          onRefused?.(e);
        },
      },
    );
  const locked = !digest;
  const balanceFen = (wallet.result.data as AccountSummary | undefined)?.balanceFen;
  const p = (k: string, o?: Record<string, unknown>) => t(`rewards.payCode.${k}`, o);

  return (
    <WorkbenchFrame routeName={routeName}>
      <Card style={{ maxWidth: 560 }}>
        <Space direction="vertical" size={16} style={{ width: "100%", alignItems: "center", textAlign: "center" }}>
          {generate.mutation.error && !locked && <Alert type="error" showIcon message={p("error")} description={generate.mutation.error.message} action={<Button onClick={() => draw()}>{t("rewards.retry")}</Button>} />}
          {(!code || locked) && (
            <>
              <Typography.Paragraph type="secondary" style={{ maxWidth: 420 }}>{p("intro")}</Typography.Paragraph>
              {payPwd.query.isLoading ? null : hasPassword ? (
                <Unlock pending={generate.mutation.isPending} onSubmit={(d, refused) => draw(d, refused)} />
              ) : (
                <Alert
                  type="warning" showIcon message={t("pay.needPayPassword")} data-testid="set-pay-password"
                  action={<Button size="small" type="primary" onClick={setPassword}>{t("pay.setPayPassword")}</Button>}
                />
              )}
            </>
          )}
          {code && !locked && code.status === "used" && (
            <Result
              status="success"
              title={<span data-testid="pay-code-paid">{p("paid", { amount: formatFen(code.amount ?? 0) })}</span>}
              subTitle={code.paidTime ? p("paidAt", { time: formatChinaTime(code.paidTime) }) : undefined}
              extra={<Button type="primary" onClick={() => draw()} loading={generate.mutation.isPending}>{p("again")}</Button>}
            />
          )}
          {code && !locked && code.status !== "used" && (
            <>
              <Typography.Text
                strong
                copyable={false}
                data-testid="pay-code"
                aria-label={p("title")}
                style={{ fontSize: 28, letterSpacing: 2, fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" }}
              >
                {groupPayCode(code.code)}
              </Typography.Text>
              <div role="img" aria-label={p("qr")} data-testid="pay-code-qr">
                <QRCode value={code.code} size={220} status={code.status === "active" ? "active" : "expired"} onRefresh={() => draw()} />
              </div>
              {code.status === "active" ? (
                <Typography.Text type="warning">
                  <Countdown until={code.expiresAt} onEnd={() => void status.query.refetch()} textKey="rewards.payCode.validFor" expiredKey="rewards.payCode.expired" />
                </Typography.Text>
              ) : (
                <Typography.Text type="danger">{p(code.status === "revoked" ? "revoked" : "expired")}</Typography.Text>
              )}
              {code.status === "active" && <Typography.Text type="secondary">{p("waiting")}</Typography.Text>}
              <Button icon={<ReloadOutlined />} onClick={() => draw()} loading={generate.mutation.isPending}>{p("refresh")}</Button>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{p("hint")}</Typography.Text>
            </>
          )}
          {balanceFen !== undefined && <Typography.Text type="secondary" data-testid="pay-code-balance">{p("balance", { amount: formatFen(balanceFen) })}</Typography.Text>}
        </Space>
      </Card>
    </WorkbenchFrame>
  );
}

/** The pay password before the first code; a refusal (wrong password, locked) shows under it. */
function Unlock({ pending, onSubmit }: { pending: boolean; onSubmit: (digest: string, refused: (e: HttpError) => void) => void }) {
  const t = useTranslate();
  const lang = useLang();
  // The form checks the password; the page draws the code with it (onSubmit), by 刷新 as well.
  const { control, handleSubmit, setError } = useForm<BaseRecord, HttpError, { payPassword: string }>({
    ...NO_RECORD,
    resolver: schemaResolver<{ payPassword: string }>(() => payPasswordForm(lang)),
    defaultValues: { payPassword: "" },
  });
  const submit = handleSubmit(({ payPassword }) =>
    onSubmit(passwordDigest(payPassword), (e) => {
      if (!applyRefusal<{ payPassword: string }>(e, ["payPassword"], setError)) return;
      setError("payPassword", { type: "server", message: e.message });
    }),
  );
  return (
    <Form layout="vertical" onFinish={() => void submit()} style={{ width: 280, textAlign: "left" }} aria-label={t("rewards.payCode.unlock")}>
      <FormField control={control} name="payPassword" label={t("pay.payPassword")} required>
        <Input.Password maxLength={PAY_PWD_LENGTH} inputMode="numeric" autoComplete="off" />
      </FormField>
      <Button type="primary" size="large" htmlType="submit" block loading={pending}>{t("rewards.payCode.generate")}</Button>
    </Form>
  );
}
