// One passenger of the train booking form: name, certificate, ticket type, the seat chosen in
// 在线选座 (when the seat class offers a choice) and the remove button. As on 12306, typing or
// picking a 居民身份证 sets the ticket type from the card's birth date on the travel date (under
// 14: 儿童票, and back to 成人票 when the card is then changed to an adult's); the type may still be
// changed afterwards (a child without a card travels on the accompanying adult's).
import { useEffect, useRef } from "react";
import { Button, Col, Form, Input, Row, Select } from "antd";
import { useTranslate } from "@refinedev/core";
import { useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { FormField } from "../../components/FormField";
import { TRAIN_CERT_NO_MAX, TRAIN_CERT_TYPES, TRAIN_NAME_MAX, trainTypeFromCert, type TrainOrderForm } from "../../domain/orders/train-booking";
import { TRAIN_PASSENGER_TYPES, TRAIN_PASSENGER_TYPE_LABELS } from "../../domain/orders/train-types";
import { seatChoicesOf } from "../../domain/travel/train-seats";
import { CERT_TYPES } from "../../domain/codes";
import { useCodes } from "../../components/use-codes";
import { SeatChoiceSelect } from "../../components/orders/seat-choice";

interface Props {
  control: Control<TrainOrderForm>;
  setValue: UseFormSetValue<TrainOrderForm>;
  index: number;
  seatClass: string;
  depDate: string;
  /** Into a 12306 account the account's contacts travel as it lists them. */
  locked: boolean;
  onRemove?: () => void;
}

export function TrainPassengerRow({ control, setValue, index: i, seatClass, depDate, locked, onRemove }: Props) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const certType = useWatch({ control, name: `passengers.${i}.certType` });
  const certNo = useWatch({ control, name: `passengers.${i}.certNo` });
  const fromCert = trainTypeFromCert({ certType: Number(certType), certNo: String(certNo ?? "") }, depDate);
  // Only a change of the certificate sets the type, and a type picked by hand after it stays: a
  // child's card makes it 儿童票; an adult's card puts back 成人票 only where a child's card had set
  // 儿童票 (a 儿童票 on the accompanying adult's card is the member's choice).
  const last = useRef({ cert: `${certType}|${certNo}`, fromCert });
  useEffect(() => {
    const now = `${certType}|${certNo}`;
    if (now === last.current.cert) return;
    const before = last.current.fromCert;
    last.current = { cert: now, fromCert: fromCert ?? before };
    if (fromCert === "child" || (fromCert === "adult" && before === "child")) setValue(`passengers.${i}.passengerType`, fromCert, { shouldValidate: true });
  }, [certType, certNo, fromCert, i, setValue]);
  const choices = seatChoicesOf(seatClass);

  return (
    <Row gutter={12} align="top" data-testid={`passenger-${i}`}>
      <Col xs={24} md={8}>
        <FormField control={control} name={`passengers.${i}.name` as const} label={t("trainOrder.passengerN", { n: i + 1 })}>
          <Input maxLength={TRAIN_NAME_MAX} placeholder={t("trainOrder.name")} disabled={locked} />
        </FormField>
      </Col>
      <Col xs={24} md={8}>
        <FormField control={control} name={`passengers.${i}.certType` as const} label={t("trainOrder.certType")}>
          <Select options={TRAIN_CERT_TYPES.map((c) => ({ value: c, label: codeLabel(CERT_TYPES, c) }))} disabled={locked} />
        </FormField>
      </Col>
      <Col xs={24} md={8}>
        <FormField control={control} name={`passengers.${i}.passengerType` as const} label={t("trainOrder.passengerType")} extra={fromCert === "child" ? t("trainOrder.childFromId") : undefined}>
          <Select options={TRAIN_PASSENGER_TYPES.map((v) => ({ value: v, label: codeLabel(TRAIN_PASSENGER_TYPE_LABELS, v) }))} />
        </FormField>
      </Col>
      <Col xs={24} md={choices.length ? 12 : 16}>
        <FormField control={control} name={`passengers.${i}.certNo` as const} label={t("trainOrder.certNo")}>
          <Input maxLength={TRAIN_CERT_NO_MAX} disabled={locked} />
        </FormField>
      </Col>
      {choices.length > 0 && (
        <Col xs={16} md={8}>
          <FormField control={control} name={`passengers.${i}.seatChoice` as const} label={t("trainOrder.seatChoice")}>
            <SeatChoiceSelect seatClass={seatClass} />
          </FormField>
        </Col>
      )}
      <Col xs={8} md={choices.length ? 4 : 8}>
        {onRemove && (
          <Form.Item label=" ">
            <Button onClick={onRemove}>{t("trainOrder.removePassenger")}</Button>
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}
