// 改签: the member picks a date, a train between the same cities and a seat class; the server's
// quote (the new train, each passenger's old and new fare, any difference refunded and its fee)
// is shown before the member confirms. A dearer seat is refused by the quote with its reason.
import { useState } from "react";
import { Alert, App, DatePicker, Form, Modal, Select, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { useCustom, useCustomMutation, useTranslate } from "@refinedev/core";
import dayjs from "dayjs";
import { TRAIN_ORDER_PATHS, type TrainChangeLine, type TrainChangeQuote, type TrainOrderDetail } from "../../domain/orders/train-types";
import { formatFen } from "../../domain/policy/fen";
import type { TrainListReply } from "../../domain/travel/types";
import { chinaToday } from "../../booking/shared/today";
import { useSearch } from "../../booking/shared/useSearch";

const fen = (v: number) => `¥${formatFen(v)}`;

export function ChangeDialog({ order, onClose, onDone }: { order: TrainOrderDetail; onClose: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [depDate, setDepDate] = useState(order.depDate);
  const [trainKey, setTrainKey] = useState<string | undefined>();
  const [seatClass, setSeatClass] = useState<string | undefined>();
  const list = useSearch<TrainListReply>("/api/v1/train/train_list", { fromStation: order.fromStation, toStation: order.toStation, depDate });
  const trains = (list.data?.list ?? []).filter((x) => x.seats.some((s) => s.left > 0));
  const train = trains.find((x) => x.trainKey === trainKey);
  const chosen = trainKey && seatClass ? { orderId: order.id, trainKey, seatClass } : null;
  const { query, result } = useCustom<TrainChangeQuote>({
    url: TRAIN_ORDER_PATHS.changeApply,
    method: "post",
    config: { payload: chosen ?? {} },
    errorNotification: false,
    queryOptions: { enabled: chosen !== null, retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  });
  const quote = chosen && query.isSuccess ? (result.data as TrainChangeQuote) : undefined;
  const { mutate, mutation } = useCustomMutation<TrainChangeQuote>();

  const confirm = () =>
    chosen &&
    mutate(
      { url: TRAIN_ORDER_PATHS.changeConfirm, method: "post", values: chosen, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          message.success(t("trainOrder.changed"));
          onClose();
        },
        onError: (e) => message.error(e.message),
        onSettled: onDone,
      },
    );

  const columns: TableColumnsType<TrainChangeLine> = [
    { title: t("trainOrder.name"), dataIndex: "name", key: "name" },
    { title: t("trainOrder.changeOldFare"), dataIndex: "oldFare", key: "oldFare", align: "right", render: fen },
    { title: t("trainOrder.changeNewFare"), dataIndex: "newFare", key: "newFare", align: "right", render: fen },
    { title: t("trainOrder.refundFee"), dataIndex: "fee", key: "fee", align: "right", render: fen },
    { title: t("trainOrder.refundLine"), dataIndex: "refund", key: "refund", align: "right", render: fen },
  ];

  return (
    <Modal
      open
      title={t("trainOrder.changeTitle")}
      okText={t("trainOrder.changeOk")}
      cancelText={t("trainOrder.notNow")}
      okButtonProps={{ disabled: !quote, loading: mutation.isPending }}
      onOk={confirm}
      onCancel={onClose}
      width={680}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t("trainOrder.changeHint")}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t("trainOrder.changeDate")}>
          <DatePicker
            value={dayjs(depDate)}
            allowClear={false}
            disabledDate={(d) => d.isBefore(dayjs(chinaToday()), "day")}
            onChange={(d) => {
              if (!d) return;
              setDepDate(d.format("YYYY-MM-DD"));
              setTrainKey(undefined);
              setSeatClass(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label={t("trainOrder.changeTrain")}>
          <Select
            loading={list.query.isLoading}
            value={trainKey}
            placeholder={t("trainOrder.changeTrain")}
            onChange={(v: string) => {
              setTrainKey(v);
              setSeatClass(undefined);
            }}
            options={trains.map((x) => ({ value: x.trainKey, label: `${x.trainNo}　${x.fromStation} ${x.depTime} → ${x.toStation} ${x.arrTime}` }))}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item label={t("trainOrder.changeSeat")}>
          <Select
            value={seatClass}
            disabled={!train}
            placeholder={t("trainOrder.changeSeat")}
            onChange={(v: string) => setSeatClass(v)}
            options={(train?.seats ?? []).filter((s) => s.left > 0).map((s) => ({ value: s.seatClass, label: `${s.seatName} ¥${formatFen(s.price)}` }))}
          />
        </Form.Item>
      </Form>
      {chosen && query.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {chosen && query.error && <Alert type="warning" showIcon message={query.error.message} />}
      {quote && (
        <div data-testid="change-quote">
          <Typography.Paragraph strong>{t("trainOrder.changeNew", { train: quote.trainNo, date: quote.depDate, time: quote.depTime, seat: quote.seatName })}</Typography.Paragraph>
          <Table rowKey="passengerId" columns={columns} dataSource={quote.lines} pagination={false} size="small" />
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
            {quote.refund > 0 ? t("trainOrder.changeRefund", { amount: formatFen(quote.refund), fee: formatFen(quote.fee) }) : t("trainOrder.changeNoRefund")}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
