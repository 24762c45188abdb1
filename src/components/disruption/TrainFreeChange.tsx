// 免费改签 of a train order after a 航变: pick a day in the window around the disrupted train and
// another train between the same cities with seats left in the order's own seat class; nothing
// is paid and nothing is refunded (each ticket keeps the fare paid for it). Confirming the dialog
// is the confirmation the choice asks for.
import { useState } from "react";
import { Alert, App, Empty, Modal, Segmented, Skeleton, Space, Table, Typography, type TableColumnsType } from "antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { CHANGE_WINDOW_DAYS, DISRUPTION_PATHS as P, type DisruptionView } from "../../domain/disruptions";
import type { TrainItem, TrainListReply } from "../../domain/travel/train-types";
import { addDays } from "../../domain/travel/dates";
import { formatChinaTime } from "../../domain/format";
import { useSearch } from "../search/useSearch";

/** The train search the booking pages use: trains between the two stations' cities on a day. */
const TRAIN_SEARCH = "/api/v1/train/train_list";

export interface DisruptedTrainOrder {
  fromStation: string;
  toStation: string;
  seatClass: string;
  seatName: string;
}

export function TrainFreeChange({ orderId, disruption, train, onClose, onDone }: {
  orderId: number;
  disruption: DisruptionView;
  train: DisruptedTrainOrder;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslate();
  const { message } = App.useApp();
  // The window's days not yet past (China's date today).
  const [today] = useState(() => formatChinaTime(Date.now()).slice(0, 10));
  const days = Array.from({ length: CHANGE_WINDOW_DAYS.before + CHANGE_WINDOW_DAYS.after + 1 }, (_, i) => addDays(disruption.date, i - CHANGE_WINDOW_DAYS.before)).filter((d) => d >= today);
  const [date, setDate] = useState(days.find((d) => d >= disruption.date) ?? days[0]);
  const [trainKey, setTrainKey] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const { data, query } = useSearch<TrainListReply>(TRAIN_SEARCH, date ? { fromStation: train.fromStation, toStation: train.toStation, depDate: date } : null);
  const rows: TrainItem[] = (data?.list ?? []).filter(
    (x) => !(x.trainNo === disruption.no && x.depDate === disruption.date) && x.seats.some((s) => s.seatClass === train.seatClass && s.left > 0),
  );
  const { mutateAsync, mutation } = useCustomMutation();
  const submit = () =>
    mutateAsync({ url: P.changeTrain, method: "post", values: { id: orderId, disruptionId: disruption.id, trainKey }, successNotification: false, errorNotification: false })
      .then(() => {
        message.success(t("disruption.change.trainDone"));
        onDone();
      })
      .catch((e: { message?: string }) => setRefusal(e.message ?? t("disruption.change.failed")));

  const left = (r: TrainItem) => r.seats.find((s) => s.seatClass === train.seatClass)?.left ?? 0;
  const columns: TableColumnsType<TrainItem> = [
    { title: t("disruption.change.train"), key: "train", render: (_: unknown, r) => <strong>{r.trainNo}</strong> },
    { title: t("disruption.change.stations"), key: "stations", render: (_: unknown, r) => `${r.fromStation} → ${r.toStation}` },
    { title: t("disruption.change.time"), key: "time", render: (_: unknown, r) => `${r.depTime} – ${r.arrTime}` },
    { title: t("disruption.change.seatsLeft"), key: "left", render: (_: unknown, r) => left(r) },
  ];
  return (
    <Modal
      open
      title={t("disruption.change.title")}
      okText={t("disruption.change.ok")}
      cancelText={t("disruption.notNow")}
      okButtonProps={{ disabled: !trainKey, loading: mutation.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("disruption.change.trainIntro", { from: train.fromStation, to: train.toStation, seat: train.seatName })}</Typography.Text>
        <Segmented options={days} value={date} onChange={(d) => { setDate(String(d)); setTrainKey(""); }} data-testid="free-change-days" />
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : query.error ? (
          <Alert type="error" showIcon message={query.error.message} />
        ) : rows.length === 0 ? (
          <Empty description={t("disruption.change.noTrains")} />
        ) : (
          <Table<TrainItem>
            rowKey="trainKey"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ y: 260 }}
            data-testid="free-change-trains"
            rowSelection={{ type: "radio", selectedRowKeys: trainKey ? [trainKey] : [], onChange: (keys) => setTrainKey(String(keys[0] ?? "")) }}
            onRow={(r) => ({ onClick: () => setTrainKey(r.trainKey) })}
          />
        )}
        <Alert type="success" showIcon message={t("disruption.change.trainFree")} data-testid="free-change-total" />
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Space>
    </Modal>
  );
}
