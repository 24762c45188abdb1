// 改签: the member picks a date, a train between the same cities and a seat class; the server's
// quote (the new train, each passenger's old and new fare, and the difference: to pay for a dearer
// seat, no fee charged; refunded less its fee for a cheaper one) is shown before the member
// confirms. A dearer change then waits for its difference: the dialog opens the cashier.
import { useState } from "react";
import { Alert, App, DatePicker, Form, Modal, Select, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { useCreate, useCustom, useTranslate } from "@refinedev/core";
import { useNavigate } from "react-router";
import dayjs from "dayjs";
import { TRAIN_ORDER_PATHS, type TrainChangeConfirmed, type TrainChangeLine, type TrainChangeQuote, type TrainOrderDetail } from "../../domain/orders/train-types";
import type { TrainListReply } from "../../domain/travel/types";
import { chinaToday } from "../../components/search/today";
import { useSearch } from "../../components/search/useSearch";
import { TRAIN_CHANGES, trainPayPath } from "./index";
import { formatFen, moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);

export function ChangeDialog({ order, onClose, onDone }: { order: TrainOrderDetail; onClose: () => void; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const navigate = useNavigate();
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
  // Refine confirms the change: a create on the train-changes resource.
  const { mutate, mutation } = useCreate<TrainChangeConfirmed>();
  const dearer = (quote?.pay ?? 0) > 0;

  const confirm = () =>
    chosen &&
    mutate(
      { resource: TRAIN_CHANGES, values: chosen, successNotification: false, errorNotification: false, invalidates: [] },
      {
        onSuccess: ({ data }) => {
          if (data.status === "awaitingPayment") {
            message.success(t("trainOrder.changeRequested"));
            navigate(trainPayPath(order.id, order.orderNo));
            return;
          }
          message.success(t("trainOrder.changed"));
          onClose();
        },
        onError: (e) => message.error(e.message),
        onSettled: onDone,
      },
    );

  const money = (title: string, key: "oldFare" | "newFare" | "pay" | "fee" | "refund") => ({ title, dataIndex: key, key, align: "right" as const, render: fen });
  const columns: TableColumnsType<TrainChangeLine> = [
    { title: t("trainOrder.name"), dataIndex: "name", key: "name" },
    money(t("trainOrder.changeOldFare"), "oldFare"),
    money(t("trainOrder.changeNewFare"), "newFare"),
    ...(dearer ? [money(t("trainOrder.changePayLine"), "pay")] : [money(t("trainOrder.refundFee"), "fee"), money(t("trainOrder.refundLine"), "refund")]),
  ];

  return (
    <Modal
      open
      title={t("trainOrder.changeTitle")}
      okText={t(dearer ? "trainOrder.changePayOk" : "trainOrder.changeOk")}
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
            options={(train?.seats ?? []).filter((s) => s.left > 0).map((s) => ({ value: s.seatClass, label: `${s.seatName} ${moneyText(s.price)}` }))}
          />
        </Form.Item>
      </Form>
      {chosen && query.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {chosen && query.error && <Alert type="warning" showIcon message={query.error.message} />}
      {quote && (
        <div data-testid="change-quote">
          <Typography.Paragraph strong>{t("trainOrder.changeNew", { train: quote.trainNo, date: quote.depDate, time: quote.depTime, seat: quote.seatName })}</Typography.Paragraph>
          <Table rowKey="passengerId" columns={columns} dataSource={quote.lines} pagination={false} size="small" />
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="change-money">
            {dearer ? (
              <>
                <Typography.Text strong type="danger">{t("trainOrder.changePay", { amount: formatFen(quote.pay) })}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t("trainOrder.changePayNote")}</Typography.Text>
              </>
            ) : quote.refund > 0 ? (
              t("trainOrder.changeRefund", { amount: formatFen(quote.refund), fee: formatFen(quote.fee) })
            ) : (
              t("trainOrder.changeNoRefund")
            )}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
