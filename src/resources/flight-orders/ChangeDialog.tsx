// 改签: tick the passengers to change (all still holding a ticket on one flight at first), pick a
// new date and a flight and cabin of the same route (the ordinary flight search), see what the
// change costs per passenger from the server's quote, and confirm. Something to pay goes on to the
// cashier (business type 机票改签); nothing to pay is confirmed by the airline.
import { useEffect, useState } from "react";
import { Alert, App, Descriptions, Empty, Form, Modal, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useCustom, useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import {
  confirmChangeInput, FLIGHT_AFTER_SALES_PATHS as P, type ChangeLine, type ChangeQuoteReply, type ConfirmChangeReply,
} from "../../domain/orders/flight-after-sales";
import type { FlightOrderDetail, FlightOrderPassenger } from "../../domain/orders/flight-types";
import { holdsTicket } from "../../domain/orders/flight-tickets";
import type { FlightListReply, ListFare, ListFlight } from "../../domain/travel/types";
import { useCabinText, useFareLabels } from "../../components/search/useFareLabels";
import { addDays } from "../../domain/travel/dates";
import { isGpSeat } from "../../domain/travel/gp-fares";
import { pathFor } from "../../access/routes";
import { useSearch } from "../../components/search/useSearch";
import { DateField } from "../../components/search/DateField";
import { FormField, QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { FLIGHT_CHANGES } from "./after-sales";
import { useCodes } from "../../components/use-codes";
import { PASSENGER_TYPES } from "../../domain/codes";
import { moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);
type Values = z.input<typeof confirmChangeInput>;
interface FareRow {
  fareKey: string;
  flight: ListFlight;
  seat: ListFare;
}

export function ChangeDialog({ order, onClose, onDone }: { order: FlightOrderDetail; onClose: () => void; onDone: () => void }) {
  const t = useTranslate();
  const cabinText = useCabinText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  // A server that does not track tickets one by one (no ticketStatus) has every passenger holding one.
  const holders = order.passengers.filter((p) => holdsTicket(p.ticketStatus ?? "ticketed"));
  // The passengers of one booking change together: at first, everyone on the first holder's flight.
  // Each ticket's own flight (a round trip's or connection's passenger has one per flight); a server from before answers only changedTo.
  const fareOf = (p: FlightOrderPassenger) => p.ticketFlight?.fareKey ?? p.changedTo?.fareKey ?? order.fareKey;
  const [date, setDate] = useState(() => addDays(holders[0]?.ticketFlight?.depDate ?? holders[0]?.changedTo?.depDate ?? order.flight.depDate, 1));
  const [refusal, setRefusal] = useState<string | null>(null);
  // Refine confirms the change: a create on the flight-changes resource.
  const {
    control, handleSubmit, watch, setValue, setError,
    refineCore: { onFinish, formLoading },
  } = useForm<ConfirmChangeReply, HttpError, Values>({
    resolver: schemaResolver<Values>(() => confirmChangeInput),
    warnWhenUnsavedChanges: false,
    // A refusal's field messages are placed by applyRefusal, which also says what is left for the line.
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: FLIGHT_CHANGES,
      action: "create",
      ...QUIET_SAVE,
      onMutationSuccess: ({ data }) => {
        message.success(t("flightOrder.change.submitted"));
        if (data.total > 0) navigate(pathFor("pay_order", { orderId: String(order.id) }));
        else onDone();
      },
      onMutationError: (e) => {
        setRefusal(applyRefusal(e, ["fareKey", "passengerIds"], setError));
        // A moved quote is shown again before anything is confirmed.
        void quoting.refetch();
      },
    },
    defaultValues: { id: order.id, fareKey: "", total: 0, passengerIds: holders.filter((p) => fareOf(p) === fareOf(holders[0])).map((p) => p.id) },
  });
  const fareKey = watch("fareKey");
  const chosenIds = (watch("passengerIds") ?? []) as number[];
  const chosen = holders.filter((p) => chosenIds.includes(p.id));
  const currentFare = chosen[0] ? fareOf(chosen[0]) : order.fareKey;
  const seatsNeeded = chosen.filter((p) => p.psgType !== "INF").length;
  // Tickets of another flight chosen (a round trip's return): the search starts the day after that flight, afresh.
  const chosenDate = chosen[0]?.ticketFlight?.depDate;
  const chosenTrip = `${currentFare}|${chosenDate ?? ""}`;
  const [seenTrip, setSeenTrip] = useState(chosenTrip);
  if (chosenTrip !== seenTrip) {
    setSeenTrip(chosenTrip);
    if (chosenDate) setDate(addDays(chosenDate, 1));
  }
  useEffect(() => {
    if (chosenDate) setValue("fareKey", "");
  }, [currentFare, chosenDate, setValue]);
  // A 政府采购 ticket changes to another flight's GP fare only, an ordinary one to an ordinary fare.
  const gp = Boolean(order.gp);
  // The route of the chosen tickets' flight: a return's is the way back.
  const route = chosen[0]?.ticketFlight ?? holders[0]?.ticketFlight ?? order.flight;
  const { data: found, query: search } = useSearch<FlightListReply>(P.flightSearch, { depCity: route.depCity, arrCity: route.arrCity, depDate: date, ...(gp ? { gp: 1 } : {}) });
  const rows: FareRow[] = (found?.list ?? []).flatMap((flight) =>
    flight.seats
      .filter((seat) => isGpSeat(seat) === gp && seat.fareKey !== currentFare && seat.seatsLeft >= seatsNeeded)
      .map((seat) => ({ fareKey: seat.fareKey, flight, seat })),
  );

  const { query: quoting } = useCustom<ChangeQuoteReply>({
    url: P.change,
    method: "post",
    config: { payload: { id: order.id, fareKey, passengerIds: chosenIds } },
    errorNotification: false,
    queryOptions: { enabled: Boolean(fareKey) && chosenIds.length > 0, retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  });
  const reply = fareKey && chosenIds.length ? (quoting.data?.data as ChangeQuoteReply | undefined) : undefined;
  const current = chosen[0]?.ticketFlight ?? chosen[0]?.changedTo ?? { flightNo: order.flight.flightNo, depDate: order.flight.depDate, depTime: order.flight.depTime, cabinClass: order.seat.cabinClass, cabinCode: order.seat.cabinCode };

  const submit = handleSubmit((values) => {
    if (!reply) return;
    setRefusal(null);
    // The total confirmed is the quote shown. The refusal is shown by onMutationError.
    onFinish({ ...values, total: reply.quote.total }).catch(() => undefined);
  });

  const nowrap = { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }), onHeaderCell: () => ({ style: { whiteSpace: "nowrap" as const } }) };
  const costColumns: TableColumnsType<ChangeLine> = [
    { ...nowrap, title: t("flightOrder.change.passenger"), dataIndex: "name", key: "name" },
    { ...nowrap, title: t("flightOrder.change.changeFee"), dataIndex: "changeFee", key: "changeFee", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.change.changeSpread"), dataIndex: "changeSpread", key: "changeSpread", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.change.changeFuelTaxSpread"), dataIndex: "changeFuelTaxSpread", key: "changeFuelTaxSpread", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.change.changeServiceFee"), dataIndex: "changeServiceFee", key: "changeServiceFee", align: "right", render: fen },
    { ...nowrap, title: t("flightOrder.change.subtotal"), dataIndex: "total", key: "total", align: "right", render: fen },
  ];

  return (
    <Modal
      open
      title={t("flightOrder.change.title")}
      okText={t("flightOrder.change.confirm")}
      cancelText={t("flightOrder.notNow")}
      okButtonProps={{ loading: formLoading, disabled: !reply || quoting.isFetching }}
      onOk={() => submit()}
      onCancel={onClose}
      width={880}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("flightOrder.change.intro", { from: route.depCityName, to: route.arrCityName })}</Typography.Text>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t("flightOrder.change.current")}>{`${current.flightNo} ${current.depDate} ${current.depTime} ${cabinText(current)}`}</Descriptions.Item>
        </Descriptions>
        <Form layout="vertical" component={false}>
          <FormField control={control} name="passengerIds" label={t("flightOrder.change.passengers")} extra={t("flightOrder.change.choose")}>
            <PassengerPicker passengers={holders} fareOf={fareOf} flightOf={(p) => { const f = p.ticketFlight ?? p.changedTo ?? order.flight; return `${f.flightNo} ${f.depDate} ${f.depTime}`; }} />
          </FormField>
          <Form.Item label={t("flightOrder.change.date")}>
            <DateField
              label={t("flightOrder.change.date")}
              value={date}
              onChange={(d) => {
                setDate(d);
                setValue("fareKey", "");
              }}
            />
          </Form.Item>
          {search.isLoading ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : search.error ? (
            <Alert type="error" showIcon message={search.error.message} />
          ) : rows.length === 0 ? (
            <Empty description={t("flightOrder.change.noFlights")} />
          ) : (
            <FormField control={control} name="fareKey" label={t("flightOrder.change.flight")}>
              <FarePicker rows={rows} />
            </FormField>
          )}
        </Form>
        {fareKey && quoting.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
        {fareKey && quoting.error && <Alert type="error" showIcon message={quoting.error.message} />}
        {reply && (
          <div data-testid="change-quote">
            <Typography.Title level={5}>{t("flightOrder.change.costs")}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {`${t("flightOrder.change.route")}${t("common.colon")}${reply.flight.flightNo} ${reply.flight.depDate} ${reply.flight.depTime} ${cabinText(reply.seat)} · ${t("flightOrder.change.feePercent", { percent: reply.feePercent })}`}
            </Typography.Paragraph>
            <Table<ChangeLine> rowKey="passengerId" size="small" columns={costColumns} dataSource={reply.quote.lines} pagination={false} />
            <Space style={{ marginTop: 12, justifyContent: "space-between", width: "100%" }} wrap>
              <Typography.Text type="secondary">{reply.quote.total > 0 ? t("flightOrder.change.toPay") : t("flightOrder.change.free")}</Typography.Text>
              <Typography.Text>
                {t("flightOrder.change.total")}{t("common.colon")}<Typography.Text strong type="danger" data-testid="change-total">{fen(reply.quote.total)}</Typography.Text>
              </Typography.Text>
            </Space>
          </div>
        )}
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Space>
    </Modal>
  );
}

