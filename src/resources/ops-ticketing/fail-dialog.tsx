// 出票失败: the reason (required, at most 200 characters, shown to the member on the order), then a
// confirmation naming the refund, since failing gives the whole price back to where it was paid from.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { App, Button, Form, Input, Modal, Popconfirm, Space } from "antd";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { formatFen } from "../../domain/money";
import { TICKETING_REASON_MAX, ticketingFailSchema, type TicketingDetail } from "../../domain/ops/ticketing";
import { OPS_TICKETING } from ".";
import { useRefreshMenuCounts } from "../../ops/menu-count";

type Values = { id: number; reason: string };

export function FailDialog({ order, open, onClose }: { order: TicketingDetail; open: boolean; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal open={open} onCancel={onClose} footer={null} destroyOnHidden title={t("ops.ticketing.failTitle")}>
      {open && <FailForm order={order} onDone={onClose} />}
    </Modal>
  );
}

function FailForm({ order, onDone }: { order: TicketingDetail; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const refreshCounts = useRefreshMenuCounts();
  const form = useForm<TicketingDetail, HttpError, Values>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: { id: order.id, reason: "" },
    resolver: schemaResolver<Values>(() => ticketingFailSchema, { raw: true, input: (v) => ({ id: v.id, reason: v.reason.trim() }) }),
    refineCoreProps: { resource: OPS_TICKETING, action: "edit", id: order.id, meta: { updateAction: "fail" }, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const state = useSubmitState(form.watch);
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      try {
        await form.refineCore.onFinish({ id: values.id, reason: values.reason.trim() });
        void message.success(t("ops.ticketing.failedDone"));
        refreshCounts();
        onDone();
        return null;
      } catch (e) {
        return applyRefusal<Values>(e, ["reason"], form.setError);
      }
    }),
  );
  return (
    <Form layout="vertical" requiredMark={false} aria-label={t("ops.ticketing.failTitle")} onFinish={() => void submit()}>
      <p>{t("ops.ticketing.failIntro", { amount: formatFen(order.amountFen) })}</p>
      <FormField control={form.control} name="reason" label={t("ops.ticketing.failReason")}>
        <Input.TextArea rows={3} maxLength={TICKETING_REASON_MAX} showCount />
      </FormField>
      <FormMessage refusal={state.refusal} />
      <Space>
        <Popconfirm
          title={t("ops.ticketing.failConfirm", { amount: formatFen(order.amountFen) })}
          okText={t("ops.ticketing.failConfirmOk")}
          cancelText={t("ops.cancel")}
          onConfirm={() => submit()}
        >
          <Button danger type="primary" loading={form.refineCore.mutation.isPending}>{t("ops.ticketing.failSubmit")}</Button>
        </Popconfirm>
        <Button onClick={onDone}>{t("ops.cancel")}</Button>
      </Space>
    </Form>
  );
}
