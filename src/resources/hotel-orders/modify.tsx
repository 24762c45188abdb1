// 修改订单 on a hotel booking before check-in: the guests (one per room), the contact, the latest
// arrival time and the requests, on the schema the server checks them with. Dates and rooms are
// not offered: a different stay is cancelled and booked anew.
import { Alert, App, Col, Form, Input, Modal, Row } from "antd";
import { useCustomMutation, type HttpError, useTranslate } from "@refinedev/core";
import { FormField, applyRefusal, useZodForm } from "../../components/FormField";
import { StayContactFields } from "../../booking/hotel/StayContactFields";
import { GUEST_NAME_MAX, hotelOrderModifyInput, type HotelOrderModify, type HotelOrderModifyForm } from "../../domain/orders/hotel-booking";
import { HOTEL_ORDER_PATHS, type HotelOrderDetail } from "../../domain/orders/hotel-types";

const FIELDS = ["contactName", "contactMobile", "arrivalTime", "remark", "guests"] as const;

export function ModifyDialog({ order, open, onClose, onSaved }: { order: HotelOrderDetail; open: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const { mutate, mutation } = useCustomMutation<{ changed: boolean }>();
  const { control, handleSubmit, setError, formState } = useZodForm<HotelOrderModifyForm>(() => hotelOrderModifyInput, {
    defaultValues: {
      orderNo: order.orderNo,
      guests: order.guests.map((g) => ({ name: g.name })),
      contactName: order.contactName,
      contactMobile: order.contactMobile,
      arrivalTime: order.arrivalTime as HotelOrderModifyForm["arrivalTime"],
      remark: order.remark ?? "",
    },
  });
  const save = (input: HotelOrderModify) =>
    mutate(
      { url: HOTEL_ORDER_PATHS.modify, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          if (data.changed) message.success(t("hotelOrder.modified"));
          else message.info(t("hotelOrder.nothingChanged"));
          onSaved();
          onClose();
        },
        onError: (e: HttpError) => {
          const rest = applyRefusal<HotelOrderModifyForm>(e, [...FIELDS, ...order.guests.map((_, i) => `guests.${i}.name` as const)], setError);
          if (rest) message.error(rest);
        },
      },
    );
  const guestsError = (formState.errors.guests as { message?: string } | undefined)?.message;
  return (
    <Modal
      title={t("hotelOrder.modifyTitle")}
      open={open}
      onCancel={onClose}
      onOk={() => void handleSubmit((v) => save(v as unknown as HotelOrderModify))()}
      okText={t("hotelOrder.modifySave")}
      cancelText={t("hotelOrder.notNow")}
      confirmLoading={mutation.isPending}
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
