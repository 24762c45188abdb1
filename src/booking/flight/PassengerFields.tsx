// The passengers of the order form, entered inline: name, certificate type and number, birth
// date (read from an ID card number, else entered), mobile and insurance. The type shown
// (成人/儿童/婴儿) is the age band on the travel date, as the server decides it. A fare family
// that asks more of each passenger (政府采购: budget unit and official card) adds its fields
// under each card and its own blank row.
import type { ReactNode } from "react";
import { Button, Col, Input, Row, Select, Tag } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useFieldArray, useWatch, type Control } from "react-hook-form";
import { CERT_TYPE, CERT_TYPE_CODES, CERT_TYPES, PASSENGER_TYPES } from "../../domain/codes";
import { CERT_NO_MAX, MAX_PASSENGERS, NAME_MAX, passengerTypeOn } from "../../domain/orders/flight-booking";
import type { InsuranceOption } from "../../domain/travel/air-fares";
import { FormField } from "../../components/FormField";
import { BirthdayInput } from "./BirthdayInput";
import { blankPassenger, type OrderFormValues, type PassengerValues } from "./order-form";
import { SavedPassengers } from "./SavedPassengers";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { priceText } from "../../domain/money";

interface Props {
  control: Control<OrderFormValues>;
  depDate: string;
  insurance: readonly InsuranceOption[];
  /** A new row (default: an ordinary passenger's). */
  blank?: () => PassengerValues;
  /** More fields of passenger `index`, under its card's own. */
  extra?: (index: number) => ReactNode;
}

function PassengerCard({ control, index, remove, depDate, insurance, removable, extra }: Props & { index: number; remove: () => void; removable: boolean }) {
  const t = useTranslate();
  const { codeLabel, codeOptions } = useCodes();
  const p = useWatch({ control, name: `passengers.${index}` });
  const certType = p?.certType ?? CERT_TYPE.idCard;
  const type = p?.certNo ? passengerTypeOn({ certType, certNo: p.certNo.trim(), birthday: p.birthday }, depDate) : null;
  const needsBirthday = certType !== CERT_TYPE.idCard;
  return (
    <div className="tp-passenger" data-testid={`passenger-${index}`}>
      <div className="tp-passenger__head">
        <span>
          {t("flightOrder.passengerN", { n: index + 1 })} {type && <Tag color={type === "ADT" ? "blue" : "orange"}>{codeLabel(PASSENGER_TYPES, type)}</Tag>}
        </span>
        {removable && (
          <Button type="link" danger icon={<DeleteOutlined />} onClick={remove}>
            {t("flightOrder.removePassenger")}
          </Button>
        )}
      </div>
      <Row gutter={16}>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.name`} label={t("flightOrder.name")}>
            <Input maxLength={NAME_MAX} placeholder={t("flightOrder.namePlaceholder")} />
          </FormField>
        </Col>
        <Col span={6}>
          <FormField control={control} name={`passengers.${index}.certType`} label={t("flightOrder.certType")}>
            <Select options={codeOptions(CERT_TYPES, CERT_TYPE_CODES)} />
          </FormField>
        </Col>
        <Col span={10}>
          <FormField control={control} name={`passengers.${index}.certNo`} label={t("flightOrder.certNo")}>
            <Input maxLength={CERT_NO_MAX} />
          </FormField>
        </Col>
        {needsBirthday && (
          <Col span={8}>
            <FormField control={control} name={`passengers.${index}.birthday`} label={t("flightOrder.birthday")}>
              <BirthdayInput latest={depDate} />
            </FormField>
          </Col>
        )}
        <Col span={needsBirthday ? 6 : 8}>
          <FormField control={control} name={`passengers.${index}.mobile`} label={t("flightOrder.mobile")}>
            <Input maxLength={11} />
          </FormField>
        </Col>
        <Col span={needsBirthday ? 10 : 16}>
          <FormField control={control} name={`passengers.${index}.insuType`} label={t("flightOrder.insurance")}>
            <Select
              allowClear
              placeholder={t("flightOrder.noInsurance")}
              options={insurance.map((o) => ({ value: o.insuType, label: `${o.name} ¥${priceText(o.salePrice)}` }))}
            />
          </FormField>
        </Col>
      </Row>
      {extra?.(index)}
    </div>
  );
}

export function PassengerFields(props: Props) {
  const t = useTranslate();
  const { fields, append, remove, update } = useFieldArray({ control: props.control, name: "passengers" });
  const rows = useWatch({ control: props.control, name: "passengers" }) ?? [];
  const blank = props.blank ?? blankPassenger;
  // A saved passenger fills the first row still empty (keeping what was typed in the fare
  // family's own fields), else a new one.
  const fill = (saved: PassengerValues) => {
    const empty = rows.findIndex((r) => !r?.name?.trim() && !r?.certNo?.trim());
    if (empty >= 0) update(empty, { ...blank(), ...rows[empty], ...saved });
    else if (fields.length < MAX_PASSENGERS) append({ ...blank(), ...saved });
  };
  return (
    <>
      <SavedPassengers onPick={fill} full={fields.length >= MAX_PASSENGERS && rows.every((r) => r?.name?.trim() || r?.certNo?.trim())} />
      {fields.map((field, index) => (
        <PassengerCard key={field.id} index={index} remove={() => remove(index)} removable={fields.length > 1} {...props} />
      ))}
      {fields.length < MAX_PASSENGERS && (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => append(blank())}>
          {t("flightOrder.addPassenger")}
        </Button>
      )}
    </>
  );
}
