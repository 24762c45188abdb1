// train_order_info (/train/train_order_info?trainKey&seatClass&fromStation&toStation&depDate): the
// train booking form. The train comes from the search it was picked in; the form (passengers with
// certificate and ticket type, contact) is validated by the same schema the server checks, the
// price panel adds each passenger's ticket by type and the service fee as they change, and
// submitting holds the seats and opens the cashier.
import { useMemo, useState } from "react";
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Result, Row, Select, Skeleton, Typography } from "antd";
import { useCustomMutation, useGetIdentity, type HttpError, useTranslate } from "@refinedev/core";
import { useFieldArray } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { FormField, applyRefusal, useZodForm } from "../../components/FormField";
import {
  MAX_TRAIN_PASSENGERS, TRAIN_CERT_NO_MAX, TRAIN_CERT_TYPES, TRAIN_KEY_PATTERN, TRAIN_NAME_MAX, trainOrderInput, trainPricePanel,
  type TrainOrderForm, type TrainOrderInput,
} from "../../domain/orders/train-booking";
import { TRAIN_ORDER_PATHS, TRAIN_PASSENGER_TYPES, TRAIN_PASSENGER_TYPE_LABELS, type TrainPassengerType } from "../../domain/orders/train-types";
import { PAYMENT_MINUTES } from "../../domain/orders/flight-booking";
import { CERT_TYPES, label } from "../../domain/codes";
import { TRAIN_SERVICE_FEE } from "../../domain/travel/train";
import { durationText } from "../../domain/travel/results";
import { readTrainSearch } from "../../domain/travel/search-query";
import { formatFen } from "../../domain/policy/fen";
import type { TrainItem, TrainListReply, TrainSeat } from "../../domain/travel/types";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { useLang, type PortalUser } from "../../pages/layout/session";
import { LinkButton } from "../../pages/index/LinkButton";
import { trainPayPath } from "../../resources/train-orders";
import { chinaToday } from "../shared/today";
import { useSearch } from "../shared/useSearch";
import "../flight/flight.css";

const fen = (v: number) => `¥${formatFen(v)}`;

interface BookReply {
  id: number;
  orderNo: string;
}

