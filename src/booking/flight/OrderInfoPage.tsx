// order_info (/airTicket/order_info?fareKey=…[&nextFareKey=…]): the personal booking form, one way
// or over two flights (a round trip's return or a connection's onward flight in nextFareKey, one
// order of two segments). Every fare is verified on arrival (latest price and seats), passengers
// are entered inline, the price panel (each flight's, and the total) follows
// every change, and submitting creates the order (seats held) and opens its detail. A price that
// changed since is shown old against new, and booking continues only when the buyer agrees.
import { useEffect, useState } from "react";
import { Alert, Button, Card, Form, Result, Skeleton, Typography } from "antd";
import { useWatch } from "react-hook-form";
import { useCustom, useGetIdentity, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { showServiceFee, subjectKey } from "../../access/rules";
import type { BusinessCheck } from "../../domain/orders/flight-types";
import type { FlightOrderInput } from "../../domain/orders/flight-booking";
import { PayWithin } from "../shared/PayWithin";
import { NO_RECORD } from "../../components/FormField";
import { useLatest } from "../../components/use-latest";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { BOOKINGS } from "../index";
import type { FareVerifyReply, FlightItem, FlightSeat } from "../../domain/travel/types";
import { passengerCountProblem, readPassengerCounts } from "../../domain/travel/search-query";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import type { PortalUser } from "../../layout/session";
import { LinkButton } from "../../components/LinkButton";
import { orderDetailPath } from "../../access/order-paths";
import { FlightSummary } from "../../components/orders/FlightSummary";
import { PassengerFields } from "./PassengerFields";
import { PriceSummary, TripPrices } from "../../components/orders/PriceSummary";
import { LEG_KEYS, tripOf } from "../../domain/orders/flight-trip";
import { livePanel, orderFormDefaults, orderFormFields, orderFormSchema, type OrderFormValues } from "./order-form";
import { BookForBanner, useBookFor } from "./book-for";
import { BusinessSection, useBusinessCheck } from "./BusinessSection";
import { defaultTravelType, isBusinessOrderRoute } from "../shared/travel-type";
import { ContactCard } from "./ContactCard";
import { usePriceCheckedBooking } from "../shared/usePriceCheckedBooking";
import { useKeptForm } from "../shared/useKeptForm";
import "../../components/orders/order.css";

const VERIFY_PATH = "/api/v1/trip_manager/air_ticket_domestic_flight/verify";



export default function OrderInfoPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const query = queryOf(useLocation().search);
  const fareKey = query.fareKey ?? "";
  // Links of round trips made before connections were offered name the return retFareKey.
  const nextFareKey = query.nextFareKey ?? query.retFareKey ?? undefined;
  // The search's passenger counts open that many passenger rows (one when the counts break the rules).
  const counts = readPassengerCounts(query);
  const rows = passengerCountProblem(counts) ? 1 : counts.adults + counts.children + counts.infants;
  return (
    <WorkbenchFrame routeName={routeName} title={isBusinessOrderRoute(routeName) ? undefined : t("flightOrder.fillTitle")}>
      {fareKey ? <OrderForm fareKey={fareKey} nextFareKey={nextFareKey} rows={rows} businessPage={isBusinessOrderRoute(routeName)} /> : <NoFare text={t("flightOrder.missingFare")} />}
    </WorkbenchFrame>
  );
}

function NoFare({ text }: { text: string }) {
  const t = useTranslate();
  return (
    <Card className="tp-frame__card">
      <Result status="warning" title={text} extra={<LinkButton to={pathFor("DomesticAirTicketQuery")} type="primary">{t("flightOrder.searchAgain")}</LinkButton>} />
    </Card>
  );
}

function OrderForm({ fareKey, nextFareKey, rows, businessPage }: { fareKey: string; nextFareKey?: string; rows: number; businessPage: boolean }) {
  const t = useTranslate();
  const verify = (key: string | undefined) => ({
    url: VERIFY_PATH,
    method: "post" as const,
    config: { payload: { fareKey: key } },
    errorNotification: false as const,
    queryOptions: { retry: false, refetchOnWindowFocus: false, enabled: Boolean(key) },
  });
  const first = useCustom<FareVerifyReply>(verify(fareKey));
  const second = useCustom<FareVerifyReply>(verify(nextFareKey));
  const queries = nextFareKey ? [first, second] : [first];
  // The signed-in member is the default contact: the form opens with them in it.
  const identity = useGetIdentity<PortalUser>();
  if (queries.some((q) => q.query.isLoading) || identity.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  const failed = queries.find((q) => q.query.error);
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("flightOrder.loadError")}
        description={failed.query.error?.message}
        action={<Button onClick={() => queries.forEach((q) => void q.query.refetch())}>{t("flightOrder.retry")}</Button>}
      />
    );
  }
  const fares = queries.map((q) => q.result.data as FareVerifyReply | undefined);
  const legs = fares.flatMap((f) => (f?.available && f.seat && f.flight ? [{ ...f, seat: f.seat, flight: f.flight }] : []));
  if (legs.length !== fares.length) return <NoFare text={t("flightOrder.unavailable")} />;
  return <Booking legs={legs} rows={rows} businessPage={businessPage} user={identity.data ?? null} onStale={() => queries.forEach((q) => void q.query.refetch())} />;
}

type VerifiedFare = FareVerifyReply & { seat: FlightSeat; flight: FlightItem };

