// international_order_info (/intl/international_order_info?itineraryKey=…&cabinClass=…): the
// international booking form, personal and business alike (the business route is the same page
// for company members). The itinerary is verified on arrival (every segment's fare now), the
// passengers travel on a passport or the pass their destination accepts, the price panel adds up
// ticket and taxes of every segment per passenger, and submitting creates the order (seats held
// on every segment) and opens the cashier. A total that changed since is shown old against new,
// and booking continues only when the buyer agrees.
import { useState } from "react";
import { Alert, Button, Card, Form, Result, Skeleton, Typography } from "antd";
import type { Control } from "react-hook-form";
import { useWatch } from "react-hook-form";
import { useCustom, useGetIdentity, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { showServiceFee, subjectKey } from "../../access/rules";
import { defaultTravelType, isBusinessOrderRoute } from "../shared/travel-type";
import { PayWithin } from "../shared/PayWithin";
import { INTL_ORDER_PATHS, intlOrderSchema, type IntlOrderInput, type IntlVerifyReply } from "../../domain/orders/intl-booking";
import { durationText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import { NO_RECORD } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { BOOKINGS } from "../index";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import type { PortalUser } from "../../layout/session";
import { LinkButton } from "../../components/LinkButton";
import { FlightSummary } from "../../components/orders/FlightSummary";
import { PriceSummary } from "../../components/orders/PriceSummary";
import { BusinessSection } from "../flight/BusinessSection";
import type { OrderFormValues } from "../flight/order-form";
import { IntlPassengerFields } from "./IntlPassengerFields";
import { intlFormDefaults, intlFormFields, liveIntlPanel, type IntlOrderFormValues } from "./intl-form";
import { ContactCard } from "../flight/ContactCard";
import { usePriceCheckedBooking } from "../shared/usePriceCheckedBooking";
import { useKeptForm } from "../shared/useKeptForm";
import "../../components/orders/order.css";
import "../booking.css";


export default function IntlOrderInfoPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const query = queryOf(useLocation().search);
  const itineraryKey = query.itineraryKey ?? "";
  const cabinClass = ["F", "C", "Y"].includes(query.cabinClass ?? "") ? query.cabinClass! : "";
  return (
    <WorkbenchFrame routeName={routeName}>
      {itineraryKey && cabinClass ? <OrderForm itineraryKey={itineraryKey} cabinClass={cabinClass} businessPage={isBusinessOrderRoute(routeName)} /> : <NoTrip text={t("intlOrder.missing")} />}
    </WorkbenchFrame>
  );
}

function NoTrip({ text }: { text: string }) {
  const t = useTranslate();
  return (
    <Card className="tp-frame__card">
      <Result status="warning" title={text} extra={<LinkButton to={pathFor("intl_flight_query_list")} type="primary">{t("flightOrder.searchAgain")}</LinkButton>} />
    </Card>
  );
}

function OrderForm({ itineraryKey, cabinClass, businessPage }: { itineraryKey: string; cabinClass: string; businessPage: boolean }) {
  const t = useTranslate();
  const { query, result } = useCustom<IntlVerifyReply>({
    url: INTL_ORDER_PATHS.verify,
    method: "post",
    config: { payload: { itineraryKey, cabinClass } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false },
  });
  const trip = result.data as IntlVerifyReply | undefined;
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
  if (!trip?.available) return <NoTrip text={trip?.problem ?? t("intlOrder.unavailable")} />;
  return <Booking trip={trip} businessPage={businessPage} user={identity.data ?? null} onStale={() => query.refetch()} />;
}

/** The itinerary: each segment as booked, and between two segments where and how long the connection is. */
function TripSummary({ trip }: { trip: IntlVerifyReply }) {
  const t = useTranslate();
  return (
    <div data-testid="itinerary">
      {trip.segments.map((s, i) => (
        <div key={s.flight.flightKey}>
          {i > 0 && trip.connections[i - 1] && (
            <div className="tp-bk-conn tp-flight-conn" data-testid="connection">
              {t("search.intl.connection", { city: trip.connections[i - 1].cityName, time: durationText(trip.connections[i - 1].minutes, domainLang()) })}
              {trip.connections[i - 1].changePlace && t("search.intl.changeAirport")}
            </div>
          )}
          {s.seat && <FlightSummary flight={s.flight} seat={s.seat} />}
        </div>
      ))}
    </div>
  );
}

/** onStale: a price moved on the server; fetch the itinerary again so the panel shows the new one. */
function Booking({ trip, businessPage, user, onStale }: { trip: IntlVerifyReply; businessPage: boolean; user: PortalUser | null; onStale: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [clientKey] = useState(() => crypto.randomUUID());
  const memberKey = subjectKey(user);
  const companyMember = memberKey === "70" || memberKey === "7_0";
  const depDate = trip.depDate;
  const { control, handleSubmit, setError, setValue, getValues, reset } = useForm<BaseRecord, HttpError, IntlOrderFormValues>({
    ...NO_RECORD,
    resolver: schemaResolver<IntlOrderFormValues>(() => intlOrderSchema({ depDate, destCity: trip.destCity })),
    defaultValues: intlFormDefaults(trip, {
      clientKey,
      contactName: user?.realName ?? "",
      contactMobile: user?.mobilePhone ?? "",
      travelType: defaultTravelType(memberKey, businessPage),
    }),
  });
  // Kept across a sign-in when the session expires on 提交订单; the itinerary and its price are the page's.
  const kept = useKeptForm<IntlOrderFormValues>(`intl:${trip.itineraryKey}`, { reset, getValues }, ["itineraryKey", "cabinClass", "fareKeys", "price"]);
  const passengers = useWatch({ control, name: "passengers" }) ?? [];
  const panel = liveIntlPanel(passengers, trip.breakdown, depDate);

  const { book, pending } = usePriceCheckedBooking<IntlOrderFormValues, IntlOrderInput>({
    resource: BOOKINGS.intl,
    texts: "flightOrder",
    // Only a company member books on business or privately; for anyone else it is not asked.
    valuesOf: ({ travelType, ...rest }) => ({ ...rest, ...(companyMember && travelType ? { travelType } : {}) }),
    onBooked: (order) => navigate(pathFor("pay_order", { orderId: String(order.id) })),
    onStale,
    fieldsOf: (input) => intlFormFields(input.passengers.length),
    setError,
    kept,
  });

  return (
    <Form layout="vertical" onFinish={() => void handleSubmit((v) => book(v as unknown as IntlOrderInput))()} aria-label={t("intlOrder.fillTitle")}>
      <div className="tp-order">
        <div>
          <Card className="tp-order__section" title={t("intlOrder.itinerary")}>
            <TripSummary trip={trip} />
          </Card>
          {companyMember ? (
            <BusinessSection
              fareKey={trip.segments[0].seat?.fareKey ?? ""}
              // The section reads only the travel type here (no standard check, no colleague to pick).
              control={control as unknown as Control<OrderFormValues>}
              setValue={() => undefined}
              selfName={user?.realName ?? user?.mobilePhone ?? ""}
              standardUnsupported={t("intlOrder.standardUnsupported")}
            />
          ) : null}
          <Card className="tp-order__section" title={t("flightOrder.passengers")}>
            <IntlPassengerFields control={control} setValue={setValue} getValues={getValues} depDate={depDate} destCity={trip.destCity} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t("intlOrder.documentRules", { city: trip.destCityName })}
            </Typography.Paragraph>
          </Card>
          <ContactCard control={control} />
        </div>
        <Card className="tp-order__side" title={t("flightOrder.pricePanel")}>
          <PriceSummary international panel={panel} showServFee={showServiceFee(user?.showControl as { showServFee?: number } | undefined)} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
            {t("intlOrder.fareRules")}
          </Typography.Paragraph>
          <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} loading={pending}>
            {t("flightOrder.submit")}
          </Button>
          <PayWithin textKey="flightOrder.payWithin" />
        </Card>
      </div>
    </Form>
  );
}
