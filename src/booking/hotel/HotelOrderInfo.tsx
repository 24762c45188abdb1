// hotel_orderInfo (/hotel/orderInfo?hotelId&roomTypeId&checkIn&checkOut): the hotel booking form.
// The room's nightly prices for the stay are read on arrival; the form (rooms, one guest per
// room, contact, arrival time, remark) is validated by the same schema the server checks, the
// price panel adds every night's price × rooms as they change, and submitting holds the rooms
// and opens the cashier. A price that changed since is shown old against new, and booking
// continues only when the buyer agrees. A company member books on business (因公) or privately:
// on business the travel standard's verdict on the room (the nightly cap of the city's tier) shows
// before submitting, with the reason or the approval it asks for; an order that waits for
// approval opens its detail instead of the cashier. A booker who may book for colleagues picks
// who travels (出行人): the colleague's name goes on the first room's guest and their standard
// (their city-tier caps) is the one shown.
import { useEffect, useMemo, useState } from "react";
import { Alert, Button, Card, Col, Descriptions, Form, Input, Result, Row, Select, Skeleton, Typography } from "antd";
import { useGetIdentity, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useWatch, type Control } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { FormField, NO_RECORD } from "../../components/FormField";
import { useLatest } from "../../components/use-latest";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { BOOKINGS } from "../index";
import { hotelOrderInput, hotelPricePanel, GUEST_NAME_MAX, type HotelOrderForm, type HotelOrderInput } from "../../domain/orders/hotel-booking";
import { HOTEL_ORDER_PATHS } from "../../domain/orders/hotel-types";
import { HOTEL_ORDER_STATUS } from "../../domain/orders/hotel";
import type { BusinessCheck } from "../../domain/orders/business-types";
import { subjectKey } from "../../access/rules";
import { defaultTravelType } from "../shared/travel-type";
import { BusinessSection, useStandardCheck, type BusinessFields, type StandardCheckRequest } from "../shared/business";
import { withStandardCheck } from "../shared/business-form";
import { checkFor, TravellerSelect } from "../shared/TravellerSelect";
import { StayContactFields } from "../../components/orders/StayContactFields";
import { PayWithin } from "../shared/PayWithin";
import { MAX_ROOMS } from "../../domain/travel/hotel";
import type { HotelBaseInfo, HotelPriceInfo, RoomPrice } from "../../domain/travel/types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import type { PortalUser } from "../../layout/session";
import { LinkButton } from "../../components/LinkButton";
import { hotelOrderDetailPath, hotelPayPath } from "../../access/order-paths";
import { useSearch } from "../../components/search/useSearch";
import { usePriceCheckedBooking } from "../shared/usePriceCheckedBooking";
import { useKeptForm } from "../shared/useKeptForm";
import "../../components/orders/order.css";
import { moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);

export default function HotelOrderInfo({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const q = queryOf(useLocation().search);
  const ok = /^\d{1,10}$/.test(q.hotelId ?? "") && /^\d{1,10}$/.test(q.roomTypeId ?? "") && /^\d{4}-\d{2}-\d{2}$/.test(q.checkIn ?? "") && /^\d{4}-\d{2}-\d{2}$/.test(q.checkOut ?? "");
  return (
    <WorkbenchFrame routeName={routeName} title={t("hotelOrder.fillTitle")}>
      {ok ? <Loader hotelId={q.hotelId!} roomTypeId={Number(q.roomTypeId)} checkIn={q.checkIn!} checkOut={q.checkOut!} /> : <NoRoom text={t("hotelOrder.missingRoom")} />}
    </WorkbenchFrame>
  );
}

function NoRoom({ text }: { text: string }) {
  const t = useTranslate();
  return (
    <Card className="tp-frame__card">
      <Result status="warning" title={text} extra={<LinkButton to={pathFor("hotel_index")} type="primary">{t("hotelOrder.searchAgain")}</LinkButton>} />
    </Card>
  );
}

function Loader({ hotelId, roomTypeId, checkIn, checkOut }: { hotelId: string; roomTypeId: number; checkIn: string; checkOut: string }) {
  const t = useTranslate();
  const base = useSearch<HotelBaseInfo>("/hotel/search/baseinfo", { hotelId });
  const prices = useSearch<HotelPriceInfo>("/hotel/search/priceinfo_credit", { hotelId, checkIn, checkOut });
  // The signed-in member is the default contact and first guest: the form opens with them in it.
  const identity = useGetIdentity<PortalUser>();
  if (base.query.isLoading || prices.query.isLoading || identity.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  const error = base.query.error ?? prices.query.error;
  if (error || !base.data || !prices.data) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("hotelOrder.loadError")}
        description={error?.message}
        action={<Button onClick={() => { void base.query.refetch(); void prices.query.refetch(); }}>{t("hotelOrder.retry")}</Button>}
      />
    );
  }
  const room = prices.data.rooms.find((r) => r.roomTypeId === roomTypeId);
  if (!room || !room.bookable) return <NoRoom text={t("hotelOrder.unavailable")} />;
  return <Booking hotel={base.data} info={prices.data} room={room} user={identity.data ?? null} onStale={() => void prices.query.refetch()} />;
}