/** onStale: the fare's price moved on the server; fetch it again so the panel shows the new one. */
function Booking({ legs, rows, businessPage, user, onStale }: { legs: VerifiedFare[]; rows: number; businessPage: boolean; user: PortalUser | null; onStale: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [clientKey] = useState(() => crypto.randomUUID());
  const { seat, flight } = legs[0];
  const next = legs[1];
  // Quick order: the subordinate booked for, once the server confirmed them.
  const bookFor = useBookFor();
  // Company members book on business (因公) or privately; an employee's bookings are business first.
  const memberKey = subjectKey(user);
  const companyMember = (memberKey === "70" || memberKey === "7_0") && !bookFor.member;
  // What the travel standard asks of this fare on business, read by the schema when it checks.
  const check = useLatest<BusinessCheck | undefined>(undefined);
  const messages = { applicationRequired: t("business.applicationRequired"), overReasonRequired: t("business.overReasonRequired") };
  const { control, handleSubmit, setError, setValue, reset, getValues } = useForm<BaseRecord, HttpError, OrderFormValues>({
    ...NO_RECORD,
    resolver: schemaResolver<OrderFormValues>(() => orderFormSchema(check.get(), messages)),
    defaultValues: orderFormDefaults(seat, rows, {
      clientKey,
      contactName: user?.realName ?? "",
      contactMobile: user?.mobilePhone ?? "",
      travelType: defaultTravelType(memberKey, businessPage),
    }, next?.seat),
  });
  // Kept across a sign-in when the session expires on 提交订单; the fare and its price are the page's.
  const kept = useKeptForm<OrderFormValues>(`flight:${seat.fareKey}`, { reset, getValues }, ["fareKey", "price", "forMemberId"]);
  const travelType = useWatch({ control, name: "travelType" });
  const business = companyMember && travelType === "business";
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  const businessCheck = useBusinessCheck(seat.fareKey, business, forEmployeeId, next?.seat.fareKey).check;
  useEffect(() => check.set(businessCheck), [check, businessCheck]);
  const passengers = useWatch({ control, name: "passengers" }) ?? [];
  // Each flight priced on its own fare; the passengers' ages are taken on the first departure.
  const panels = legs.map((l) => livePanel(passengers, l.seat, flight.depDate));
  const trip = next ? tripOf(flight, next.flight) : null;
  const legNames = trip && "trip" in trip ? LEG_KEYS[trip.trip].map((k) => t(`flightTrip.leg.${k}`)) : [t("flightTrip.leg.first"), t("flightTrip.leg.second")];
  const showServFee = showServiceFee(user?.showControl as { showServFee?: number } | undefined);

  const { book, pending } = usePriceCheckedBooking<OrderFormValues, FlightOrderInput>({
    resource: BOOKINGS.flight,
    texts: "flightOrder",
    // A private booking, or one for a subordinate, is not a business one.
    valuesOf: ({ travelType: chosen, forEmployeeId: colleague, ...rest }) => ({
      ...rest,
      ...(companyMember && chosen ? { travelType: chosen } : {}),
      ...(companyMember && colleague ? { forEmployeeId: colleague } : {}),
      ...(bookFor.member ? { forMemberId: bookFor.member.id } : {}),
    }),
    onBooked: (order) => navigate(orderDetailPath(order.id)),
    onStale,
    fieldsOf: (input) => orderFormFields(input.passengers.length),
    setError,
    kept,
  });

  return (
    <Form layout="vertical" onFinish={() => void handleSubmit((v) => book(v as unknown as FlightOrderInput))()} aria-label={t("flightOrder.fillTitle")}>
      <BookForBanner bookFor={bookFor} />
      <div className="tp-order">
        <div>
          <Card className="tp-order__section" title={trip && "trip" in trip ? `${t("flightOrder.flight")} · ${t(`flightTrip.trip.${trip.trip}`)}` : t("flightOrder.flight")}>
            {legs.map((l, i) => (
              <div key={l.seat.fareKey} data-testid="order-leg" style={i > 0 ? { marginTop: 16 } : undefined}>
                {next && <Typography.Title level={5}>{legNames[i]}</Typography.Title>}
                <FlightSummary flight={l.flight} seat={l.seat} />
              </div>
            ))}
          </Card>
          {companyMember ? <BusinessSection fareKey={seat.fareKey} nextFareKey={next?.seat.fareKey} control={control} setValue={setValue} selfName={user?.realName ?? user?.mobilePhone ?? ""} /> : null}
          <Card className="tp-order__section" title={t("flightOrder.passengers")}>
            {/* A policy covers every flight of the trip: offered when each flight offers it. */}
            <PassengerFields control={control} depDate={flight.depDate} insurance={seat.insurance.filter((o) => legs.every((l) => l.seat.insurance.some((x) => x.insuType === o.insuType)))} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t("flightOrder.fareRules")}
            </Typography.Paragraph>
          </Card>
          <ContactCard control={control} />
        </div>
        <Card className="tp-order__side" title={t("flightOrder.pricePanel")}>
          {next ? <TripPrices panels={panels} names={legNames} showServFee={showServFee} /> : <PriceSummary panel={panels[0]} showServFee={showServFee} />}
          <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} loading={pending || bookFor.loading}>
            {t("flightOrder.submit")}
          </Button>
          {/* When to pay: within the hold after submitting, or, for an order that waits for approval, once approved. */}
          <PayWithin textKey="flightOrder.payWithin" instead={business && businessCheck?.needApproval ? t("flightOrder.payAfterApproval") : undefined} />
        </Card>
      </div>
    </Form>
  );
}
