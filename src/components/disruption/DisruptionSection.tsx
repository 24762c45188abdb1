// An order's 航变: what the airline or railway changed (new times, or cancelled) and why, and the
// traveller's choice: accept the new time, change free of charge to another flight (FreeChange)
// or train (TrainFreeChange), or refund in full; each asks for confirmation first. The server
// decides what may be chosen.
import { useState } from "react";
import { Alert, App, Button, Space, Tag, Typography } from "antd";
import { useCustom, useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import { DISRUPTION_PATHS as P, isCancellation, type DisruptionView } from "../../domain/disruptions";
import { FreeChange } from "./FreeChange";
import { TrainFreeChange, type DisruptedTrainOrder } from "./TrainFreeChange";

/** What the section reads of the order: its id, and a flight order's route and cabin (or a train order's stations and seat class) for a free change. */
export interface DisruptionOrder extends Partial<DisruptedTrainOrder> {
  id: number;
  flight?: { depCity: string; arrCity: string; depCityName: string; arrCityName: string };
  seat?: { cabinClass: string };
}

const trainOf = (o: DisruptionOrder): DisruptedTrainOrder | null =>
  o.fromStation && o.toStation && o.seatClass && o.seatName ? { fromStation: o.fromStation, toStation: o.toStation, seatClass: o.seatClass, seatName: o.seatName } : null;

export default function DisruptionSection({ order, product, onChanged }: { order: DisruptionOrder; product: "air" | "train"; onChanged: () => void }) {
  const t = useTranslate();
  const { modal, message } = App.useApp();
  const [changing, setChanging] = useState<DisruptionView | null>(null);
  const { query } = useCustom<DisruptionView[], HttpError>({
    url: P.ofOrder,
    method: "post",
    config: { payload: { id: order.id } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false },
  });
  const { mutateAsync, mutation } = useCustomMutation();
  const list = (query.data?.data as DisruptionView[] | undefined) ?? [];
  const train = product === "train" ? trainOf(order) : null;
  const canChange = product === "air" ? !!order.flight : !!train;
  if (query.error) return <Alert type="error" showIcon message={t("disruption.loadError")} description={query.error.message} />;
  if (!list.length) return null;
  const done = () => {
    void query.refetch();
    onChanged();
  };
  const choose = (d: DisruptionView, action: "accept" | "refund") =>
    modal.confirm({
      title: t(`disruption.${action}.title`),
      content: t(`disruption.${action}.confirm`),
      okText: t(`disruption.${action}.ok`),
      cancelText: t("disruption.notNow"),
      okButtonProps: action === "refund" ? { danger: true } : undefined,
      onOk: () =>
        mutateAsync({ url: P[action], method: "post", values: { id: order.id, disruptionId: d.id }, successNotification: false })
          .then(() => {
            message.success(t(`disruption.${action}.done`));
            done();
          })
          .catch(() => undefined),
    });

  return (
    <Space direction="vertical" size={8} style={{ width: "100%" }} data-testid="order-disruption">
      {list.map((d) => {
        const cancelled = isCancellation(d.kind);
        const times = cancelled
          ? t("disruption.cancelledOn", { no: d.no, date: d.date })
          : t("disruption.movedTo", { no: d.no, date: d.date, old: d.oldDepTime ?? "—", new: d.newDepTime ?? "—" });
        return (
          <Alert
            key={d.id}
            type={d.status === "pending" ? "warning" : "info"}
            showIcon
            message={
              <Space size={8} wrap>
                <Typography.Text strong>{t(`disruption.kind.${d.kind}`)}</Typography.Text>
                <Tag color={d.status === "pending" ? "orange" : "default"} data-testid="disruption-status">{t(`disruption.choice.${d.status}`)}</Tag>
              </Space>
            }
            description={
              <Space direction="vertical" size={6} style={{ width: "100%" }}>
                <Typography.Text>{times}</Typography.Text>
                <Typography.Text type="secondary">{t("disruption.reason", { reason: d.reason })}</Typography.Text>
                {d.status === "pending" && <Typography.Text type="secondary">{t(product === "air" ? "disruption.freeRule" : "disruption.trainRule")}</Typography.Text>}
                {d.actions.length > 0 && (
                  <Space wrap>
                    {d.actions.includes("accept") && <Button onClick={() => choose(d, "accept")} loading={mutation.isPending}>{t("disruption.accept.button")}</Button>}
                    {d.actions.includes("change") && canChange && <Button type="primary" onClick={() => setChanging(d)} data-testid="disruption-change">{t("disruption.change.button")}</Button>}
                    {d.actions.includes("refund") && <Button danger onClick={() => choose(d, "refund")} loading={mutation.isPending}>{t("disruption.refund.button")}</Button>}
                  </Space>
                )}
              </Space>
            }
          />
        );
      })}
      {changing && train && (
        <TrainFreeChange
          orderId={order.id}
          disruption={changing}
          train={train}
          onClose={() => setChanging(null)}
          onDone={() => {
            setChanging(null);
            done();
          }}
        />
      )}
      {changing && product === "air" && order.flight && (
        <FreeChange
          orderId={order.id}
          disruption={changing}
          route={order.flight}
          cabinClass={order.seat?.cabinClass ?? ""}
          onClose={() => setChanging(null)}
          onDone={() => {
            setChanging(null);
            done();
          }}
        />
      )}
    </Space>
  );
}
