// 修改订单 on a hotel booking before check-in: the guests (one per room), the contact, the latest
// arrival time and the requests, on the schema the server checks them with. Dates and rooms are
// not offered: a different stay is cancelled and booked anew.
import { Alert, App, Col, Form, Input, Modal, Row } from "antd";
import { type HttpError, useTranslate } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { FormField, QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { StayContactFields } from "../../components/orders/StayContactFields";
import { GUEST_NAME_MAX, hotelOrderModifyInput, type HotelOrderModify, type HotelOrderModifyForm } from "../../domain/orders/hotel-booking";
import type { HotelOrderDetail } from "../../domain/orders/hotel-types";

const FIELDS = ["contactName", "contactMobile", "arrivalTime", "remark", "guests"] as const;

export function ModifyDialog({ order, open, onClose, onSaved }: { order: HotelOrderDetail; open: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  // Refine saves the change: an update of the hotel order, named by its order number. The page
  // shows the order already, so the form starts from it and loads nothing.
  const {
    control, handleSubmit, setError, formState,
    refineCore: { onFinish, formLoading },
  } = useForm<{ changed: boolean }, HttpError, HotelOrderModifyForm>({
    resolver: schemaResolver<HotelOrderModifyForm>(() => hotelOrderModifyInput),
    warnWhenUnsavedChanges: false,
    // A refusal's field messages are placed by applyRefusal; the rest is a notice.
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: "hotel-orders",
      action: "edit",
      id: order.orderNo,
      queryOptions: { enabled: false },
      ...QUIET_SAVE,
      onMutationSuccess: ({ data }) => {
        if (data.changed) message.success(t("hotelOrder.modified"));
        else message.info(t("hotelOrder.nothingChanged"));
        onSaved();
        onClose();
      },
      onMutationError: (e) => {
        const rest = applyRefusal<HotelOrderModifyForm>(e, [...FIELDS, ...order.guests.map((_, i) => `guests.${i}.name` as const)], setError);
        if (rest) message.error(rest);
      },
    },
    defaultValues: {
      orderNo: order.orderNo,
      guests: order.guests.map((g) => ({ name: g.name })),
      contactName: order.contactName,
      contactMobile: order.contactMobile,
      arrivalTime: order.arrivalTime as HotelOrderModifyForm["arrivalTime"],
      remark: order.remark ?? "",
    },
  });
  // The refusal is shown by onMutationError; the rejected promise has nothing more to say.
  const save = (input: HotelOrderModify) => onFinish(input as unknown as HotelOrderModifyForm).catch(() => undefined);
  const guestsError = (formState.errors.guests as { message?: string } | undefined)?.message;
  return (
    <Modal
      title={t("hotelOrder.modifyTitle")}
      open={open}
      onCancel={onClose}
      onOk={() => void handleSubmit((v) => save(v as unknown as HotelOrderModify))()}
      okText={t("hotelOrder.modifySave")}
      cancelText={t("hotelOrder.notNow")}
      confirmLoading={formLoading}
      width={640}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t("hotelOrder.modifyHint")} style={{ marginBottom: 16 }} />
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          {order.guests.map((g, i) => (
            <Col xs={24} md={12} key={g.roomNo}>
              <FormField control={control} name={`guests.${i}.name` as const} label={t("hotelOrder.guestOfRoom", { n: g.roomNo })}>
                <Input maxLength={GUEST_NAME_MAX} placeholder={t("hotelOrder.guestPlaceholder")} />
              </FormField>
            </Col>
          ))}
        </Row>
        {guestsError && <Alert type="error" showIcon message={guestsError} style={{ marginBottom: 16 }} />}
        <StayContactFields control={control} />
      </Form>
    </Modal>
  );
}
