// The passengers of the international order form: the name, the English name as on the document
// (spelled from the Chinese name as it is typed, and corrected freely), nationality, the
// certificate the destination accepts with its number and expiry, birth date and mobile. The
// type shown (成人/儿童/婴儿) is the age band on the departure date, as the server decides it.
import { Button, Col, DatePicker, Input, Row, Select, Tag } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import type { ChangeEvent } from "react";
import { useFieldArray, useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from "react-hook-form";
import { useTranslate } from "@refinedev/core";
import { CERT_TYPES, PASSENGER_TYPES, type CertType } from "../../domain/codes";
import { CERT_NO_MAX, MAX_PASSENGERS, NAME_MAX } from "../../domain/orders/flight-booking";
import { certTypesFor, NATIONALITIES, NATIONALITY_CODES } from "../../domain/orders/intl-booking";
import { FormField } from "../../components/FormField";
import { BirthdayInput } from "../flight/BirthdayInput";
import { SavedPassengers } from "../flight/SavedPassengers";
import { blankIntlPassenger, intlTypeOf, toIntlPassenger, type IntlOrderFormValues } from "./intl-form";
import { useCodes } from "../../components/use-codes";

// The spelling needs the pinyin dictionary (most of this page's weight): it loads beside the page
// instead of inside it, and is there by the time a name is typed.
const spelling = import("../../domain/people/english-name");

interface Props {
  control: Control<IntlOrderFormValues>;
  setValue: UseFormSetValue<IntlOrderFormValues>;
  getValues: UseFormGetValues<IntlOrderFormValues>;
  depDate: string;
  destCity: string;
}

/** The name input: passes the change on, and spells the English name from it. */
function NameInput({ onChange, onSpell, ...rest }: { onChange?: (e: ChangeEvent<HTMLInputElement>) => void; onSpell: (before: string, after: string) => void; value?: string } & Record<string, unknown>) {
  return (
    <Input
      {...rest}
      maxLength={NAME_MAX}
      onChange={(e) => {
        const before = (rest.value as string | undefined) ?? "";
        onChange?.(e);
        onSpell(before, e.target.value);
      }}
    />
  );
}

/** A document's expiry: a date on or after departure (the 6-month rule is the schema's, with its message). */
function ExpiryInput({ id, value, onChange, onBlur, earliest, "aria-invalid": invalid }: { id?: string; value?: string; onChange?: (v: string | undefined) => void; onBlur?: () => void; earliest: string; "aria-invalid"?: boolean }) {
  const parsed = value ? dayjs(value, "YYYY-MM-DD", true) : null;
  return (
    <DatePicker
      id={id}
      style={{ width: "100%" }}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format("YYYY-MM-DD") : undefined)}
      onBlur={onBlur}
      status={invalid ? "error" : undefined}
      disabledDate={(d) => d.isBefore(dayjs(earliest), "day")}
    />
  );
}

function PassengerCard({ control, setValue, getValues, index, remove, removable, depDate, destCity }: Props & { index: number; remove: () => void; removable: boolean }) {
  const t = useTranslate();
  const { codeLabel, codeOptions } = useCodes();
  const p = useWatch({ control, name: `passengers.${index}` });
  const type = p ? intlTypeOf(p, depDate) : null;
  // The English name follows the Chinese one while it still is what the last name spelled (or empty): a correction stays.
  const spell = (before: string, after: string) =>
    void spelling.then(({ englishNameOf }) => {
      const was = englishNameOf(before);
      const next = englishNameOf(after);
      const row = getValues(`passengers.${index}`);
      // The name moved on meanwhile: its own change spells it.
      if (row.name !== after) return;
      const untouched = (!row.surname && !row.givenName) || (was !== null && row.surname === was.surname && row.givenName === was.givenName);
      if (!untouched || !next) return;
      setValue(`passengers.${index}.surname`, next.surname);
      setValue(`passengers.${index}.givenName`, next.givenName);
    });
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
            <NameInput placeholder={t("intlOrder.namePlaceholder")} onSpell={spell} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.surname`} label={t("intlOrder.surname")}>
            {/* Shown upper case as on the document; stored upper case by the server. */}
            <Input maxLength={30} placeholder="ZHANG" style={{ textTransform: "uppercase" }} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.givenName`} label={t("intlOrder.givenName")}>
            <Input maxLength={40} placeholder="SAN" style={{ textTransform: "uppercase" }} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.nationality`} label={t("intlOrder.nationality")}>
            <Select showSearch optionFilterProp="label" options={codeOptions(NATIONALITIES, NATIONALITY_CODES)} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.certType`} label={t("flightOrder.certType")}>
            <Select options={codeOptions(CERT_TYPES, certTypesFor(destCity) as CertType[])} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.certNo`} label={t("flightOrder.certNo")}>
            <Input maxLength={CERT_NO_MAX} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.certExpiry`} label={t("intlOrder.certExpiry")}>
            <ExpiryInput earliest={depDate} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.birthday`} label={t("flightOrder.birthday")}>
            <BirthdayInput latest={depDate} />
          </FormField>
        </Col>
        <Col span={8}>
          <FormField control={control} name={`passengers.${index}.mobile`} label={t("flightOrder.mobile")}>
            <Input maxLength={11} />
          </FormField>
        </Col>
      </Row>
    </div>
  );
}

export function IntlPassengerFields(props: Props) {
  const t = useTranslate();
  const { fields, append, remove, update } = useFieldArray({ control: props.control, name: "passengers" });
  const rows = useWatch({ control: props.control, name: "passengers" }) ?? [];
  // A saved passenger fills the first row still empty, else a new one.
  const place = (p: IntlOrderFormValues["passengers"][number]) => {
    const empty = rows.findIndex((r) => !r?.name?.trim() && !r?.certNo?.trim());
    if (empty >= 0) update(empty, p);
    else if (fields.length < MAX_PASSENGERS) append(p);
  };
  // A saved traveller without an English name gets one spelled from the Chinese name.
  const fill = (p: IntlOrderFormValues["passengers"][number]) => {
    if (p.surname || p.givenName) return place(p);
    void spelling.then(({ englishNameOf }) => place({ ...p, ...(englishNameOf(p.name) ?? {}) }));
  };
  return (
    <>
      <SavedPassengers onPick={fill} map={(x) => toIntlPassenger(x, props.destCity)} full={fields.length >= MAX_PASSENGERS && rows.every((r) => r?.name?.trim() || r?.certNo?.trim())} />
      {fields.map((field, index) => (
        <PassengerCard key={field.id} index={index} remove={() => remove(index)} removable={fields.length > 1} {...props} />
      ))}
      {fields.length < MAX_PASSENGERS && (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => append(blankIntlPassenger())}>
          {t("flightOrder.addPassenger")}
        </Button>
      )}
    </>
  );
}
