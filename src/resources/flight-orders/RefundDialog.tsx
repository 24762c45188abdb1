// 退票: the server's estimate for every passenger still holding a ticket (ticket, fee rate, fee,
// taxes returned, an insurance premium surrendered before the flight, refund — the same quote the
// refund keeps), each with a tick box (all ticked at first); the totals follow the ticked
// passengers, with 含保险退保 (or, after the flight, the premium kept). Then a reason from the
// short list, then 确认退票.
// The passengers and the reason are checked with the server's own schema before they are sent.
import { useState } from "react";
import { Alert, App, Form, Modal, Select, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { useCustom, useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import type { z } from "zod";
import { FormField, QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { FLIGHT_REFUNDS } from "./after-sales";
import {
  FLIGHT_AFTER_SALES_PATHS as P, pickRefund, REFUND_REASONS, refundSubmitInput, type RefundLine, type RefundQuote,
} from "../../domain/orders/flight-after-sales";
import { formatFen, moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);
type Values = z.input<typeof refundSubmitInput>;

export function RefundDialog({ orderId, onClose, onDone }: { orderId: number; onClose: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { query } = useCustom<RefundQuote>({
    url: P.refundTip,
    method: "post",
    config: { payload: { id: orderId } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  });
  const quote = query.data?.data as RefundQuote | undefined;
  // Refine submits the refund: a create on the flight-refunds resource.
  const {
    control, handleSubmit, setError, watch,
    refineCore: { onFinish, formLoading },
  } = useForm<RefundQuote, HttpError, Values>({
    resolver: schemaResolver<Values>(() => refundSubmitInput),
    warnWhenUnsavedChanges: false,
    // A refusal's field messages are placed by applyRefusal, which also says what is left for the line.
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: FLIGHT_REFUNDS,
      action: "create",
      ...QUIET_SAVE,
      onMutationSuccess: () => {
        message.success(t("flightOrder.refund.submitted"));
        onDone();
      },
      onMutationError: (e) => setRefusal(applyRefusal(e, ["reason", "passengerIds"], setError)),
    },
    defaultValues: { id: orderId },
    // Every passenger of the estimate is ticked once it arrives; what the member changed stays.
    values: quote ? { id: orderId, passengerIds: quote.lines.map((l) => l.passengerId) } as Values : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const chosen = (watch("passengerIds") ?? []) as number[];

  const confirm = handleSubmit((values) => {
    setRefusal(null);
    // The refusal is shown by onMutationError; the rejected promise has nothing more to say.
    onFinish(values).catch(() => undefined);
  });

  // A round trip's or connection's passenger holds a ticket per flight: the choice counts tickets.
  const perFlight = new Set(quote?.lines.map((l) => l.flight) ?? []).size > 1;
  return (
    <Modal
      open
      title={t("flightOrder.refund.title")}
      okText={t("flightOrder.refund.confirm")}
      cancelText={t("flightOrder.notNow")}
      okButtonProps={{ danger: true, loading: formLoading, disabled: !quote }}
      onOk={() => confirm()}
      onCancel={onClose}
      width={800}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("flightOrder.refund.intro")}</Typography.Paragraph>
      {query.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {query.error && <Alert type="error" showIcon message={query.error.message} />}
      {quote && (
        <Form layout="vertical" component={false}>
          <Typography.Paragraph>
            {t("flightOrder.refund.hours", { hours: pickRefund(quote, chosen.length ? chosen : quote.lines.map((l) => l.passengerId)).hoursBeforeDeparture })}
          </Typography.Paragraph>
          <FormField control={control} name="passengerIds" label={t("flightOrder.refund.choose")} extra={t(perFlight ? "flightTrip.selectedTickets" : "flightOrder.refund.selected", { n: chosen.length, total: quote.lines.length })}>
            <QuoteTable quote={quote} />
          </FormField>
          <FormField control={control} name="reason" label={t("flightOrder.refund.reason")}>
            <Select placeholder={t("flightOrder.refund.reasonPlaceholder")} options={REFUND_REASONS.map((r) => ({ value: r, label: r }))} style={{ width: 260 }} />
          </FormField>
        </Form>
      )}
      {refusal && <Alert type="error" showIcon message={refusal} />}
    </Modal>
  );
}

/** The estimate, one row per passenger with its tick box; FormField gives it the ticked ids. The totals are the ticked rows'. */
function QuoteTable({ quote, value, onChange, id }: { quote: RefundQuote; value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const t = useTranslate();
  const chosen = value ?? [];
  const picked = pickRefund(quote, chosen);
  const nowrap = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
  // A server from before insurance was surrendered answers neither figure.
  const insured = quote.lines.some((l) => (l.insurance ?? 0) > 0 || (l.insuranceKept ?? 0) > 0);
  const columns: TableColumnsType<RefundLine> = [
    { ...nowrap, title: t("flightOrder.refund.passenger"), dataIndex: "name", key: "name" },
    // Which flight's ticket: a round trip's or connection's passenger has one per flight.
    ...(new Set(quote.lines.map((l) => l.flight)).size > 1 ? [{ ...nowrap, title: t("flightTrip.segment"), dataIndex: "flight", key: "flight" }] : []),
    { ...nowrap, title: t("flightOrder.refund.ticket"), dataIndex: "ticket", key: "ticket", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.refund.feePercent"), dataIndex: "feePercent", key: "feePercent", align: "right", render: (v: number) => `${v}%` },
    { ...nowrap, title: t("flightOrder.refund.fee"), dataIndex: "fee", key: "fee", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.refund.taxes"), dataIndex: "taxes", key: "taxes", align: "right", render: fen },
    ...(insured ? [{ ...nowrap, title: t("flightOrder.refund.insurance"), dataIndex: "insurance", key: "insurance", align: "right" as const, render: (v: number | undefined) => fen(v ?? 0) }] : []),
    { ...nowrap, title: t("flightOrder.refund.refund"), dataIndex: "refund", key: "refund", align: "right", render: fen },
  ];
  return (
    <>
      <Table<RefundLine>
        id={id}
        rowKey="passengerId"
        columns={columns}
        dataSource={quote.lines}
        pagination={false}
        size="small"
        data-testid="refund-quote"
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => onChange?.(quote.lines.map((l) => l.passengerId).filter((k) => keys.includes(k))),
        }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} />
            <Table.Summary.Cell index={1}><strong>{t("flightOrder.refund.sum")}</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={2} colSpan={2} />
            <Table.Summary.Cell index={4} align="right"><span data-testid="refund-fee">{fen(picked.fee)}</span></Table.Summary.Cell>
            <Table.Summary.Cell index={5} />
            {insured && <Table.Summary.Cell index={6} align="right">{fen(picked.insurance ?? 0)}</Table.Summary.Cell>}
            <Table.Summary.Cell index={insured ? 7 : 6} align="right"><Typography.Text strong type="danger" data-testid="refund-amount">{fen(picked.refund)}</Typography.Text></Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {(picked.insurance ?? 0) > 0 && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="refund-insurance">{t("flightOrder.refund.insuranceBack", { amount: formatFen(picked.insurance) })}</Typography.Paragraph>
      )}
      {(picked.insuranceKept ?? 0) > 0 && (
        <Typography.Paragraph type="warning" style={{ marginTop: 8, marginBottom: 0 }} data-testid="refund-insurance-kept">{t("flightOrder.refund.insuranceKept", { amount: formatFen(picked.insuranceKept) })}</Typography.Paragraph>
      )}
    </>
  );
}
