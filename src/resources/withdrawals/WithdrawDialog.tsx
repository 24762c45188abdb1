// 提现: a bound card, the amount (全部提现 fills in the whole withdrawable balance, shown above) and
// the pay password, checked with the domain's form schema; the server takes the money at once and
// the request waits for review in 提现记录.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCustom, useInvalidate, useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { Alert, App, Button, Form, Input, Modal, Select, Skeleton, Typography } from "antd";
import type { z } from "zod";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, firstErrorField, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { domainLang } from "../../providers/i18n-provider";
import { passwordDigest } from "../../domain/password-digest";
import { PAY_PWD_LENGTH } from "../../domain/forms/account";
import { WITHDRAWAL_SCHEMAS, type WithdrawalView } from "../../domain/payments/withdrawal";
import { pathFor } from "../../access/routes";
import type { BankCardView } from "../../domain/payments/bank-cards";
import { useBankCards } from "./BankCards";
import { fenToYuan, moneyText } from "../../domain/money";

type Schemas = (typeof WITHDRAWAL_SCHEMAS)["zh"];
type Values = z.input<Schemas["applyForm"]>;
const FIELDS = ["cardId", "amount", "payPassword"] as const;

interface Props {
  withdrawableFen: number;
  onClose: () => void;
  /** Opens 银行卡 (no card is bound yet). */
  onCards: () => void;
}

export function WithdrawDialog(props: Props) {
  const t = useTranslate();
  const cards = useBankCards();
  const payPwd = useCustom<{ isSetup: boolean }>({ url: "/member/isPayPwdSetup", method: "post", errorNotification: false, queryOptions: { retry: false } });
  const list = cards.cards;
  const frame = (body: ReactNode) => (
    <Modal open title={t("wallet.withdraw.title")} footer={null} onCancel={props.onClose} destroyOnHidden>
      {body}
    </Modal>
  );
  if (cards.query.isLoading || payPwd.query.isLoading) return frame(<Skeleton active paragraph={{ rows: 3 }} />);
  if (cards.query.error || !list) {
    return frame(<Alert type="error" showIcon message={cards.query.error?.message ?? t("wallet.cards.loadError")} action={<Button onClick={() => cards.query.refetch()}>{t("flightOrder.retry")}</Button>} />);
  }
  if (!list.length) {
    return frame(<Alert type="info" showIcon message={t("wallet.withdraw.noCards")} action={<Button type="primary" onClick={props.onCards}>{t("wallet.cards.add")}</Button>} />);
  }
  return <WithdrawForm {...props} cards={list} payPwdSetup={payPwd.result.data?.isSetup !== false} />;
}

function WithdrawForm({ withdrawableFen, onClose, cards, payPwdSetup }: Props & { cards: BankCardView[]; payPwdSetup: boolean }) {
  const t = useTranslate();
  const { message } = App.useApp();
  // Refine applies: a create on the withdrawals resource.
  const {
    control, handleSubmit, setError, setValue, watch, formState,
    refineCore: { onFinish, formLoading },
  } = useForm<WithdrawalView, HttpError, Values>({
    resolver: schemaResolver<Values>(() => WITHDRAWAL_SCHEMAS[domainLang()].applyForm),
    defaultValues: { cardId: cards[0].id, amount: "", payPassword: "" },
    warnWhenUnsavedChanges: false,
    // A refusal's field messages are placed by applyRefusal, which also says what is left for the line.
    disableServerSideValidation: true,
    refineCoreProps: { resource: "withdrawals", action: "create", ...QUIET_SAVE },
  });
  const submitState = useSubmitState(watch);
  const invalidate = useInvalidate();

  const submit = (values: z.output<Schemas["applyForm"]>) =>
    submitState.run(async () => {
      try {
        // Exact yuan text, never a float; the pay password as its digest like every password.
        await onFinish({ cardId: values.cardId, amount: fenToYuan(values.amount), payPassword: passwordDigest(values.payPassword) } as Values);
      } catch (e) {
        return applyRefusal(e, FIELDS, setError);
      }
      void message.success(t("wallet.withdraw.applied"));
      void invalidate({ invalidates: ["all"] });
      onClose();
      return null;
    });

  const first = firstErrorField(formState.errors, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({ control, name, hideError: first !== name });
  return (
    <Modal
      open
      title={t("wallet.withdraw.title")}
      okText={t("wallet.withdraw.submit")}
      cancelText={t("common.cancel")}
      onOk={() => void handleSubmit(submit as never)()}
      onCancel={onClose}
      okButtonProps={{ loading: formLoading, disabled: !payPwdSetup }}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        {!payPwdSetup && (
          <Alert style={{ marginBottom: 16 }} type="warning" showIcon message={t("wallet.withdraw.noPayPassword")} action={<Link to={pathFor("setting")}>{t("wallet.withdraw.setPayPassword")}</Link>} />
        )}
        <Typography.Paragraph>
          {t("wallet.withdraw.withdrawable")}{t("common.colon")}<Typography.Text strong type="danger" data-testid="withdrawable">{moneyText(withdrawableFen)}</Typography.Text>
        </Typography.Paragraph>
        <FormField {...field("cardId")} label={t("wallet.withdraw.card")}>
          <Select placeholder={t("wallet.withdraw.cardPlaceholder")} options={cards.map((c) => ({ value: c.id, label: `${c.bankName} ${c.cardNoMasked}` }))} />
        </FormField>
        <FormField
          {...field("amount")}
          label={t("wallet.withdraw.amount")}
          addon={<Button onClick={() => setValue("amount", fenToYuan(withdrawableFen), { shouldValidate: formState.isSubmitted })}>{t("wallet.withdraw.all")}</Button>}
        >
          <Input prefix="¥" placeholder={t("wallet.withdraw.amountPlaceholder")} inputMode="decimal" maxLength={16} />
        </FormField>
        <FormField {...field("payPassword")} label={t("wallet.withdraw.payPassword")}>
          <Input.Password placeholder={t("wallet.withdraw.payPasswordPlaceholder")} maxLength={PAY_PWD_LENGTH} inputMode="numeric" autoComplete="off" />
        </FormField>
        <Typography.Text type="secondary">{t("wallet.withdraw.hint")}</Typography.Text>
        <FormMessage refusal={submitState.refusal} />
      </Form>
    </Modal>
  );
}
