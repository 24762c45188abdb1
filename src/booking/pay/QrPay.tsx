// Paying by Alipay or WeChat QR: the trade is precreated, its URL shown as a QR code, and the
// trade queried every 2.5 s until the gateway's notification has marked it paid.
import { useEffect, useState } from "react";
import { Alert, Button, QRCode, Space, Typography } from "antd";
import { useCreate, useCustom, useGetIdentity, type HttpError, useTranslate } from "@refinedev/core";
import { PAYMENTS } from "../index";
import { PAY_PATHS, SANDBOX_CASHIER_PATH, requestVerify, type CashierInfo, type CreatedPayment, type PaymentResult, type Precreated, type QrMethod } from "../../domain/payments";
import { PAY_POLL_INTERVAL_MS } from "../../domain/format";
import type { PortalUser } from "../../layout/session";
import { usePaid } from "./usePaid";

function isSandboxQr(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith(`${SANDBOX_CASHIER_PATH}/`);
  } catch {
    return false;
  }
}

export function QrPay({ info, method }: { info: CashierInfo; method: QrMethod }) {
  const t = useTranslate();
  const { data: user } = useGetIdentity<PortalUser>();
  const [qr, setQr] = useState<(Precreated & { verify: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Refine creates the payment, then its QR trade at the gateway.
  const create = useCreate<CreatedPayment>();
  const precreate = useCreate<Precreated>();
  const paid = usePaid();

  const { result } = useCustom<PaymentResult>({
    url: PAY_PATHS.query,
    method: "post",
    config: { payload: { outTradeNo: qr?.outTradeNo, requestVerify: qr?.verify } },
    errorNotification: false,
    queryOptions: {
      enabled: Boolean(qr),
      retry: false,
      // Stops once the trade is settled; a failed poll simply tries again on the next tick.
      refetchInterval: (q) => (q.state.data?.data?.status && q.state.data.data.status !== "created" ? false : PAY_POLL_INTERVAL_MS),
      refetchIntervalInBackground: true,
    },
  });
  const status = (result.data as PaymentResult | undefined)?.status;
  // Leaving the page is the effect of the poll's answer, not a fetch of its own.
  useEffect(() => {
    if (status === "paid") paid(result.data as PaymentResult);
  }, [status]); // eslint-disable-line react-hooks/exhaustive-deps

  const start = () => {
    setError(null);
    const fail = (e: HttpError) => setError(e.message);
    create.mutate(
      { resource: PAYMENTS.create, values: { orderId: info.orderId, method }, successNotification: false, errorNotification: false, invalidates: [] },
      {
        onSuccess: ({ data: trade }) => {
          const verify = requestVerify(Number(user?.id), trade.outTradeNo);
          precreate.mutate(
            { resource: PAYMENTS.qr, values: { outTradeNo: trade.outTradeNo, requestVerify: verify, businessType: trade.businessType }, successNotification: false, errorNotification: false, invalidates: [] },
            { onSuccess: ({ data }) => setQr({ ...data, verify }), onError: fail },
          );
        },
        onError: fail,
      },
    );
  };

  const name = method === "alipay" ? t("pay.alipay") : t("pay.wechat");
  return (
    <Space direction="vertical" size={16}>
      {error && <Alert type="error" showIcon message={error} />}
      {(status === "refunding" || status === "refunded") && <Alert type="warning" showIcon message={t("pay.refunded", { name })} />}
      {qr ? (
        <div className="tp-pay__qr">
          <QRCode value={qr.qrUrl} size={200} status={status === "paid" ? "scanned" : "active"} />
          <Space direction="vertical">
            <Typography.Text>{t("pay.scanWith", { name })}</Typography.Text>
            <Typography.Text type="secondary">{t("pay.waiting")}</Typography.Text>
            {/* Only the sandbox's QR opens a page here; a real gateway's is for the payer's phone. */}
            {isSandboxQr(qr.qrUrl) && <Typography.Link href={qr.qrUrl} target="_blank" rel="noopener" data-testid="qr-url">{t("pay.openSandbox")}</Typography.Link>}
          </Space>
        </div>
      ) : (
        <Button type="primary" onClick={start} disabled={!user?.id} loading={create.mutation.isPending || precreate.mutation.isPending}>
          {t("pay.showQr", { name })}
        </Button>
      )}
    </Space>
  );
}
