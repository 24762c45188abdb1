// The contact card of the flight booking forms: name and mobile, the signed-in member by default.
import { Card, Col, Input, Row } from "antd";
import { useTranslate } from "@refinedev/core";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { NAME_MAX } from "../../domain/orders/flight-booking";
import { FormField } from "../../components/FormField";
interface ContactValues extends FieldValues {
  contactName: string;
  contactMobile: string;
}

export function ContactCard<V extends ContactValues>({ control }: { control: Control<V> }) {
  const t = useTranslate();
  return (
    <Card className="tp-order__section" title={t("flightOrder.contact")}>
      <Row gutter={16}>
        <Col span={12}>
          <FormField control={control} name={"contactName" as FieldPath<V>} label={t("flightOrder.contactName")}>
            <Input maxLength={NAME_MAX} />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField control={control} name={"contactMobile" as FieldPath<V>} label={t("flightOrder.contactMobile")}>
            <Input maxLength={11} />
          </FormField>
        </Col>
      </Row>
    </Card>
  );
}