const FIELDS = ["roomCount", "contactName", "contactMobile", "arrivalTime", "remark", "applyId", "overReason", "forEmployeeId"] as const;

function Booking({ hotel, info, room, user, onStale }: { hotel: HotelBaseInfo; info: HotelPriceInfo; room: RoomPrice; user: PortalUser | null; onStale: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [clientKey] = useState(() => crypto.randomUUID());
  // Company members book on business (因公) or privately; an employee's bookings are business first.
  const memberKey = subjectKey(user);
  const companyMember = memberKey === "70" || memberKey === "7_0";
  // What the travel standard asks of this room on business, read by the schema when it checks.
  const check = useLatest<BusinessCheck | undefined>(undefined);
  const messages = { applicationRequired: t("business.applicationRequired"), overReasonRequired: t("business.overReasonRequired") };
  // A private booking sends no colleague either.
  const { control, handleSubmit, watch, setValue, getValues, setError, formState, reset } = useForm<BaseRecord, HttpError, HotelOrderForm>({
    ...NO_RECORD,
    resolver: schemaResolver<HotelOrderForm>(() => withStandardCheck(hotelOrderInput, check.get(), messages, ["forEmployeeId"])),
    defaultValues: {
      hotelId: info.hotelId, roomTypeId: room.roomTypeId, checkIn: info.checkIn, checkOut: info.checkOut, roomCount: 1, price: room.total, clientKey,
      guests: [{ name: user?.realName ?? "" }], contactName: user?.realName ?? "", contactMobile: user?.mobilePhone ?? "", arrivalTime: "18:00", remark: "",
      ...(companyMember ? { travelType: defaultTravelType(memberKey, false) } : {}),
    },
  });
  // Kept across a sign-in when the session expires on 提交订单; the room, stay and price are the page's.
  const kept = useKeptForm<HotelOrderForm>(`hotel:${info.hotelId}:${room.roomTypeId}:${info.checkIn}:${info.checkOut}`, { reset, getValues }, ["hotelId", "roomTypeId", "checkIn", "checkOut", "price"]);
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  const standardCheck: StandardCheckRequest = checkFor(
    { url: HOTEL_ORDER_PATHS.standardCheck, payload: { hotelId: info.hotelId, roomTypeId: room.roomTypeId, checkIn: info.checkIn, checkOut: info.checkOut } },
    forEmployeeId,
  );
  const travelType = useWatch({ control, name: "travelType" });
  const business = companyMember && travelType === "business";
  const businessCheck = useStandardCheck(standardCheck, business).check;
  useEffect(() => check.set(businessCheck), [check, businessCheck]);
  const rooms = Number(watch("roomCount")) || 1;
  const panel = useMemo(() => hotelPricePanel(room.nightly, rooms), [room, rooms]);
  const maxRooms = Math.max(1, Math.min(MAX_ROOMS, room.roomsLeft));

  // One guest name per room: choosing the room count resizes the guest rows, keeping the names entered.
  const resizeGuests = (count: number) => {
    const guests = getValues("guests") ?? [];
    setValue("guests", Array.from({ length: count }, (_, i) => guests[i] ?? { name: "" }));
  };

  const { book, pending } = usePriceCheckedBooking<HotelOrderForm, HotelOrderInput>({
    resource: BOOKINGS.hotel,
    texts: "hotelOrder",
    valuesOf: (input) => ({ ...input, price: panel.total }),
    // An order waiting for approval is paid once approved: its detail shows where it stands.
    onBooked: (order) => navigate(order.status === HOTEL_ORDER_STATUS.approving ? hotelOrderDetailPath(order.orderNo) : hotelPayPath(order.orderNo)),
    onStale,
    fieldsOf: () => [...FIELDS, ...Array.from({ length: rooms }, (_, i) => `guests.${i}.name` as const)],
    setError,
    kept,
  });

  const guestsError = (formState.errors.guests as { message?: string } | undefined)?.message;
  return (
    <Form layout="vertical" onFinish={() => void handleSubmit((v) => book(v as unknown as HotelOrderInput))()} aria-label={t("hotelOrder.fillTitle")}>
      <div className="tp-order">
        <div>
          <Card className="tp-order__section" title={t("hotelOrder.stay")}>
            <Typography.Title level={4} style={{ marginTop: 0 }}>{hotel.name}</Typography.Title>
            <Descriptions column={2} size="small">
              <Descriptions.Item label={t("hotelOrder.room")}>{room.name}</Descriptions.Item>
              <Descriptions.Item label={t("hotelOrder.bedType")}>{room.bedType} · {room.breakfastLabel}</Descriptions.Item>
              <Descriptions.Item label={t("hotelOrder.checkIn")}>{info.checkIn}</Descriptions.Item>
              <Descriptions.Item label={t("hotelOrder.checkOut")}>{info.checkOut}{t("common.parenthesized", { text: t("hotelOrder.nights", { n: info.nights }) })}</Descriptions.Item>
              <Descriptions.Item label={t("hotelOrder.address")} span={2}>{hotel.address}</Descriptions.Item>
              <Descriptions.Item label={t("hotelOrder.cancelPolicy")} span={2}>
                <span className={`tp-bk-cancel--${room.cancelPolicy}`}>{room.cancelText}</span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          {companyMember ? (
            <BusinessSection
              control={control as unknown as Control<BusinessFields>}
              check={standardCheck}
              forbiddenText={t("business.forbiddenHotel")}
              traveller={<TravellerSelect control={control} setValue={setValue} selfName={user?.realName ?? user?.mobilePhone ?? ""} nameField="guests.0.name" />}
            />
          ) : null}
          <Card className="tp-order__section" title={t("hotelOrder.guests")}>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <FormField control={control} name="roomCount" label={t("hotelOrder.roomCount")}>
                  <RoomCountSelect max={maxRooms} onRooms={resizeGuests} />
                </FormField>
              </Col>
            </Row>
            <Row gutter={16}>
              {Array.from({ length: rooms }, (_, i) => (
                <Col xs={24} md={8} key={i}>
                  <FormField control={control} name={`guests.${i}.name` as const} label={t("hotelOrder.guestOfRoom", { n: i + 1 })}>
                    <Input maxLength={GUEST_NAME_MAX} placeholder={t("hotelOrder.guestPlaceholder")} />
                  </FormField>
                </Col>
              ))}
            </Row>
            {guestsError && <Typography.Text type="danger">{guestsError}</Typography.Text>}
          </Card>
          <Card className="tp-order__section" title={t("hotelOrder.contact")}>
            <StayContactFields control={control} />
          </Card>
        </div>
        <Card className="tp-order__side" title={t("hotelOrder.pricePanel")}>
          <div data-testid="price-panel">
            {panel.nights.map((n) => (
              <div key={n.date} style={{ display: "flex", justifyContent: "space-between" }}>
                <Typography.Text type="secondary">{n.date}　{fen(n.price)} × {t("hotelOrder.roomUnit", { n: panel.rooms })}</Typography.Text>
                <span>{fen(n.subtotal)}</span>
              </div>
            ))}
            <div style={{ display: "flex", justifyContent: "space-between", marginTop: 8 }}>
              <span>{t("hotelOrder.roomTotal")}</span>
              <span>{fen(panel.roomTotal)}</span>
            </div>
            {panel.serviceFee > 0 && (
              <div style={{ display: "flex", justifyContent: "space-between" }}>
                <span>{t("hotelOrder.serviceFee")}</span>
                <span>{fen(panel.serviceFee)}</span>
              </div>
            )}
            <div style={{ display: "flex", justifyContent: "space-between", marginTop: 12, alignItems: "baseline" }}>
              <Typography.Text strong>{t("hotelOrder.total")}</Typography.Text>
              <Typography.Text strong type="danger" style={{ fontSize: 22 }} data-testid="price-total">{fen(panel.total)}</Typography.Text>
            </div>
          </div>
          <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} loading={pending}>
            {t("hotelOrder.submit")}
          </Button>
          <PayWithin textKey="hotelOrder.payWithin" instead={business && businessCheck?.needApproval ? t("hotelOrder.payAfterApproval") : undefined} />
        </Card>
      </div>
    </Form>
  );
}

/** The room count, telling the form as it changes so the guest rows follow it. */
function RoomCountSelect({ max, onRooms, onChange, ...rest }: { max: number; onRooms: (n: number) => void; onChange?: (n: number) => void; id?: string; value?: number }) {
  const t = useTranslate();
  return (
    <Select
      {...rest}
      onChange={(n: number) => {
        onChange?.(n);
        onRooms(n);
      }}
      options={Array.from({ length: max }, (_, i) => ({ value: i + 1, label: t("hotelOrder.roomUnit", { n: i + 1 }) }))}
    />
  );
}