/**
 * The passengers still holding a ticket, one tick box each; FormField gives it the ticked ids. Once
 * one is ticked, only passengers on the same flight can join (one change moves one booking).
 */
function PassengerPicker({ passengers, fareOf, flightOf, value, onChange, id }: {
  passengers: FlightOrderPassenger[]; fareOf: (p: FlightOrderPassenger) => string; flightOf: (p: FlightOrderPassenger) => string; value?: number[]; onChange?: (ids: number[]) => void; id?: string;
}) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const chosen = value ?? [];
  const first = passengers.find((p) => chosen.includes(p.id));
  const columns: TableColumnsType<FlightOrderPassenger> = [
    { title: t("flightOrder.change.passenger"), key: "name", render: (_: unknown, p) => <Space>{p.name}<Tag>{codeLabel(PASSENGER_TYPES, p.psgType)}</Tag></Space> },
    { title: t("flightOrder.change.current"), key: "flight", render: (_: unknown, p) => flightOf(p) },
  ];
  return (
    <Table<FlightOrderPassenger>
      id={id}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={passengers}
      pagination={false}
      data-testid="change-passengers"
      rowSelection={{
        selectedRowKeys: chosen,
        onChange: (keys) => onChange?.(passengers.map((p) => p.id).filter((k) => keys.includes(k))),
        getCheckboxProps: (p) => ({ disabled: Boolean(first) && fareOf(p) !== fareOf(first!) }),
      }}
    />
  );
}

