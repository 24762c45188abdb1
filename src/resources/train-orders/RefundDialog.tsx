// 退票: the railway's fee and the refund of every passenger at this moment, read from the same
// quote the refund itself charges, shown before the member confirms.
import { Alert, App, Modal, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { useCreate, useCustom, useTranslate } from "@refinedev/core";
import { TRAIN_REFUNDS } from "./index";
import { TRAIN_ORDER_PATHS, TRAIN_PASSENGER_TYPE_LABELS, type TrainRefundLine, type TrainRefundQuote } from "../../domain/orders/train-types";
import { useCodes } from "../../components/use-codes";
import { formatFen, moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);

export function RefundDialog({ orderId, onClose, onDone }: { orderId: number; onClose: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { message } = App.useApp();
  const { query, result } = useCustom<TrainRefundQuote>({
    url: TRAIN_ORDER_PATHS.refund,
    method: "post",
    config: { payload: { orderId, mode: "quote" } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  });
  // Refine confirms the refund: a create on the train-refunds resource.
  const { mutate, mutation } = useCreate<TrainRefundQuote>();
  const quote = query.isSuccess ? (result.data as TrainRefundQuote) : undefined;

  const confirm = () =>
    mutate(
      { resource: TRAIN_REFUNDS, values: { orderId, mode: "confirm" }, successNotification: false, errorNotification: false, invalidates: [] },
      {
        onSuccess: ({ data }) => {
          message.success(t("trainOrder.refunded", { amount: formatFen(data.refund) }));
          onClose();
        },
        onError: (e) => message.error(e.message),
        onSettled: onDone,
      },
    );

  const columns: TableColumnsType<TrainRefundLine> = [
    { title: t("trainOrder.name"), dataIndex: "name", key: "name" },
    { title: t("trainOrder.passengerType"), key: "type", render: (_: unknown, l) => codeLabel(TRAIN_PASSENGER_TYPE_LABELS, l.passengerType) },
    { title: t("trainOrder.fare"), dataIndex: "fare", key: "fare", align: "right", render: fen },
    { title: t("trainOrder.refundFee"), dataIndex: "fee", key: "fee", align: "right", render: fen },
    { title: t("trainOrder.refundLine"), dataIndex: "refund", key: "refund", align: "right", render: fen },
  ];

  return (
    <Modal
      open
      title={t("trainOrder.refundTitle")}
      okText={t("trainOrder.refundOk")}
      cancelText={t("trainOrder.notNow")}
      okButtonProps={{ danger: true, disabled: !quote, loading: mutation.isPending }}
      onOk={confirm}
      onCancel={onClose}
      width={640}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t("trainOrder.refundRule")}</Typography.Paragraph>
      {query.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {query.error && <Alert type="error" showIcon message={query.error.message} />}
      {quote && (
        <div data-testid="refund-quote">
          <Typography.Paragraph>{t("trainOrder.refundRate", { percent: quote.percent })}</Typography.Paragraph>
          <Table rowKey="passengerId" columns={columns} dataSource={quote.lines} pagination={false} size="small" />
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 0 }} data-testid="refund-total">
            {t("trainOrder.refundTotal", { amount: formatFen(quote.refund), fee: formatFen(quote.fee) })}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
