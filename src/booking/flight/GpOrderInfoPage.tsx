// order_info_office (/airTicket/order_info_office?fareKey=…|Y|GP): the 政府采购 (公务机票) booking
// form. The GP fare is verified on arrival, each passenger is entered as on the ordinary order
// page plus the budget unit they travel for and their own official card, the price panel adds up
// the GP ticket, taxes and service fee, and submitting holds the seats with the order and opens
// the cashier. A price that changed since is shown old against new, and booking continues only
// when the buyer agrees.
import { useState } from "react";
import { Alert, Button, Card, Col, Form, Input, Result, Row, Skeleton, Typography } from "antd";
import { useWatch, type Control } from "react-hook-form";
import { useCustom, useGetIdentity, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { showServiceFee } from "../../access/rules";
import { gpOrderSchema, type GpOrderInput } from "../../domain/orders/gp-booking";
import { BUDGET_UNIT_MAX, isGpFareKey, isGpSeat, OFFICIAL_CARD_INPUT_MAX } from "../../domain/travel/gp-fares";
import { passengerCountProblem, readPassengerCounts } from "../../domain/travel/search-query";
import type { FareVerifyReply, FlightItem, FlightSeat } from "../../domain/travel/types";
import { FormField, NO_RECORD } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { BOOKINGS } from "../index";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import type { PortalUser } from "../../layout/session";
import { LinkButton } from "../../components/LinkButton";
import { PayWithin } from "../shared/PayWithin";
import { FlightSummary } from "../../components/orders/FlightSummary";
import { PassengerFields } from "./PassengerFields";
import { PriceSummary } from "../../components/orders/PriceSummary";
import { RuleLinesTable } from "./RuleLinesTable";
import type { OrderFormValues } from "./order-form";
import { blankGpPassenger, gpFormDefaults, gpFormFields, liveGpPanel, type GpOrderFormValues } from "./gp-form";
import { ContactCard } from "./ContactCard";
import { usePriceCheckedBooking } from "../shared/usePriceCheckedBooking";
import { useKeptForm } from "../shared/useKeptForm";
import "../../components/orders/order.css";

const VERIFY_PATH = "/api/v1/trip_manager/air_ticket_domestic_flight/verify";


export default function GpOrderInfoPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const query = queryOf(useLocation().search);
  const fareKey = query.fareKey ?? "";
  // The search's adults open that many passenger rows (GP fares are for adults only).
  const counts = readPassengerCounts(query);
  const rows = passengerCountProblem(counts) ? 1 : counts.adults;
  return (
    <WorkbenchFrame routeName={routeName} title={t("gpOrder.fillTitle")}>
      {isGpFareKey(fareKey) ? <OrderForm fareKey={fareKey} rows={rows} /> : <NoFare text={t("gpOrder.missing")} />}
    </WorkbenchFrame>
  );
}

function NoFare({ text }: { text: string }) {
  const t = useTranslate();
  return (
    <Card className="tp-frame__card">
      <Result status="warning" title={text} extra={<LinkButton to={pathFor("DomesticAirTicketQuery", undefined, { gp: "1" })} type="primary">{t("flightOrder.searchAgain")}</LinkButton>} />
    </Card>
  );
}

function OrderForm({ fareKey, rows }: { fareKey: string; rows: number }) {
  const t = useTranslate();
  const { query, result } = useCustom<FareVerifyReply>({
    url: VERIFY_PATH,
    method: "post",
    config: { payload: { fareKey } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false },
  });
  const fare = result.data as FareVerifyReply | undefined;
  // The signed-in member is the default contact: the form opens with them in it.
  const identity = useGetIdentity<PortalUser>();
  if (query.isLoading || identity.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (query.error) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("flightOrder.loadError")}
        description={query.error.message}
        action={<Button onClick={() => query.refetch()}>{t("flightOrder.retry")}</Button>}
      />
    );
  }
  if (!fare?.available || !fare.seat || !fare.flight || !isGpSeat(fare.seat)) return <NoFare text={t("gpOrder.unavailable")} />;
  return <Booking fare={{ ...fare, seat: fare.seat, flight: fare.flight }} rows={rows} user={identity.data ?? null} onStale={() => query.refetch()} />;
}

