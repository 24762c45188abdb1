// 免费改签 of a train order after a 航变: pick a day in the window around the disrupted train and
// another train between the same cities with seats left in the order's own seat class; nothing
// is paid and nothing is refunded (each ticket keeps the fare paid for it). Confirming the dialog
// is the confirmation the choice asks for (FreeChangeModal).
import type { TableColumnsType } from "antd";
import { useTranslate } from "@refinedev/core";
import { DISRUPTION_PATHS as P, type DisruptionView } from "../../domain/disruptions";
import type { TrainItem, TrainListReply } from "../../domain/travel/train-types";
import { FreeChangeModal } from "./FreeChangeModal";

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
  const rowsOf = (data: TrainListReply | undefined): TrainItem[] =>
    (data?.list ?? []).filter((x) => !(x.trainNo === disruption.no && x.depDate === disruption.date) && x.seats.some((s) => s.seatClass === train.seatClass && s.left > 0));
  const left = (r: TrainItem) => r.seats.find((s) => s.seatClass === train.seatClass)?.left ?? 0;
  const columns: TableColumnsType<TrainItem> = [
    { title: t("disruption.change.train"), key: "train", render: (_: unknown, r) => <strong>{r.trainNo}</strong> },
    { title: t("disruption.change.stations"), key: "stations", render: (_: unknown, r) => `${r.fromStation} → ${r.toStation}` },
    { title: t("disruption.change.time"), key: "time", render: (_: unknown, r) => `${r.depTime} – ${r.arrTime}` },
    { title: t("disruption.change.seatsLeft"), key: "left", render: (_: unknown, r) => left(r) },
  ];
  return (
    <FreeChangeModal<TrainListReply, TrainItem>
      disruption={disruption}
      intro={t("disruption.change.trainIntro", { from: train.fromStation, to: train.toStation, seat: train.seatName })}
      searchUrl={TRAIN_SEARCH}
      searchParams={(date) => ({ fromStation: train.fromStation, toStation: train.toStation, depDate: date })}
      rowsOf={rowsOf}
      rowKey={(r) => r.trainKey}
      columns={columns}
      changeUrl={P.changeTrain}
      changeValues={(trainKey) => ({ id: orderId, disruptionId: disruption.id, trainKey })}
      texts={{ done: t("disruption.change.trainDone"), free: t("disruption.change.trainFree"), empty: t("disruption.change.noTrains") }}
      tableTestId="free-change-trains"
      onClose={onClose}
      onDone={onDone}
    />
  );
}
