// Paying on the company's credit line (企业授信支付): what is left of the line, the pay password
// when the member has set one, and one button. The server refuses a payment that would pass the
// limit; its message shows here. A trade is created once and reused for retries.
import { useState } from "react";
import { Alert, Button, Form, Input, Space, Typography } from "antd";
import { useCustomMutation, useGetIdentity, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { PAY_PATHS, requestVerify, type CashierInfo, type CreatedPayment, type PaymentResult } from "../../domain/payments";
import { passwordDigest } from "../../domain/password-digest";
import { formatFen } from "../../domain/policy/fen";
import type { PortalUser } from "../../pages/layout/session";
import { usePaid } from "./usePaid";

export function CreditPay({ info }: { info: CashierInfo }) {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<PortalUser>();
  const [form] = Form.useForm<{ payPassword?: string }>();
  const [trade, setTrade] = useState<CreatedPayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCustomMutation<CreatedPayment>();
  const pay = useCustomMutation<PaymentResult>();
  const paid = usePaid();
  const available = info.creditAvailable ?? 0;
  const short = available < info.amount;

  const payWith = (t0: CreatedPayment, payPassword?: string) =>
    pay.mutate(
      {
        url: PAY_PATHS.credit,
        method: "post",
        values: { outTradeNo: t0.outTradeNo, requestVerify: requestVerify(Number(user?.id), t0.outTradeNo), businessType: t0.businessType, ...(payPassword ? { payPassword: passwordDigest(payPassword) } : {}) },
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: ({ data }) => paid(data), onError: (e: HttpError) => setError(e.message) },
    );

  const submit = ({ payPassword }: { payPassword?: string }) => {
    setError(null);
    if (trade) return payWith(trade, payPassword);
    create.mutate(
      { url: PAY_PATHS.create, method: "post", values: { orderId: info.orderId, method: "credit" }, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          setTrade(data);
          payWith(data, payPassword);
        },
        onError: (e: HttpError) => setError(e.message),
      },
    );
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }} aria-label={t("pay.credit")}>
      <Typography.Paragraph>
        {t("pay.creditAvailable")}：<Typography.Text strong data-testid="credit-available">¥{formatFen(available)}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t("pay.creditNote")}</Typography.Paragraph>
      {short && <Alert type="warning" showIcon message={t("pay.creditInsufficient")} style={{ marginBottom: 16 }} />}
      {info.payPwdSetup && (
        <Form.Item
          name="payPassword"
          label={t("pay.payPassword")}
          rules={[{ required: true, message: t("pay.payPasswordRequired") }, { pattern: /^\d{6}$/, message: t("pay.payPasswordRule") }]}
        >
          <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Space>
        <Button type="primary" htmlType="submit" disabled={!user?.id} loading={create.mutation.isPending || pay.mutation.isPending}>
          {t("pay.payNow")}
        </Button>
      </Space>
    </Form>
  );
}
