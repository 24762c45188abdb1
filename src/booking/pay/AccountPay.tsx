// Paying from an account the portal keeps: the wallet, or the company's credit line (企业授信支付).
// What is available, the pay password, and one button. The wallet never pays without the pay
// password: a member who has none is led to set it (the account settings' own form, an SMS code to
// their phone) and comes back to this cashier, same order, to pay. The credit line asks for the
// password when one is set. A trade is
// created once and reused for retries (a wrong pay password, a network error). The server refuses
// a payment past the balance or the credit limit; its message shows here.
import { usePayWords } from "../../components/orders/usePayWords";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { z } from "zod";
import { Alert, Button, Form, Input, Space, Typography } from "antd";
import { useCreate, useGetIdentity, type BaseRecord, type HttpError, useTranslate } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { PAYMENTS } from "../index";
import { requestVerify, type CashierInfo, type CreatedPayment, type PaymentResult } from "../../domain/payments";
import { passwordDigest } from "../../domain/password-digest";
import { payPasswordForm } from "../../domain/payments/pay-code-schemas";
import { PAY_PWD_LENGTH } from "../../domain/forms/account";
import { FormField, NO_RECORD, applyRefusal } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { useLang } from "../../layout/session";
import type { PortalUser } from "../../layout/session";
import { usePaid } from "./usePaid";
import { moneyText } from "../../domain/money";

type AccountMethod = "wallet" | "credit";

/** What differs between the two accounts: the resource that pays, what is available and how it is labelled. */
const ACCOUNTS: Record<AccountMethod, {
  resource: string;
  available: (info: CashierInfo) => number;
  labelKey: string;
  availableKey: string;
  availableTestId: string;
  shortKey: string;
  noteKey?: string;
  /** The wallet balance is exact; a credit line's remainder may have moved, so the server decides. */
  blockWhenShort: boolean;
}> = {
  wallet: { resource: PAYMENTS.wallet, available: (i) => i.walletBalance, labelKey: "pay.wallet", availableKey: "pay.balance", availableTestId: "wallet-balance", shortKey: "pay.insufficient", blockWhenShort: true },
  credit: { resource: PAYMENTS.credit, available: (i) => i.creditAvailable ?? 0, labelKey: "pay.credit", availableKey: "pay.creditAvailable", availableTestId: "credit-available", shortKey: "pay.creditInsufficient", noteKey: "pay.creditNote", blockWhenShort: false },
};

export const WalletPay = ({ info }: { info: CashierInfo }) => <AccountPay info={info} method="wallet" />;
export const CreditPay = ({ info }: { info: CashierInfo }) => <AccountPay info={info} method="credit" />;

function AccountPay({ info, method }: { info: CashierInfo; method: AccountMethod }) {
  const account = ACCOUNTS[method];
  const t = useTranslate();
  const words = usePayWords();
  const { data: user } = useGetIdentity<PortalUser>();
  const lang = useLang();
  // The password is asked only when the member has set one; otherwise the form has nothing to check.
  // The form checks the password; paying is the creates below (a payment, then its settlement).
  const { control, handleSubmit, setError: setFieldError } = useForm<BaseRecord, HttpError, { payPassword?: string }>({
    ...NO_RECORD,
    resolver: schemaResolver<{ payPassword?: string }>(() => (info.payPwdSetup ? payPasswordForm(lang) : z.object({ payPassword: z.string().optional() }))),
    defaultValues: { payPassword: "" },
  });
  const [trade, setTrade] = useState<CreatedPayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreate<CreatedPayment>();
  const pay = useCreate<PaymentResult>();
  const paid = usePaid();
  const available = account.available(info);
  const short = available < info.amount;
  // A wallet that cannot cover the order asks for nothing: its password, or setting one, would
  // lead nowhere (the member pays another way).
  const blocked = short && account.blockWhenShort;
  const navigate = useNavigate();
  const here = useLocation();
  const mustSetPassword = method === "wallet" && !info.payPwdSetup;
  const setPassword = () => navigate(`${pathFor("setting")}?back=${encodeURIComponent(here.pathname + here.search)}`);

  const payWith = (t0: CreatedPayment, payPassword?: string) =>
    pay.mutate(
      {
        resource: account.resource,
        values: { outTradeNo: t0.outTradeNo, requestVerify: requestVerify(Number(user?.id), t0.outTradeNo), businessType: t0.businessType, ...(payPassword ? { payPassword: passwordDigest(payPassword) } : {}) },
        successNotification: false,
        errorNotification: false,
        invalidates: [],
      },
      {
        onSuccess: ({ data }) => paid(data),
        // A refusal naming the password lands under it; any other is the form's message line.
        onError: (e: HttpError) => {
          const rest = applyRefusal<{ payPassword?: string }>(e, ["payPassword"], setFieldError);
          if (rest) setError(rest);
        },
      },
    );

  const submit = handleSubmit(({ payPassword }) => {
    setError(null);
    if (trade) return payWith(trade, payPassword);
    create.mutate(
      { resource: PAYMENTS.create, values: { orderId: info.orderId, method }, successNotification: false, errorNotification: false, invalidates: [] },
      {
        onSuccess: ({ data }) => {
          setTrade(data);
          payWith(data, payPassword);
        },
        onError: (e: HttpError) => setError(e.message),
      },
    );
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()} style={{ maxWidth: 420 }} aria-label={t(account.labelKey)}>
      <Typography.Paragraph>
        {t(account.availableKey)}{t("common.colon")}<Typography.Text strong data-testid={account.availableTestId}>{moneyText(available)}</Typography.Text>
      </Typography.Paragraph>
      {account.noteKey && <Typography.Paragraph type="secondary">{t(account.noteKey)}</Typography.Paragraph>}
      {short && <Alert type="warning" showIcon message={t(account.shortKey)} style={{ marginBottom: 16 }} />}
      {info.payPwdSetup && !blocked && (
        <FormField control={control} name="payPassword" label={t("pay.payPassword")} required>
          <Input.Password maxLength={PAY_PWD_LENGTH} inputMode="numeric" autoComplete="off" />
        </FormField>
      )}
      {mustSetPassword && !blocked && (
        <Alert
          type="warning" showIcon message={t("pay.needPayPassword")} style={{ marginBottom: 16 }} data-testid="set-pay-password"
          action={<Button size="small" type="primary" onClick={setPassword}>{t("pay.setPayPassword")}</Button>}
        />
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Space>
        <Button type="primary" htmlType="submit" disabled={blocked || mustSetPassword || !user?.id} loading={create.mutation.isPending || pay.mutation.isPending}>
          {words.submit}
        </Button>
      </Space>
    </Form>
  );
}