export default function TrainOrderInfo({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const q = queryOf(useLocation().search);
  const key = q.trainKey && TRAIN_KEY_PATTERN.test(q.trainKey) ? q.trainKey : null;
  return (
    <WorkbenchFrame routeName={routeName} title={t("trainOrder.fillTitle")}>
      {key && q.seatClass ? <Loader trainKey={key} seatClass={q.seatClass} query={q} /> : <NoTrain text={t("trainOrder.missingTrain")} />}
    </WorkbenchFrame>
  );
}

function NoTrain({ text }: { text: string }) {
  const t = useTranslate();
  return (
    <Card className="tp-frame__card">
      <Result status="warning" title={text} extra={<LinkButton to={pathFor("train_query_list")} type="primary">{t("trainOrder.searchAgain")}</LinkButton>} />
    </Card>
  );
}

function Loader({ trainKey, seatClass, query }: { trainKey: string; seatClass: string; query: Record<string, string> }) {
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
  if (!train || !seat || seat.left <= 0) return <NoTrain text={t("trainOrder.unavailable")} />;
  return <Booking train={train} seat={seat} user={identity.data ?? null} />;
}

const CONTACT_FIELDS = ["contactName", "contactMobile", "seatClass", "trainKey"] as const;
const PASSENGER_FIELDS = ["name", "certType", "certNo", "passengerType"] as const;

function Booking({ train, seat, user }: { train: TrainItem; seat: TrainSeat; user: PortalUser | null }) {
  const t = useTranslate();
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [clientKey] = useState(() => crypto.randomUUID());
  const { mutate, mutation } = useCustomMutation<BookReply>();
  const { control, handleSubmit, watch, setError, formState } = useZodForm<TrainOrderForm>(() => trainOrderInput, {
    defaultValues: {
      trainKey: train.trainKey, seatClass: seat.seatClass, clientKey,
      passengers: [{ name: user?.realName ?? "", certType: 1, certNo: "", passengerType: "adult" }],
      contactName: user?.realName ?? "", contactMobile: user?.mobilePhone ?? "",
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: "passengers" });
  const passengers = watch("passengers") ?? [];
  const types = passengers.map((p) => (p?.passengerType === "child" ? "child" : "adult") as TrainPassengerType);
  const panel = useMemo(() => trainPricePanel(seat, types), [seat, types.join(",")]); // eslint-disable-line react-hooks/exhaustive-deps
  const maxPassengers = Math.min(MAX_TRAIN_PASSENGERS, seat.left);
  const typeLabel = (type: TrainPassengerType) => TRAIN_PASSENGER_TYPE_LABELS[type][lang];

  const book = (input: TrainOrderInput) =>
    mutate(
      { url: TRAIN_ORDER_PATHS.book, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => navigate(trainPayPath(data.id, data.orderNo)),
        onError: (e: HttpError) => {
          const names = fields.flatMap((_, i) => PASSENGER_FIELDS.map((f) => `passengers.${i}.${f}` as const));
          const rest = applyRefusal<TrainOrderForm>(e, [...CONTACT_FIELDS, ...names], setError);
          if (rest) message.error(rest);
        },
      },
    );

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
              <Descriptions.Item label={t("trainOrder.depDate")}>{train.depDate}（{t("trainOrder.duration", { text: durationText(train.durationMin) })}）</Descriptions.Item>
              <Descriptions.Item label={t("trainOrder.seat")}>{seat.seatName}</Descriptions.Item>
              <Descriptions.Item label={t("trainOrder.seatPrice")}>{fen(seat.price)}（{t("trainOrder.childPrice", { price: formatFen(seat.childPrice) })}）</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card className="tp-order__section" title={t("trainOrder.passengers")}>
            {fields.map((f, i) => (
              <Row gutter={12} key={f.id} align="top">
                <Col xs={24} md={8}>
                  <FormField control={control} name={`passengers.${i}.name` as const} label={t("trainOrder.passengerN", { n: i + 1 })}>
                    <Input maxLength={TRAIN_NAME_MAX} placeholder={t("trainOrder.name")} />
                  </FormField>
                </Col>
                <Col xs={24} md={8}>
                  <FormField control={control} name={`passengers.${i}.certType` as const} label={t("trainOrder.certType")}>
                    <Select options={TRAIN_CERT_TYPES.map((c) => ({ value: c, label: label(CERT_TYPES, c, lang) }))} />
                  </FormField>
                </Col>
                <Col xs={24} md={8}>
                  <FormField control={control} name={`passengers.${i}.passengerType` as const} label={t("trainOrder.passengerType")}>
                    <Select options={TRAIN_PASSENGER_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))} />
                  </FormField>
                </Col>
                <Col xs={24} md={16}>
                  <FormField control={control} name={`passengers.${i}.certNo` as const} label={t("trainOrder.certNo")}>
                    <Input maxLength={TRAIN_CERT_NO_MAX} />
                  </FormField>
                </Col>
                <Col xs={24} md={8}>
                  {fields.length > 1 && (
                    <Form.Item label=" ">
                      <Button onClick={() => remove(i)}>{t("trainOrder.removePassenger")}</Button>
                    </Form.Item>
                  )}
                </Col>
              </Row>
            ))}
            {(listError?.message ?? listError?.root?.message) && <Typography.Text type="danger">{listError?.message ?? listError?.root?.message}</Typography.Text>}
            <div>
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
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
            {t("trainOrder.payWithin", { minutes: PAYMENT_MINUTES })}
          </Typography.Paragraph>
        </Card>
      </div>
    </Form>
  );
}
