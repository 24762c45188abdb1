// order_info (/airTicket/order_info?fareKey=…): the personal booking form. The fare is verified
// on arrival (latest price and seats), passengers are entered inline, the price panel follows
// every change, and submitting creates the order (seats held) and opens its detail. A price that
// changed since is shown old against new, and booking continues only when the buyer agrees.
import { useRef, useState } from "react";
import { Alert, Button, Card, Form, Result, Skeleton, Typography } from "antd";
import { useWatch } from "react-hook-form";
import { useCustom, useGetIdentity, useTranslate } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { showServiceFee, subjectKey } from "../../access/rules";
import { FLIGHT_ORDER_PATHS, type BusinessCheck } from "../../domain/orders/flight-types";
import type { FlightOrderInput } from "../../domain/orders/flight-booking";
import { PayWithin } from "../shared/PayWithin";
import { useZodForm } from "../../components/FormField";
import type { FareVerifyReply, FlightItem, FlightSeat } from "../../domain/travel/types";
import { passengerCountProblem, readPassengerCounts } from "../../domain/travel/search-query";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import type { PortalUser } from "../../pages/layout/session";
import { LinkButton } from "../../pages/index/LinkButton";
import { orderDetailPath } from "../../resources/flight-orders";
import { FlightSummary } from "./FlightSummary";
import { PassengerFields } from "./PassengerFields";
import { PriceSummary } from "./PriceSummary";
import { livePanel, orderFormDefaults, orderFormFields, orderFormSchema, type OrderFormValues } from "./order-form";
import { BookForBanner, useBookFor } from "./book-for";
import { BusinessSection, useBusinessCheck } from "./BusinessSection";
import { defaultTravelType, isBusinessOrderRoute } from "../shared/travel-type";
import { ContactCard } from "./ContactCard";
import { usePriceCheckedBooking } from "../shared/usePriceCheckedBooking";
import { useKeptForm } from "../shared/useKeptForm";
import "./flight.css";

const VERIFY_PATH = "/api/v1/trip_manager/air_ticket_domestic_flight/verify";



export default function OrderInfoPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const query = queryOf(useLocation().search);
  const fareKey = query.fareKey ?? "";
  // The search's passenger counts open that many passenger rows (one when the counts break the rules).
  const counts = readPassengerCounts(query);
  const rows = passengerCountProblem(counts) ? 1 : counts.adults + counts.children + counts.infants;
  return (
    <WorkbenchFrame routeName={routeName} title={isBusinessOrderRoute(routeName) ? undefined : t("flightOrder.fillTitle")}>
      {fareKey ? <OrderForm fareKey={fareKey} rows={rows} businessPage={isBusinessOrderRoute(routeName)} /> : <NoFare text={t("flightOrder.missingFare")} />}
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

function OrderForm({ fareKey, rows, businessPage }: { fareKey: string; rows: number; businessPage: boolean }) {
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
  if (!fare?.available || !fare.seat || !fare.flight) return <NoFare text={t("flightOrder.unavailable")} />;
  return <Booking fare={{ ...fare, seat: fare.seat, flight: fare.flight }} rows={rows} businessPage={businessPage} user={identity.data ?? null} onStale={() => query.refetch()} />;
}

type VerifiedFare = FareVerifyReply & { seat: FlightSeat; flight: FlightItem };

/** onStale: the fare's price moved on the server; fetch it again so the panel shows the new one. */
function Booking({ fare, rows, businessPage, user, onStale }: { fare: VerifiedFare; rows: number; businessPage: boolean; user: PortalUser | null; onStale: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [clientKey] = useState(() => crypto.randomUUID());
  const { seat, flight } = fare;
  // Quick order: the subordinate booked for, once the server confirmed them.
  const bookFor = useBookFor();
  // Company members book on business (因公) or privately; an employee's bookings are business first.
  const memberKey = subjectKey(user);
  const companyMember = (memberKey === "70" || memberKey === "7_0") && !bookFor.member;
  // What the travel standard asks of this fare on business, read by the schema when it checks.
  const check = useRef<BusinessCheck | undefined>(undefined);
  const messages = { applicationRequired: t("business.applicationRequired"), overReasonRequired: t("business.overReasonRequired") };
  const { control, handleSubmit, setError, setValue, reset, getValues } = useZodForm<OrderFormValues>(() => orderFormSchema(check.current, messages), {
    defaultValues: orderFormDefaults(seat, rows, {
      clientKey,
      contactName: user?.realName ?? "",
      contactMobile: user?.mobilePhone ?? "",
      travelType: defaultTravelType(memberKey, businessPage),
    }),
  });
  // Kept across a sign-in when the session expires on 提交订单; the fare and its price are the page's.
  const kept = useKeptForm<OrderFormValues>(`flight:${seat.fareKey}`, { reset, getValues }, ["fareKey", "price", "forMemberId"]);
  const travelType = useWatch({ control, name: "travelType" });
  const business = companyMember && travelType === "business";
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  check.current = useBusinessCheck(seat.fareKey, business, forEmployeeId).check;
  const passengers = useWatch({ control, name: "passengers" }) ?? [];
  const panel = livePanel(passengers, seat, flight.depDate);

  const { book, pending } = usePriceCheckedBooking<OrderFormValues, FlightOrderInput>({
    url: FLIGHT_ORDER_PATHS.book,
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
          <Card className="tp-order__section" title={t("flightOrder.flight")}>
            <FlightSummary flight={flight} seat={seat} />
          </Card>
          {companyMember ? <BusinessSection fareKey={seat.fareKey} control={control} setValue={setValue} selfName={user?.realName ?? user?.mobilePhone ?? ""} /> : null}
          <Card className="tp-order__section" title={t("flightOrder.passengers")}>
            <PassengerFields control={control} depDate={flight.depDate} insurance={seat.insurance} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t("flightOrder.fareRules")}
            </Typography.Paragraph>
          </Card>
          <ContactCard control={control} />
        </div>
        <Card className="tp-order__side" title={t("flightOrder.pricePanel")}>
          <PriceSummary panel={panel} showServFee={showServiceFee(user?.showControl as { showServFee?: number } | undefined)} />
          <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} loading={pending || bookFor.loading}>
            {t("flightOrder.submit")}
          </Button>
          {/* When to pay: within the hold after submitting, or, for an order that waits for approval, once approved. */}
          <PayWithin textKey="flightOrder.payWithin" instead={business && check.current?.needApproval ? t("flightOrder.payAfterApproval") : undefined} />
        </Card>
      </div>
    </Form>
  );
}
