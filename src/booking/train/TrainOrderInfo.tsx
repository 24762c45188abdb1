// train_order_info (/train/train_order_info?trainKey&seatClass&fromStation&toStation&depDate): the
// train booking form. The train comes from the search it was picked in; the form (passengers with
// certificate and ticket type, contact) is validated by the same schema the server checks, the
// price panel adds each passenger's ticket by type and the service fee as they change, and
// submitting holds the seats and opens the cashier. The 免账号购票 page is this form recording its
// channel; the 12306账号购票 page adds a sign-in to the member's own 12306 account, whose
// 常用联系人 are the only passengers it offers (the account and password go with the booking,
// which signs in again; the password is kept nowhere). A company member books on business (因公)
// or privately: on business the travel standard's verdict on the seat class shows before
// submitting, with the reason or the approval it asks for; an order that waits for approval
// opens its detail instead of the cashier. A booker who may book for colleagues picks who travels
// (出行人): the colleague's name goes on the first passenger and their standard is the one shown.
import { useEffect, useState } from "react";
import { Alert, App, Button, Card, Checkbox, Col, Descriptions, Form, Input, Result, Row, Skeleton, Space, Typography } from "antd";
import { useCreate, useGetIdentity, type HttpError, useTranslate, type BaseRecord } from "@refinedev/core";
import { useFieldArray, useWatch, type Control } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { applyRefusal, FormField, NO_RECORD, sessionEnded } from "../../components/FormField";
import { useLatest } from "../../components/use-latest";
import { schemaResolver } from "../../components/form-errors";
import { useForm } from "@refinedev/react-hook-form";
import { BOOKINGS, RAIL_ACCOUNT_SIGN_INS } from "../index";
import { useKeptForm } from "../shared/useKeptForm";
import {
  MAX_TRAIN_PASSENGERS, TRAIN_KEY_PATTERN, TRAIN_NAME_MAX, trainOrderInput, trainPricePanel,
  type TrainOrderForm, type TrainOrderInput,
} from "../../domain/orders/train-booking";
import { ACCOUNT_12306_MAX, PASSWORD_12306_MAX, type Rail12306Account, type Rail12306Passenger } from "../../domain/orders/train-account";
import { maskCertNo } from "../../domain/people/certificates";
import { TRAIN_ORDER_PATHS, TRAIN_PASSENGER_TYPE_LABELS, type TrainPassengerType } from "../../domain/orders/train-types";
import { TRAIN_ORDER_STATUS } from "../../domain/orders/train";
import type { BusinessCheck } from "../../domain/orders/business-types";
import { subjectKey } from "../../access/rules";
import { defaultTravelType } from "../shared/travel-type";
import { BusinessSection, useStandardCheck, type BusinessFields, type StandardCheckRequest } from "../shared/business";
import { withStandardCheck } from "../shared/business-form";
import { checkFor, TravellerSelect } from "../shared/TravellerSelect";
import { PayWithin } from "../shared/PayWithin";
import { CERT_TYPES } from "../../domain/codes";
import { TRAIN_SERVICE_FEE } from "../../domain/travel/train";
import { durationText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import { readTrainSearch } from "../../domain/travel/search-query";
import type { TrainItem, TrainListReply, TrainSeat } from "../../domain/travel/types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { type PortalUser } from "../../layout/session";
import { LinkButton } from "../../components/LinkButton";
import { trainOrderDetailPath, trainPayPath } from "../../access/order-paths";
import { chinaToday } from "../../components/search/today";
import { useSearch } from "../../components/search/useSearch";
import { ChannelBanner, trainQueryRoute, type TrainVariant } from "./variant";
import { TrainPassengerRow } from "./TrainPassengerRow";
import { seatChoicesOf } from "../../domain/travel/train-seats";
import "../../components/orders/order.css";
import { useCodes } from "../../components/use-codes";
import { formatFen, moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);

interface BookReply {
  id: number;
  orderNo: string;
  status: number;
}

export default function TrainOrderInfo({ routeName, variant }: { routeName: string; variant?: TrainVariant }) {
  const t = useTranslate();
  const q = queryOf(useLocation().search);
  const key = q.trainKey && TRAIN_KEY_PATTERN.test(q.trainKey) ? q.trainKey : null;
  // A variant's page is titled by its route (which names how the ticket is bought).
  return (
    <WorkbenchFrame routeName={routeName} title={variant ? undefined : t("trainOrder.fillTitle")}>
      {variant && <ChannelBanner variant={variant} query={q} page="order" />}
      {key && q.seatClass ? <Loader trainKey={key} seatClass={q.seatClass} query={q} variant={variant} /> : <NoTrain text={t("trainOrder.missingTrain")} variant={variant} />}
    </WorkbenchFrame>
  );
}

function NoTrain({ text, variant }: { text: string; variant: TrainVariant }) {
  const t = useTranslate();
  return (
    <Card className="tp-frame__card">
      <Result status="warning" title={text} extra={<LinkButton to={pathFor(trainQueryRoute(variant))} type="primary">{t("trainOrder.searchAgain")}</LinkButton>} />
    </Card>
  );
}

function Loader({ trainKey, seatClass, query, variant }: { trainKey: string; seatClass: string; query: Record<string, string>; variant: TrainVariant }) {
  const t = useTranslate();
  // The search the train was picked in (its answer is usually still cached); else the key's own stations.
  const parsed = readTrainSearch(query, chinaToday());
  const [runDate, , fromStation, toStation] = trainKey.split(":");
  const search = parsed.ok ? parsed.search : { fromStation, toStation, depDate: runDate };
  const list = useSearch<TrainListReply>("/api/v1/train/train_list", { ...search });
  const identity = useGetIdentity<PortalUser>();
  if (list.query.isLoading || identity.isLoading) return <Card className="tp-frame__card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (list.query.error || !list.data) {
    return <Alert type="error" showIcon message={t("trainOrder.loadError")} description={list.query.error?.message} action={<Button onClick={() => list.query.refetch()}>{t("trainOrder.retry")}</Button>} />;
  }
  const train = list.data.list.find((x) => x.trainKey === trainKey);
  const seat = train?.seats.find((s) => s.seatClass === seatClass);
  if (train?.stopped) return <NoTrain text={t("trainOrder.stopped", { trainNo: train.trainNo, date: train.depDate })} variant={variant} />;
  if (!train || !seat || seat.left <= 0) return <NoTrain text={t("trainOrder.unavailable")} variant={variant} />;
  return <Booking train={train} seat={seat} user={identity.data ?? null} variant={variant} />;
}

