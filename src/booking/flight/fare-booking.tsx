// What the domestic, 政府采购 and international booking forms share: submitting a fare whose price
// the server re-checks (a changed price is shown old against new, and the booking goes on only
// when the buyer agrees), refusals placed under their fields, and the contact card.
import { App, Card, Col, Input, Row } from "antd";
import { useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import type { Control, FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { NAME_MAX } from "../../domain/orders/flight-booking";
import { FormField, applyRefusal } from "../../components/FormField";

interface BookReply {
  id: number;
  orderNo: string;
  status: number;
}

interface FareBookingOptions<V extends FieldValues, I> {
  /** The catalogue path that books. */
  url: string;
  /** What is sent for the form's input (the input itself unless some keys apply only to some members). */
  valuesOf: (input: I) => Record<string, unknown>;
  /** Where to go with the new order's id. */
  onBooked: (id: number) => void;
  /** The fare's price moved on the server: fetch it again so the panel shows the new one. */
  onStale: () => void;
  /** The form's fields for this input, under which a refusal's field errors are shown. */
  fieldsOf: (input: I) => readonly FieldPath<V>[];
  setError: UseFormSetError<V>;
}

export function useFareBooking<V extends FieldValues, I>({ url, valuesOf, onBooked, onStale, fieldsOf, setError }: FareBookingOptions<V, I>) {
  const t = useTranslate();
  const { modal, message } = App.useApp();
  const { mutate, mutation } = useCustomMutation<BookReply>();

  const book = (input: I, acceptPrice = false) => {
    const values = { ...valuesOf(input), ...(acceptPrice ? { acceptPrice: 1 } : {}) };
    mutate(
      { url, method: "post", values, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => onBooked(data.id),
        onError: (e: HttpError) => {
          const data = (e as HttpError & { data?: { priceChanged?: boolean } }).data;
          if (data?.priceChanged) {
            onStale();
            modal.confirm({ title: t("flightOrder.priceChangedTitle"), content: e.message, okText: t("flightOrder.continueBooking"), cancelText: t("flightOrder.notNow"), onOk: () => book(input, true) });
            return;
          }
          const rest = applyRefusal<V>(e, fieldsOf(input), setError);
          message.error(rest ?? e.message);
        },
      },
    );
  };

  return { book, pending: mutation.isPending };
}

interface ContactValues extends FieldValues {
  contactName: string;
  contactMobile: string;
}

/** The booking's contact: name and mobile, the signed-in member by default. */
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
