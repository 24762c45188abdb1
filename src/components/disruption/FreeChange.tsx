// 免费改签 after a 航变: pick a day in the window around the disrupted flight and another flight of
// the same route in the same cabin class; nothing is paid (no change fee, no fare difference).
// Confirming the dialog is the confirmation the choice asks for (FreeChangeModal).
import type { TableColumnsType } from "antd";
import { useTranslate } from "@refinedev/core";
import { DISRUPTION_PATHS as P, type DisruptionView } from "../../domain/disruptions";
import type { FlightListReply, ListFare, ListFlight } from "../../domain/travel/types";
import { FLIGHT_AFTER_SALES_PATHS } from "../../domain/orders/flight-after-sales";
import { FreeChangeModal } from "./FreeChangeModal";

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
  const rowsOf = (data: FlightListReply | undefined, date: string): Row[] =>
    (data?.list ?? []).flatMap((flight) => {
      if (flight.flightNo === disruption.no && date === disruption.date) return [];
      // One row per flight: its cheapest fare of the same cabin class with seats (the fare does not matter, nothing is paid).
      const seat = flight.seats.filter((s) => s.cabinClass === cabinClass && s.seatsLeft > 0).sort((a, b) => a.salePrice - b.salePrice)[0];
      return seat ? [{ fareKey: seat.fareKey, flight, seat }] : [];
    });
  const columns: TableColumnsType<Row> = [
    { title: t("disruption.change.flight"), key: "flight", render: (_: unknown, r) => <strong>{r.flight.flightNo}</strong> },
    { title: t("disruption.change.time"), key: "time", render: (_: unknown, r) => `${r.flight.depTime} – ${r.flight.arrTime}` },
    { title: t("disruption.change.cabin"), key: "cabin", render: (_: unknown, r) => r.seat.cabinCode },
    { title: t("disruption.change.seatsLeft"), key: "left", render: (_: unknown, r) => r.seat.seatsLeft },
  ];
  return (
    <FreeChangeModal<FlightListReply, Row>
      disruption={disruption}
      intro={t("disruption.change.intro", { from: route.depCityName, to: route.arrCityName })}
      searchUrl={FLIGHT_AFTER_SALES_PATHS.flightSearch}
      searchParams={(date) => ({ depCity: route.depCity, arrCity: route.arrCity, depDate: date })}
      rowsOf={rowsOf}
      rowKey={(r) => r.fareKey}
      columns={columns}
      changeUrl={P.change}
      changeValues={(fareKey) => ({ id: orderId, disruptionId: disruption.id, fareKey })}
      texts={{ done: t("disruption.change.done"), free: t("disruption.change.free"), empty: t("disruption.change.noFlights") }}
      tableTestId="free-change-flights"
      onClose={onClose}
      onDone={onDone}
    />
  );
}