const CONTACT_FIELDS = ["contactName", "contactMobile", "seatClass", "trainKey", "account12306", "password12306", "applyId", "overReason", "forEmployeeId"] as const;
const PASSENGER_FIELDS = ["name", "certType", "certNo", "passengerType", "seatChoice"] as const;

const accountKey = (p: { certType: number; certNo: string }) => `${p.certType}|${p.certNo.toUpperCase()}`;

function Booking({ train, seat, user, variant }: { train: TrainItem; seat: TrainSeat; user: PortalUser | null; variant: TrainVariant }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [clientKey] = useState(() => crypto.randomUUID());
  // Refine creates the order (a create on the train bookings resource).
  const { mutate, mutation } = useCreate<BookReply>();
  const ab = variant === "ab";
  // Company members book on business (因公) or privately; an employee's bookings are business first.
  const memberKey = subjectKey(user);
  const companyMember = memberKey === "70" || memberKey === "7_0";
  // What the travel standard asks of this seat class on business, read by the schema when it checks.
  const check = useLatest<BusinessCheck | undefined>(undefined);
  const messages = { applicationRequired: t("business.applicationRequired"), overReasonRequired: t("business.overReasonRequired") };
  // A private booking sends no colleague either.
  const { control, handleSubmit, watch, setError, setValue, formState, trigger, getValues, reset } = useForm<BaseRecord, HttpError, TrainOrderForm>({
    ...NO_RECORD,
    resolver: schemaResolver<TrainOrderForm>(() => withStandardCheck(trainOrderInput, check.get(), messages, ["forEmployeeId"])),
    defaultValues: {
      trainKey: train.trainKey, seatClass: seat.seatClass, clientKey,
      // Into a 12306 account only its own 常用联系人 travel: they are picked once signed in.
      passengers: ab ? [] : [{ name: user?.realName ?? "", certType: 1, certNo: "", passengerType: "adult" }],
      contactName: user?.realName ?? "", contactMobile: user?.mobilePhone ?? "",
      ...(variant ? { channel: variant } : {}),
      ...(ab ? { account12306: "", password12306: "" } : {}),
      ...(companyMember ? { travelType: defaultTravelType(memberKey, false) } : {}),
    },
  });
  // Kept across a sign-in when the session expires on 提交订单; the 12306 password never is.
  const kept = useKeptForm<TrainOrderForm>(`train:${variant ?? ""}:${train.trainKey}:${seat.seatClass}`, { reset, getValues }, ["trainKey", "seatClass", "channel", "password12306"]);
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  const standardCheck: StandardCheckRequest = checkFor({ url: TRAIN_ORDER_PATHS.standardCheck, payload: { trainKey: train.trainKey, seatClass: seat.seatClass } }, forEmployeeId);
  const travelType = useWatch({ control, name: "travelType" });
  const business = companyMember && travelType === "business";
  const businessCheck = useStandardCheck(standardCheck, business).check;
  useEffect(() => check.set(businessCheck), [check, businessCheck]);
  const { fields, append, remove, replace } = useFieldArray({ control, name: "passengers" });
  const signIn = useCreate<Rail12306Account>();
  const account = ab ? (signIn.mutation.data?.data ?? null) : null;
  const passengers = watch("passengers") ?? [];
  const types = passengers.map((p) => (p?.passengerType === "child" ? "child" : "adult") as TrainPassengerType);
  const panel = trainPricePanel(seat, types);
  const maxPassengers = Math.min(MAX_TRAIN_PASSENGERS, seat.left);
  const typeLabel = (type: TrainPassengerType) => codeLabel(TRAIN_PASSENGER_TYPE_LABELS, type);

  // The account's format is checked here by the same rule as the server's before signing in.
  const signInTo12306 = async () => {
    if (!(await trigger(["account12306", "password12306"]))) return;
    const { account12306, password12306 } = getValues();
    signIn.mutate(
      { resource: RAIL_ACCOUNT_SIGN_INS, values: { account12306: account12306?.trim(), password12306 }, successNotification: false, errorNotification: false, invalidates: [] },
      {
        onSuccess: () => replace([]),
        onError: (e: HttpError) => {
          const rest = applyRefusal<TrainOrderForm>(e, ["account12306", "password12306"], setError);
          if (rest) message.error(rest);
        },
      },
    );
  };
  const signOut = () => {
    signIn.mutation.reset();
    replace([]);
  };
  const chosen = new Set(passengers.filter(Boolean).map((p) => accountKey({ certType: Number(p.certType), certNo: String(p.certNo ?? "") })));
  // Checking a contact adds them as a passenger (as the account lists them); unchecking removes them.
  const choose = (keys: string[]) => {
    if (!account) return;
    const kept = passengers.filter((p) => p && keys.includes(accountKey({ certType: Number(p.certType), certNo: String(p.certNo ?? "") })));
    const added = account.passengers.filter((p) => keys.includes(accountKey(p)) && !chosen.has(accountKey(p)));
    replace([...kept, ...added.map((p: Rail12306Passenger) => ({ name: p.name, certType: p.certType, certNo: p.certNo, passengerType: p.passengerType }))] as TrainOrderForm["passengers"]);
  };

  const book = (input: TrainOrderInput) => {
    kept.keep();
    mutate(
      { resource: BOOKINGS.train, values: input, successNotification: false, errorNotification: false, invalidates: [] },
      {
        // An order waiting for approval is paid once approved: its detail shows where it stands.
        onSuccess: ({ data }) => {
          kept.clear();
          navigate(data.status === TRAIN_ORDER_STATUS.approving ? trainOrderDetailPath(data.id) : trainPayPath(data.id, data.orderNo));
        },
        onError: (e: HttpError) => {
          if (sessionEnded(e)) return;
          const names = fields.flatMap((_, i) => PASSENGER_FIELDS.map((f) => `passengers.${i}.${f}` as const));
          const rest = applyRefusal<TrainOrderForm>(e, [...CONTACT_FIELDS, ...names], setError);
          if (rest) message.error(rest);
        },
      },
    );
  };

  const listError = (formState.errors.passengers as { message?: string; root?: { message?: string } } | undefined);
  return (
    <Form layout="vertical" onFinish={() => void handleSubmit((v) => book(v as unknown as TrainOrderInput))()} aria-label={t("trainOrder.fillTitle")}>
      <div className="tp-order">
        <div>
          <Card className="tp-order__section" title={t("trainOrder.trip")}>
            <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="order-train">
              {train.trainNo}　{train.fromStation} {train.depTime} → {train.toStation} {train.arrTime}
            </Typography.Title>
            <Descriptions column={2} size="small">
              <Descriptions.Item label={t("search.train.trainType")}>{train.trainTypeName}</Descriptions.Item>
              <Descriptions.Item label={t("trainOrder.depDate")}>{train.depDate}{t("common.parenthesized", { text: t("trainOrder.duration", { text: durationText(train.durationMin, domainLang()) }) })}</Descriptions.Item>
              <Descriptions.Item label={t("trainOrder.seat")}>{seat.seatName}</Descriptions.Item>
              <Descriptions.Item label={t("trainOrder.seatPrice")}>{fen(seat.price)}{t("common.parenthesized", { text: t("trainOrder.childPrice", { price: formatFen(seat.childPrice) }) })}</Descriptions.Item>
            </Descriptions>
          </Card>
          {companyMember ? (
            <BusinessSection
              control={control as unknown as Control<BusinessFields>}
              check={standardCheck}
              forbiddenText={t("business.forbiddenTrain")}
              // Into a 12306 account its own contacts travel: the colleague's name is not filled in.
              traveller={<TravellerSelect control={control} setValue={setValue} selfName={user?.realName ?? user?.mobilePhone ?? ""} nameField={ab ? undefined : "passengers.0.name"} />}
            />
          ) : null}
          {ab && (
            <Card className="tp-order__section" title={t("trainChannel.accountSection")} data-testid="account-12306">
              <Row gutter={16} align="top">
                <Col xs={24} md={9}>
                  <FormField control={control} name="account12306" label={t("trainChannel.account")}>
                    <Input maxLength={ACCOUNT_12306_MAX} placeholder={t("trainChannel.accountPlaceholder")} disabled={!!account} autoComplete="off" />
                  </FormField>
                </Col>
                <Col xs={24} md={9}>
                  <FormField control={control} name="password12306" label={t("trainChannel.password")}>
                    <Input.Password maxLength={PASSWORD_12306_MAX} placeholder={t("trainChannel.passwordPlaceholder")} disabled={!!account} autoComplete="off" />
                  </FormField>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item label=" ">
                    {account ? (
                      <Button onClick={signOut}>{t("trainChannel.switchAccount")}</Button>
                    ) : (
                      <Button type="primary" ghost onClick={() => void signInTo12306()} loading={signIn.mutation.isPending}>
                        {t("trainChannel.signIn")}
                      </Button>
                    )}
                  </Form.Item>
                </Col>
              </Row>
              {account && <Alert type="success" showIcon message={t("trainChannel.signedIn", { account: account.account12306 })} style={{ marginBottom: 8 }} />}
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 12 }}>{t("trainChannel.passwordNote")}</Typography.Paragraph>
            </Card>
          )}
          <Card className="tp-order__section" title={t("trainOrder.passengers")}>
            {ab && !account && <Alert type="info" showIcon message={t("trainChannel.signInFirst")} style={{ marginBottom: 12 }} />}
            {account && (
              <div style={{ marginBottom: 12 }} data-testid="account-passengers">
                <Typography.Text strong>{t("trainChannel.pickPassengers")}</Typography.Text>
                {account.passengers.length ? (
                  <Checkbox.Group value={[...chosen]} onChange={(v) => choose(v as string[])} style={{ display: "flex", flexDirection: "column", gap: 6, marginTop: 8 }}>
                    {account.passengers.map((p) => (
                      <Checkbox key={accountKey(p)} value={accountKey(p)} disabled={!chosen.has(accountKey(p)) && fields.length >= maxPassengers}>
                        <Space size={8}>
                          <span>{p.name}</span>
                          <Typography.Text type="secondary">{codeLabel(CERT_TYPES, p.certType)} {maskCertNo(p.certNo)} · {typeLabel(p.passengerType)}</Typography.Text>
                        </Space>
                      </Checkbox>
                    ))}
                  </Checkbox.Group>
                ) : (
                  <div><Typography.Text type="warning">{t("trainChannel.noPassengers")}</Typography.Text></div>
                )}
              </div>
            )}
            {fields.map((f, i) => (
              <TrainPassengerRow
                key={f.id} control={control} setValue={setValue} index={i} seatClass={seat.seatClass} depDate={train.depDate} locked={ab}
                onRemove={fields.length > 1 ? () => remove(i) : undefined}
              />
            ))}
            {seatChoicesOf(seat.seatClass).length > 0 && <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>{t("trainOrder.seatChoiceHint")}</Typography.Paragraph>}
            {(listError?.message ?? listError?.root?.message) && <Typography.Text type="danger">{listError?.message ?? listError?.root?.message}</Typography.Text>}
            <div hidden={ab}>
              <Button disabled={fields.length >= maxPassengers} onClick={() => append({ name: "", certType: 1, certNo: "", passengerType: "adult" })}>
                {t("trainOrder.addPassenger")}
              </Button>
            </div>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>{t("trainOrder.childHint")}</Typography.Paragraph>
          </Card>
          <Card className="tp-order__section" title={t("trainOrder.contact")}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <FormField control={control} name="contactName" label={t("trainOrder.contactName")}>
                  <Input maxLength={TRAIN_NAME_MAX} />
                </FormField>
              </Col>
              <Col xs={24} md={12}>
                <FormField control={control} name="contactMobile" label={t("trainOrder.contactMobile")}>
                  <Input maxLength={11} />
                </FormField>
              </Col>
            </Row>
          </Card>
        </div>
        <Card className="tp-order__side" title={t("trainOrder.pricePanel")}>
          <div data-testid="price-panel">
            {panel.lines.map((l) => (
              <div key={l.passengerType} style={{ display: "flex", justifyContent: "space-between" }}>
                <Typography.Text type="secondary">{t("trainOrder.ticketLine", { type: typeLabel(l.passengerType), price: formatFen(l.price), n: l.count })}</Typography.Text>
                <span>{fen(l.subtotal)}</span>
              </div>
            ))}
            <div style={{ display: "flex", justifyContent: "space-between", marginTop: 8 }}>
              <span>{t("trainOrder.ticketTotal")}</span>
              <span>{fen(panel.ticketTotal)}</span>
            </div>
            {panel.serviceFee > 0 && (
              <div style={{ display: "flex", justifyContent: "space-between" }}>
                <span>{t("trainOrder.serviceFeeLine", { fee: formatFen(TRAIN_SERVICE_FEE), n: types.length })}</span>
                <span>{fen(panel.serviceFee)}</span>
              </div>
            )}
            <div style={{ display: "flex", justifyContent: "space-between", marginTop: 12, alignItems: "baseline" }}>
              <Typography.Text strong>{t("trainOrder.total")}</Typography.Text>
              <Typography.Text strong type="danger" style={{ fontSize: 22 }} data-testid="price-total">{fen(panel.total)}</Typography.Text>
            </div>
          </div>
          <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} loading={mutation.isPending}>
            {t("trainOrder.submit")}
          </Button>
          <PayWithin textKey="trainOrder.payWithin" instead={business && businessCheck?.needApproval ? t("trainOrder.payAfterApproval") : undefined} />
        </Card>
      </div>
    </Form>
  );
}
