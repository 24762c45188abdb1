// The contact, latest arrival time and requests of a hotel stay: the same four fields when
// booking and when modifying a booking.
import { Col, Input, Row, Select } from "antd";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormField } from "../../components/FormField";
import { GUEST_NAME_MAX, REMARK_MAX } from "../../domain/orders/hotel-booking";
import { ARRIVAL_TIMES } from "../../domain/orders/hotel-types";
import { useTranslate } from "@refinedev/core";

type StayContact = { contactName: unknown; contactMobile: unknown; arrivalTime: unknown; remark?: unknown };

export function StayContactFields<T extends FieldValues & StayContact>({ control }: { control: Control<T> }) {
  const t = useTranslate();
  const name = (n: keyof StayContact) => n as FieldPath<T>;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField control={control} name={name("contactName")} label={t("hotelOrder.contactName")}>
          <Input maxLength={GUEST_NAME_MAX} />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField control={control} name={name("contactMobile")} label={t("hotelOrder.contactMobile")}>
          <Input maxLength={11} />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField control={control} name={name("arrivalTime")} label={t("hotelOrder.arrivalTime")}>
          <Select options={ARRIVAL_TIMES.map((v) => ({ value: v, label: t("hotelOrder.arrivalHint", { time: v }) }))} />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField control={control} name={name("remark")} label={t("hotelOrder.remark")}>
          <Input maxLength={REMARK_MAX} placeholder={t("hotelOrder.remarkPlaceholder")} />
        </FormField>
      </Col>
    </Row>
  );
}