type VerifiedFare = FareVerifyReply & { seat: FlightSeat; flight: FlightItem };

/** A passenger's budget unit and official card, under their ordinary fields. */
function GpFields({ control, index }: { control: Control<GpOrderFormValues>; index: number }) {
  const t = useTranslate();
  return (
    <Row gutter={16} data-testid={`gp-fields-${index}`}>
      <Col span={12}>
        <FormField control={control} name={`passengers.${index}.budgetUnit`} label={t("gpOrder.budgetUnit")} required>
          <Input maxLength={BUDGET_UNIT_MAX} placeholder={t("gpOrder.budgetUnitPlaceholder")} />
        </FormField>
      </Col>
      <Col span={12}>
        <FormField control={control} name={`passengers.${index}.officialCard`} label={t("gpOrder.officialCard")} required>
          <Input maxLength={OFFICIAL_CARD_INPUT_MAX} inputMode="numeric" autoComplete="off" placeholder={t("gpOrder.officialCardPlaceholder")} />
        </FormField>
      </Col>
    </Row>
  );
}

/** onStale: the fare's price moved on the server; fetch it again so the panel shows the new one. */
function Booking({ fare, rows, user, onStale }: { fare: VerifiedFare; rows: number; user: PortalUser | null; onStale: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [clientKey] = useState(() => crypto.randomUUID());
  const { seat, flight } = fare;
  const { control, handleSubmit, setError, reset, getValues } = useForm<BaseRecord, HttpError, GpOrderFormValues>({
    ...NO_RECORD,
    resolver: schemaResolver<GpOrderFormValues>(() => gpOrderSchema(flight.depDate)),
    defaultValues: gpFormDefaults(seat, rows, { clientKey, contactName: user?.realName ?? "", contactMobile: user?.mobilePhone ?? "" }),
  });
  // Kept across a sign-in when the session expires on 提交订单; the fare and its price are the page's.
  const kept = useKeptForm<GpOrderFormValues>(`gp:${seat.fareKey}`, { reset, getValues }, ["fareKey", "price"]);
  const passengers = useWatch({ control, name: "passengers" }) ?? [];
  const panel = liveGpPanel(passengers, seat);

  const { book, pending } = usePriceCheckedBooking<GpOrderFormValues, GpOrderInput>({
    resource: BOOKINGS.gp,
    texts: "flightOrder",
    valuesOf: (input) => input,
    onBooked: (order) => navigate(pathFor("pay_order", { orderId: String(order.id) })),
    onStale,
    fieldsOf: (input) => gpFormFields(input.passengers.length),
    setError,
    kept,
  });

  return (
    <Form layout="vertical" onFinish={() => void handleSubmit((v) => book(v as unknown as GpOrderInput))()} aria-label={t("gpOrder.fillTitle")}>
      <div className="tp-order">
        <div>
          <Card className="tp-order__section" title={t("flightOrder.flight")}>
            <FlightSummary flight={flight} seat={seat} />
          </Card>
          <Card className="tp-order__section" title={t("flightOrder.passengers")}>
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("gpOrder.eligibility")} data-testid="gp-eligibility" />
            <PassengerFields
              // The ordinary fields read the rows as ordinary passengers; the GP fields are the form's own.
              control={control as unknown as Control<OrderFormValues>}
              depDate={flight.depDate}
              insurance={seat.insurance}
              blank={blankGpPassenger}
              extra={(index) => <GpFields control={control} index={index} />}
            />
          </Card>
          {/* The fee table the refund and change of this fare are priced on (the verify reply's, the server's own). */}
          <Card className="tp-order__section" title={t("gpOrder.rulesTitle")} data-testid="gp-rules">
            <RuleLinesTable lines={fare.rules} baggage={seat.baggage} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t("gpOrder.fareRules")}
            </Typography.Paragraph>
          </Card>
          <ContactCard control={control} />
        </div>
        <Card className="tp-order__side" title={t("flightOrder.pricePanel")}>
          <PriceSummary panel={panel} showServFee={showServiceFee(user?.showControl as { showServFee?: number } | undefined)} />
          <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} loading={pending}>
            {t("flightOrder.submit")}
          </Button>
          <PayWithin textKey="flightOrder.payWithin" />
        </Card>
      </div>
    </Form>
  );
}
