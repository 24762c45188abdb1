// 银行卡 on the wallet page: the member's bound cards (masked, with the bank's name), 添加银行卡
// (number → bank looked up as it is typed, holder name, the SMS code to the member's own phone)
// and 解绑 after a confirmation.
import { useState } from "react";
import { useDelete, useGetIdentity, useInvalidate, useList, useOne, type HttpError, useTranslate } from "@refinedev/core";
import { Alert, App, Button, Card, Empty, Form, Input, List, Modal, Popconfirm, Skeleton, Space, Tag, Typography } from "antd";
import { BankOutlined, PlusOutlined } from "@ant-design/icons";
import type { z } from "zod";
import { FormField, FormMessage, firstErrorField } from "../../components/FormField";
import { SmsButton } from "../../components/SmsButton";
import { maskPhone } from "../../components/PayPasswordForm";
import { domainLang } from "../../providers/i18n-provider";
import type { PortalUser } from "../../providers/auth-provider";
import {
  BANK_CARD_SCHEMAS, CARD_INPUT_MAX, HOLDER_NAME_MAX, MAX_BANK_CARDS, cardDigits, isBankCardNumber, type BankCardView, type BankTypeView,
} from "../../domain/payments/bank-cards";
import { CODE_MAX } from "../../domain/forms/auth";
import { useResourceForm } from "../useResourceForm";
import { BANK_CARDS, BANK_TYPES } from "./index";

/** The member's bound cards, shared by this tab and the 提现 dialog's card select. */
export function useBankCards() {
  const cards = useList<BankCardView, HttpError>({ resource: BANK_CARDS, pagination: { mode: "off" }, errorNotification: false, queryOptions: { retry: false } });
  return { query: cards.query, cards: cards.query.data?.data };
}

export function BankCards() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { query, cards } = useBankCards();
  const [adding, setAdding] = useState(false);
  const unbind = useDelete<BankCardView, HttpError>();
  const invalidate = useInvalidate();

  // Refine's delete of the card; the withdrawals and the balance are read again with it.
  const remove = (card: BankCardView) =>
    unbind.mutation.isPending
      ? undefined
      : unbind
          .mutateAsync({ resource: BANK_CARDS, id: card.id, successNotification: false, errorNotification: false })
          .then(() => {
            void message.success(t("wallet.cards.unbound"));
            void invalidate({ invalidates: ["all"] });
          })
          .catch((e: HttpError) => void message.error(e.message));

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.error || !cards) {
    return <Alert type="error" showIcon message={t("wallet.cards.loadError")} description={query.error?.message} action={<Button onClick={() => query.refetch()}>{t("flightOrder.retry")}</Button>} />;
  }
  const full = cards.length >= MAX_BANK_CARDS;
  return (
    <div data-testid="bank-cards">
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setAdding(true)}>{t("wallet.cards.add")}</Button>
        <Typography.Text type="secondary">{t("wallet.cards.limit", { max: MAX_BANK_CARDS, count: cards.length })}</Typography.Text>
      </Space>
      {cards.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("wallet.cards.empty")} />
      ) : (
        <List
          grid={{ gutter: 16, xs: 1, sm: 2, lg: 3 }}
          dataSource={cards}
          renderItem={(c) => (
            <List.Item>
              <Card
                size="small"
                data-testid="bank-card"
                title={<Space><BankOutlined />{c.bankName}</Space>}
                extra={
                  <Popconfirm title={t("wallet.cards.unbindConfirm")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => remove(c)}>
                    <Button type="link" size="small" danger>{t("wallet.cards.unbind")}</Button>
                  </Popconfirm>
                }
              >
                <Typography.Text strong style={{ fontSize: 16, letterSpacing: 1 }}>{c.cardNoMasked}</Typography.Text>
                <div><Typography.Text type="secondary">{t("wallet.cards.holder")}{t("common.colon")}{c.holderName}</Typography.Text> <Tag>{t("wallet.cards.debit")}</Tag></div>
              </Card>
            </List.Item>
          )}
        />
      )}
      {adding && <BindCardDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

type Values = z.input<(typeof BANK_CARD_SCHEMAS)["zh"]["bindCardInput"]>;
const FIELDS = ["cardNo", "holderName", "smsCode"] as const;

export function BindCardDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const identity = useGetIdentity<PortalUser>();
  const mobilePhone = identity.data?.mobilePhone ?? "";
  const invalidate = useInvalidate();
  // Refine binds the card: a create of bank-cards, checked with the server's own schema.
  const { control, watch, formState, submit, saving, refusal } = useResourceForm<Values, BankCardView>({
    resource: BANK_CARDS,
    schema: () => BANK_CARD_SCHEMAS[domainLang()].bindCardInput,
    defaultValues: { cardNo: "", holderName: "", smsCode: "" },
    fields: () => FIELDS,
    redirect: false,
    onSaved: () => {
      void message.success(t("wallet.cards.bound"));
      void invalidate({ invalidates: ["all"] });
      onClose();
    },
  });
  const digits = cardDigits(String(watch("cardNo") ?? ""));
  // The bank shows as soon as the number is whole and its check digit right.
  const lookup = useOne<BankTypeView, HttpError>({
    resource: BANK_TYPES,
    id: digits,
    errorNotification: false,
    queryOptions: { enabled: isBankCardNumber(digits), retry: false, staleTime: Infinity },
  });
  const bank = isBankCardNumber(digits) ? lookup.query.data?.data : undefined;

  const first = firstErrorField(formState.errors, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({ control, name, hideError: first !== name });
  return (
    <Modal
      open
      title={t("wallet.cards.add")}
      okText={t("wallet.cards.bind")}
      cancelText={t("common.cancel")}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        <FormField
          {...field("cardNo")}
          label={t("wallet.cards.cardNo")}
          extra={
            lookup.query.isFetching ? t("wallet.cards.lookingUp") : bank ? (
              <span data-testid="bank-name"><BankOutlined /> {bank.name}</span>
            ) : lookup.query.error && isBankCardNumber(digits) ? <Typography.Text type="danger">{lookup.query.error.message}</Typography.Text> : null
          }
        >
          <Input placeholder={t("wallet.cards.cardNoPlaceholder")} maxLength={CARD_INPUT_MAX} inputMode="numeric" autoComplete="cc-number" />
        </FormField>
        <FormField {...field("holderName")} label={t("wallet.cards.holder")}>
          <Input placeholder={t("wallet.cards.holderPlaceholder")} maxLength={HOLDER_NAME_MAX} autoComplete="cc-name" />
        </FormField>
        <FormField
          {...field("smsCode")}
          label={t("wallet.cards.smsCode", { phone: maskPhone(mobilePhone) })}
          addon={<SmsButton purpose="bindBankCard" size="middle" getPhone={() => mobilePhone} />}
        >
          <Input placeholder={t("login.smsCodePlaceholder")} maxLength={CODE_MAX} inputMode="numeric" autoComplete="one-time-code" />
        </FormField>
        <FormMessage refusal={refusal} />
      </Form>
    </Modal>
  );
}