/** The day's fares to change to, one radio row each; FormField gives it the chosen fareKey. */
function FarePicker({ rows, value, onChange, id }: { rows: FareRow[]; value?: string; onChange?: (fareKey: string) => void; id?: string }) {
  const t = useTranslate();
  const cabinText = useCabinText();
  const fareLabels = useFareLabels();
  const columns: TableColumnsType<FareRow> = [
    { title: t("flightOrder.change.flight"), key: "flight", render: (_: unknown, r) => <strong>{r.flight.flightNo}</strong> },
    { title: "", key: "time", render: (_: unknown, r) => `${r.flight.depTime} – ${r.flight.arrTime}${r.flight.arrDayOffset ? ` +${r.flight.arrDayOffset}` : ""}` },
    {
      title: "",
      key: "cabin",
      render: (_: unknown, r) => {
        const labels = fareLabels(r.seat);
        return `${cabinText(r.seat)} · ${labels.discountLabel}`;
      },
    },
    { title: "", key: "price", align: "right", render: (_: unknown, r) => <Typography.Text type="danger">{fen(r.seat.salePrice)}</Typography.Text> },
    { title: "", key: "left", render: (_: unknown, r) => <Typography.Text type="secondary">{t("flightOrder.change.seatsLeft", { n: r.seat.seatsLeft })}</Typography.Text> },
  ];
  return (
    <Table<FareRow>
      id={id}
      rowKey="fareKey"
      size="small"
      showHeader={false}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 240 }}
      data-testid="change-fares"
      rowSelection={{ type: "radio", selectedRowKeys: value ? [value] : [], onChange: (keys) => onChange?.(String(keys[0] ?? "")) }}
      onRow={(r) => ({ onClick: () => onChange?.(r.fareKey) })}
    />
  );
}
