// 退票: the server's estimate first (per passenger: ticket, fee rate, fee, taxes returned, refund,
// and the totals — the same quote the refund keeps), then a reason from the short list, then
// 确认退票. The reason is checked with the server's own schema before it is sent.
import { useState } from "react";
import { Alert, App, Form, Modal, Select, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { useCustom, useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import type { z } from "zod";
import { FormField, applyRefusal, useZodForm } from "../../components/FormField";
import {
  FLIGHT_AFTER_SALES_PATHS as P, REFUND_REASONS, refundSubmitInput, type RefundLine, type RefundQuote,
} from "../../domain/orders/flight-after-sales";
import { formatFen } from "../../domain/policy/fen";

const fen = (v: number) => `¥${formatFen(v)}`;
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
  const submit = useCustomMutation<RefundQuote>();
  const { control, handleSubmit, setError } = useZodForm<Values>(() => refundSubmitInput, { defaultValues: { id: orderId } });

  const confirm = handleSubmit((values) => {
    setRefusal(null);
    submit.mutate(
      { url: P.refundSubmit, method: "post", values, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          message.success(t("flightOrder.refund.submitted"));
          onDone();
        },
        onError: (e: HttpError) => setRefusal(applyRefusal(e, ["reason"], setError)),
      },
    );
  });

  const nowrap = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
  const columns: TableColumnsType<RefundLine> = [
    { ...nowrap, title: t("flightOrder.refund.passenger"), dataIndex: "name", key: "name" },
    { ...nowrap, title: t("flightOrder.refund.ticket"), dataIndex: "ticket", key: "ticket", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.refund.feePercent"), dataIndex: "feePercent", key: "feePercent", align: "right", render: (v: number) => `${v}%` },
    { ...nowrap, title: t("flightOrder.refund.fee"), dataIndex: "fee", key: "fee", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.refund.taxes"), dataIndex: "taxes", key: "taxes", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.refund.refund"), dataIndex: "refund", key: "refund", align: "right", render: fen },
  ];

  return (
    <Modal
      open
      title={t("flightOrder.refund.title")}
      okText={t("flightOrder.refund.confirm")}
      cancelText={t("flightOrder.notNow")}
      okButtonProps={{ danger: true, loading: submit.mutation.isPending, disabled: !quote }}
      onOk={() => confirm()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("flightOrder.refund.intro")}</Typography.Paragraph>
      {query.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {query.error && <Alert type="error" showIcon message={query.error.message} />}
      {quote && (
        <>
          <Typography.Paragraph>{t("flightOrder.refund.hours", { hours: quote.hoursBeforeDeparture })}</Typography.Paragraph>
          <Table<RefundLine>
            rowKey="passengerId"
            columns={columns}
            dataSource={quote.lines}
            pagination={false}
            size="small"
            data-testid="refund-quote"
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}><strong>{t("flightOrder.refund.sum")}</strong></Table.Summary.Cell>
                <Table.Summary.Cell index={1} colSpan={2} />
                <Table.Summary.Cell index={3} align="right"><span data-testid="refund-fee">{fen(quote.fee)}</span></Table.Summary.Cell>
                <Table.Summary.Cell index={4} />
                <Table.Summary.Cell index={5} align="right"><Typography.Text strong type="danger" data-testid="refund-amount">{fen(quote.refund)}</Typography.Text></Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <div style={{ marginTop: 16 }}>
            <Form layout="vertical" component={false}>
              <FormField control={control} name="reason" label={t("flightOrder.refund.reason")}>
                <Select placeholder={t("flightOrder.refund.reasonPlaceholder")} options={REFUND_REASONS.map((r) => ({ value: r, label: r }))} style={{ width: 260 }} />
              </FormField>
            </Form>
          </div>
        </>
      )}
      {refusal && <Alert type="error" showIcon message={refusal} />}
    </Modal>
  );
}
