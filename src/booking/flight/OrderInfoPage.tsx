// order_info (/airTicket/order_info?fareKey=…): the personal booking form. The fare is verified
// on arrival (latest price and seats), passengers are entered inline, the price panel follows
// every change, and submitting creates the order (seats held) and opens its detail. A price that
// changed since is shown old against new, and booking continues only when the buyer agrees.
import { useState } from "react";
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Skeleton, Typography, type FormInstance } from "antd";
import { useCustom, useCustomMutation, useGetIdentity, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { pathFor, queryOf } from "../../access/routes";
import { showServiceFee } from "../../access/rules";
import { CERT_TYPE } from "../../domain/codes";
import { FLIGHT_ORDER_PATHS } from "../../domain/orders/flight-types";
import { NAME_MAX, PAYMENT_MINUTES } from "../../domain/orders/flight-booking";
import type { FareVerifyReply, FlightItem, FlightSeat } from "../../domain/travel/types";
import { passengerCountProblem, readPassengerCounts } from "../../domain/travel/search-query";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import type { PortalUser } from "../../pages/layout/session";
import { LinkButton } from "../../pages/index/LinkButton";
import { orderDetailPath } from "../../resources/flight-orders";
import { FlightSummary } from "./FlightSummary";
import { PassengerFields } from "./PassengerFields";
import { PriceSummary } from "./PriceSummary";
import { firstProblem, livePanel, namePath, toOrderInput, type OrderFormValues } from "./order-form";
import { BookForBanner, useBookFor } from "./book-for";
import { BusinessSection, useBusinessCheck } from "./BusinessSection";
import { subjectKey } from "../../access/rules";
import "./flight.css";

const VERIFY_PATH = "/api/v1/trip_manager/air_ticket_domestic_flight/verify";


interface BookReply {
  id: number;
  orderNo: string;
  status: number;
}

export default function OrderInfoPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const query = queryOf(useLocation().search);
  const fareKey = query.fareKey ?? "";
  // The search's passenger counts open that many passenger rows (one when the counts break the rules).
  const counts = readPassengerCounts(query);
  const rows = passengerCountProblem(counts) ? 1 : counts.adults + counts.children + counts.infants;
  return (
    <WorkbenchFrame routeName={routeName} title={t("flightOrder.fillTitle")}>
      {fareKey ? <OrderForm fareKey={fareKey} rows={rows} /> : <NoFare text={t("flightOrder.missingFare")} />}
    </WorkbenchFrame>
  );
}

function NoFare({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Card className="tp-frame__card">
      <Result status="warning" title={text} extra={<LinkButton to={pathFor("DomesticAirTicketQuery")} type="primary">{t("flightOrder.searchAgain")}</LinkButton>} />
    </Card>
  );
}

