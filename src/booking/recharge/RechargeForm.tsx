// The recharge form (/recharge/index, and the workbench's Recharge): the current balance, the
// amount (typed, or one of the quick amounts), checked with the schema the server's route uses,
// and 下一步, which creates the recharge and opens its cashier. The amount travels as the text
// typed, never as a float.
import { useState } from "react";
import { Alert, Button, Card, Form, Input, Radio, Skeleton, Space, Statistic, Typography } from "antd";
import { useCustom, type HttpError, useTranslate } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { useNavigate } from "react-router";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { RECHARGE_MAX_FEN, RECHARGE_QUICK_FEN, type RechargeCreated } from "../../domain/orders/recharge";
import { rechargeAmountFen, rechargeCreateInput } from "../../domain/payments/recharge";
import type { AccountSummary } from "../../domain/payments/types";
import { rechargePayPath } from "../../access/order-paths";
import "./recharge.css";
import { fenToYuan, formatFen, moneyText, priceText } from "../../domain/money";

interface Values {
  amount: string;
}

function Balance() {
  const t = useTranslate();
  const { query, result } = useCustom<AccountSummary>({ url: "/account/AppAccount", method: "post", errorNotification: false, queryOptions: { retry: false } });
  const a = result.data as AccountSummary | undefined;
  if (query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  if (query.error || !a) {
    return <Alert type="error" showIcon message={t("wallet.loadError")} description={query.error?.message} action={<Button size="small" onClick={() => query.refetch()}>{t("flightOrder.retry")}</Button>} />;
  }
  return <Statistic title={t("recharge.balance")} prefix="¥" value={formatFen(a.balanceFen)} data-testid="recharge-balance" />;
}

export function RechargeForm() {
  const t = useTranslate();
  const navigate = useNavigate();
  // One key per form: a 下一步 sent twice finds the recharge the first one created.
  const [clientKey] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | null>(null);
  // Refine creates the recharge (a create on the recharges resource); its cashier opens next.
  const {
    control, handleSubmit, setError, setValue, watch,
    refineCore: { onFinish, formLoading },
  } = useForm<RechargeCreated, HttpError, Values>({
    resolver: schemaResolver<Values>(() => rechargeCreateInput, { raw: true, input: (v) => ({ amount: v.amount ?? "", clientKey }) }),
    defaultValues: { amount: "" },
    warnWhenUnsavedChanges: false,
    // A refusal's field message is placed by applyRefusal, which also says what is left for the line.
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: "recharges",
      action: "create",
      ...QUIET_SAVE,
      onMutationSuccess: ({ data }) => navigate(rechargePayPath(data.id)),
      onMutationError: (e) => setRefusal(applyRefusal(e, ["amount"], setError)),
    },
  });
  const amountFen = rechargeAmountFen(watch("amount"));

  const next = handleSubmit((values) => {
    setRefusal(null);
    // The refusal is shown by onMutationError; the rejected promise has nothing more to say.
    onFinish({ amount: values.amount.trim(), clientKey } as Values).catch(() => undefined);
  });

  return (
    <Card className="tp-recharge">
      <Space direction="vertical" size={24} style={{ width: "100%" }}>
        <Balance />
        <Form layout="vertical" component="div" style={{ maxWidth: 520 }}>
          <Form.Item label={t("recharge.quick")}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={RECHARGE_QUICK_FEN.find((q) => q === amountFen) ?? null}
              onChange={(e) => setValue("amount", fenToYuan(e.target.value as number), { shouldValidate: true, shouldDirty: true })}
              options={RECHARGE_QUICK_FEN.map((q) => ({ value: q, label: t("recharge.yuan", { amount: priceText(q) }) }))}
            />
          </Form.Item>
          <FormField control={control} name="amount" label={t("recharge.amount")} required extra={t("recharge.limit", { max: formatFen(RECHARGE_MAX_FEN) })}>
            <Input prefix="¥" inputMode="decimal" maxLength={12} placeholder={t("recharge.amountPlaceholder")} style={{ width: 240 }} autoComplete="off" onPressEnter={() => next()} />
          </FormField>
          {amountFen !== null && (
            <Typography.Paragraph>
              {t("recharge.toPay")}<Typography.Text strong type="danger" className="tp-recharge__due" data-testid="recharge-due">{moneyText(amountFen)}</Typography.Text>
            </Typography.Paragraph>
          )}
          <FormMessage refusal={refusal} />
          <Button type="primary" size="large" onClick={() => next()} loading={formLoading}>
            {t("recharge.next")}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t("recharge.note")}</Typography.Paragraph>
      </Space>
    </Card>
  );
}
