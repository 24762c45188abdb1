// The passengers of the order form, entered inline: name, certificate type and number, birth
// date (read from an ID card number, else entered), mobile and insurance. The type shown
// (成人/儿童/婴儿) is the age band on the travel date, as the server decides it.
import { Button, Col, DatePicker, Form, Input, Row, Select, Tag, type FormListFieldData } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import dayjs from "dayjs";
import { CERT_TYPE, CERT_TYPE_CODES, codeOptions, CERT_TYPES, label, PASSENGER_TYPES } from "../../domain/codes";
import { CERT_NO_MAX, MAX_PASSENGERS, NAME_MAX, passengerTypeOn } from "../../domain/orders/flight-booking";
import type { InsuranceOption } from "../../domain/travel/air-fares";
import { useLang } from "../../pages/layout/session";
import type { PassengerValues } from "./order-form";

interface Props {
  depDate: string;
  insurance: readonly InsuranceOption[];
}

function PassengerCard({ field, index, remove, depDate, insurance, removable }: Props & { field: FormListFieldData; index: number; remove: () => void; removable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = Form.useFormInstance();
  const p = Form.useWatch(["passengers", field.name], form) as PassengerValues | undefined;
  const certType = p?.certType ?? CERT_TYPE.idCard;
  const type = p?.certNo ? passengerTypeOn({ certType, certNo: p.certNo.trim(), birthday: p.birthday?.format("YYYY-MM-DD") }, depDate) : null;
  return (
    <div className="tp-passenger" data-testid={`passenger-${index}`}>
      <div className="tp-passenger__head">
        <span>
          {t("flightOrder.passengerN", { n: index + 1 })} {type && <Tag color={type === "ADT" ? "blue" : "orange"}>{label(PASSENGER_TYPES, type, lang)}</Tag>}
        </span>
        {removable && (
          <Button type="link" danger icon={<DeleteOutlined />} onClick={remove}>
            {t("flightOrder.removePassenger")}
          </Button>
        )}
      </div>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name={[field.name, "name"]} label={t("flightOrder.name")} rules={[{ required: true, message: t("flightOrder.nameRequired") }]}>
            <Input maxLength={NAME_MAX} placeholder={t("flightOrder.namePlaceholder")} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={[field.name, "certType"]} label={t("flightOrder.certType")} initialValue={CERT_TYPE.idCard}>
            <Select options={codeOptions(CERT_TYPES, CERT_TYPE_CODES, lang)} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name={[field.name, "certNo"]} label={t("flightOrder.certNo")} rules={[{ required: true, message: t("flightOrder.certNoRequired") }]}>
            <Input maxLength={CERT_NO_MAX} />
          </Form.Item>
        </Col>
        {certType !== CERT_TYPE.idCard && (
          <Col span={8}>
            <Form.Item name={[field.name, "birthday"]} label={t("flightOrder.birthday")} rules={[{ required: true, message: t("flightOrder.birthdayRequired") }]}>
              <DatePicker style={{ width: "100%" }} disabledDate={(d) => d.isAfter(dayjs(depDate), "day") || d.year() < 1900} />
            </Form.Item>
          </Col>
        )}
        <Col span={certType !== CERT_TYPE.idCard ? 6 : 8}>
          <Form.Item name={[field.name, "mobile"]} label={t("flightOrder.mobile")}>
            <Input maxLength={11} />
          </Form.Item>
        </Col>
        <Col span={certType !== CERT_TYPE.idCard ? 10 : 16}>
          <Form.Item name={[field.name, "insuType"]} label={t("flightOrder.insurance")}>
            <Select
              allowClear
              placeholder={t("flightOrder.noInsurance")}
              options={insurance.map((o) => ({ value: o.insuType, label: `${o.name} ¥${o.salePrice / 100}` }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}

export function PassengerFields(props: Props) {
  const { t } = useTranslation();
  return (
    <Form.List name="passengers">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <PassengerCard key={field.key} field={field} index={index} remove={() => remove(field.name)} removable={fields.length > 1} {...props} />
          ))}
          {fields.length < MAX_PASSENGERS && (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ certType: CERT_TYPE.idCard })}>
              {t("flightOrder.addPassenger")}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