function OrderForm({ fareKey, rows }: { fareKey: string; rows: number }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<FareVerifyReply>({
    url: VERIFY_PATH,
    method: "post",
    config: { payload: { fareKey } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false },
  });
  const fare = result.data as FareVerifyReply | undefined;
  if (query.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
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
  return <Booking fare={{ ...fare, seat: fare.seat, flight: fare.flight }} rows={rows} onStale={() => query.refetch()} />;
}

type VerifiedFare = FareVerifyReply & { seat: FlightSeat; flight: FlightItem };

/** onStale: the fare's price moved on the server; fetch it again so the panel shows the new one. */
function Booking({ fare, rows, onStale }: { fare: VerifiedFare; rows: number; onStale: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<PortalUser>();
  const [form] = Form.useForm();
  const [clientKey] = useState(() => crypto.randomUUID());
  const { mutate, mutation } = useCustomMutation<BookReply>();
  const values = Form.useWatch([], form) as OrderFormValues | undefined;
  const { seat, flight } = fare;
  // Quick order: the subordinate booked for, once the server confirmed them.
  const bookFor = useBookFor();
  const panel = livePanel(values ?? { passengers: [{ certType: CERT_TYPE.idCard }] }, seat, flight.depDate);
  // Company members book on business (因公) or privately; an employee's bookings are business first.
  const memberKey = subjectKey(user ?? null);
  const companyMember = (memberKey === "70" || memberKey === "7_0") && !bookFor.member;

  const submit = (acceptPrice: boolean) => {
    const input = { ...toOrderInput(form.getFieldsValue(true) as OrderFormValues, seat, clientKey, acceptPrice), ...(bookFor.member ? { forMemberId: bookFor.member.id } : {}) };
    const problem = firstProblem(input);
    if (problem) {
      form.setFields([{ name: problem.name, errors: [problem.message] }]);
      form.scrollToField(problem.name);
      return;
    }
    mutate(
      { url: FLIGHT_ORDER_PATHS.book, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => navigate(orderDetailPath(data.id)),
        onError: (e: HttpError) => {
          const data = (e as HttpError & { data?: { priceChanged?: boolean } }).data;
          if (data?.priceChanged) {
            onStale();
            modal.confirm({ title: t("flightOrder.priceChangedTitle"), content: e.message, okText: t("flightOrder.continueBooking"), cancelText: t("flightOrder.notNow"), onOk: () => submit(true) });
            return;
          }
          const errors = Object.entries(e.errors ?? {});
          if (errors.length) form.setFields(errors.map(([k, v]) => ({ name: namePath(k), errors: [String(Array.isArray(v) ? v[0] : v)] })));
          message.error(e.message);
        },
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        passengers: Array.from({ length: rows }, () => ({ certType: CERT_TYPE.idCard })),
        contactName: user?.realName ?? "",
        contactMobile: user?.mobilePhone ?? "",
      }}
      onFinish={() => submit(false)}
      aria-label={t("flightOrder.fillTitle")}
    >
      <BookForBanner bookFor={bookFor} />
      <div className="tp-order">
        <div>
          <Card className="tp-order__section" title={t("flightOrder.flight")}>
            <FlightSummary flight={flight} seat={seat} />
          </Card>
          {companyMember ? <BusinessSection fareKey={seat.fareKey} initial={memberKey === "7_0" ? "business" : "private"} /> : null}
          <Card className="tp-order__section" title={t("flightOrder.passengers")}>
            <PassengerFields depDate={flight.depDate} insurance={seat.insurance} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t("flightOrder.fareRules")}
            </Typography.Paragraph>
          </Card>
          <Card className="tp-order__section" title={t("flightOrder.contact")}>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="contactName" label={t("flightOrder.contactName")} rules={[{ required: true, message: t("flightOrder.contactNameRequired") }]}>
                  <Input maxLength={NAME_MAX} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="contactMobile" label={t("flightOrder.contactMobile")} rules={[{ required: true, message: t("flightOrder.mobileInvalid") }]}>
                  <Input maxLength={11} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </div>
        <Card className="tp-order__side" title={t("flightOrder.pricePanel")}>
          <PriceSummary panel={panel} showServFee={showServiceFee(user?.showControl as { showServFee?: number } | undefined)} />
          <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} loading={mutation.isPending || bookFor.loading}>
            {t("flightOrder.submit")}
          </Button>
          <PayNote form={form} fareKey={seat.fareKey} companyMember={!!companyMember} />
        </Card>
      </div>
    </Form>
  );
}

/** When to pay: within the hold after submitting, or, for an order that waits for approval, once approved. */
function PayNote({ form, fareKey, companyMember }: { form: FormInstance; fareKey: string; companyMember: boolean }) {
  const { t } = useTranslation();
  const travelType = Form.useWatch("travelType", form) as string | undefined;
  const business = companyMember && travelType === "business";
  // The same query the business section asked: answered from its cache.
  const { check } = useBusinessCheck(fareKey, business);
  const waits = business && !!check?.needApproval;
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
      {waits ? t("flightOrder.payAfterApproval") : t("flightOrder.payWithin", { minutes: PAYMENT_MINUTES })}
    </Typography.Paragraph>
  );
}
