// 免费改签 after a 航变: pick a day in the window around the disrupted flight and another flight of
// the same route in the same cabin class; nothing is paid (no change fee, no fare difference).
// Confirming the dialog is the confirmation the choice asks for.
import { useState } from "react";
import { Alert, App, Empty, Modal, Segmented, Skeleton, Space, Table, Typography, type TableColumnsType } from "antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { CHANGE_WINDOW_DAYS, DISRUPTION_PATHS as P, type DisruptionView } from "../../domain/disruptions";
import type { FlightListReply, ListFare, ListFlight } from "../../domain/travel/types";
import { addDays } from "../../domain/travel/dates";
import { formatChinaTime } from "../../domain/format";
import { useSearch } from "../search/useSearch";
import { FLIGHT_AFTER_SALES_PATHS } from "../../domain/orders/flight-after-sales";

interface Row {
  fareKey: string;
  flight: ListFlight;
  seat: ListFare;
}

export function FreeChange({ orderId, disruption, route, cabinClass, onClose, onDone }: {
  orderId: number;
  disruption: DisruptionView;
  route: { depCity: string; arrCity: string; depCityName: string; arrCityName: string };
  cabinClass: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslate();
  const { message } = App.useApp();
  // The window's days not yet past (China's date today).
  const [today] = useState(() => formatChinaTime(Date.now()).slice(0, 10));
  const days = Array.from({ length: CHANGE_WINDOW_DAYS.before + CHANGE_WINDOW_DAYS.after + 1 }, (_, i) => addDays(disruption.date, i - CHANGE_WINDOW_DAYS.before)).filter((d) => d >= today);
  const [date, setDate] = useState(days.find((d) => d >= disruption.date) ?? days[0]);
  const [fareKey, setFareKey] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const { data, query } = useSearch<FlightListReply>(FLIGHT_AFTER_SALES_PATHS.flightSearch, date ? { depCity: route.depCity, arrCity: route.arrCity, depDate: date } : null);
  const rows: Row[] = (data?.list ?? []).flatMap((flight) => {
    if (flight.flightNo === disruption.no && date === disruption.date) return [];
    // One row per flight: its cheapest fare of the same cabin class with seats (the fare does not matter, nothing is paid).
    const seat = flight.seats.filter((s) => s.cabinClass === cabinClass && s.seatsLeft > 0).sort((a, b) => a.salePrice - b.salePrice)[0];
    return seat ? [{ fareKey: seat.fareKey, flight, seat }] : [];
  });
  const { mutateAsync, mutation } = useCustomMutation();
  const submit = () =>
    mutateAsync({ url: P.change, method: "post", values: { id: orderId, disruptionId: disruption.id, fareKey }, successNotification: false, errorNotification: false })
      .then(() => {
        message.success(t("disruption.change.done"));
        onDone();
      })
      .catch((e: { message?: string }) => setRefusal(e.message ?? t("disruption.change.failed")));

  const columns: TableColumnsType<Row> = [
    { title: t("disruption.change.flight"), key: "flight", render: (_: unknown, r) => <strong>{r.flight.flightNo}</strong> },
    { title: t("disruption.change.time"), key: "time", render: (_: unknown, r) => `${r.flight.depTime} – ${r.flight.arrTime}` },
    { title: t("disruption.change.cabin"), key: "cabin", render: (_: unknown, r) => r.seat.cabinCode },
    { title: t("disruption.change.seatsLeft"), key: "left", render: (_: unknown, r) => r.seat.seatsLeft },
  ];
  return (
    <Modal
      open
      title={t("disruption.change.title")}
      okText={t("disruption.change.ok")}
      cancelText={t("disruption.notNow")}
      okButtonProps={{ disabled: !fareKey, loading: mutation.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("disruption.change.intro", { from: route.depCityName, to: route.arrCityName })}</Typography.Text>
        <Segmented options={days} value={date} onChange={(d) => { setDate(String(d)); setFareKey(""); }} data-testid="free-change-days" />
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : query.error ? (
          <Alert type="error" showIcon message={query.error.message} />
        ) : rows.length === 0 ? (
          <Empty description={t("disruption.change.noFlights")} />
        ) : (
          <Table<Row>
            rowKey="fareKey"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ y: 260 }}
            data-testid="free-change-flights"
            rowSelection={{ type: "radio", selectedRowKeys: fareKey ? [fareKey] : [], onChange: (keys) => setFareKey(String(keys[0] ?? "")) }}
            onRow={(r) => ({ onClick: () => setFareKey(r.fareKey) })}
          />
        )}
        <Alert type="success" showIcon message={t("disruption.change.free")} data-testid="free-change-total" />
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Space>
    </Modal>
  );
}
