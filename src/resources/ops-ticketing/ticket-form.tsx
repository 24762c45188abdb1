// Entering (or correcting) an order's tickets: a flight's ticket number per passenger and
// segment, prefilled with any number already there; a train's e-ticket number. Checked with the
// schema the server checks with; saving tickets the order as the automatic path would.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { App, Button, Form, Input, Typography } from "antd";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { ticketingTicketSchema, type TicketingDetail, type TicketingTicketForm } from "../../domain/ops/ticketing";
import { OPS_TICKETING } from ".";
import { useRefreshMenuCounts } from "../../ops/menu-count";

type Values = { id: number; tickets: { passengerId: number; ticketNo: string }[]; eTicketNo: string };

export function TicketForm({ order }: { order: TicketingDetail }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const refreshCounts = useRefreshMenuCounts();
  const train = order.product === "train";
  const form = useForm<TicketingDetail, HttpError, Values>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: {
      id: order.id,
      tickets: train ? [] : order.passengers.map((p) => ({ passengerId: p.id, ticketNo: p.ticketNo ?? "" })),
      eTicketNo: order.eTicketNo ?? "",
    },
    resolver: schemaResolver<Values>(() => ticketingTicketSchema, { raw: true, input: (v) => payloadOf(v, train) as TicketingTicketForm }),
    refineCoreProps: {
      resource: OPS_TICKETING,
      action: "edit",
      id: order.id,
      meta: { updateAction: "ticket", json: true },
      ...QUIET_SAVE,
      queryOptions: { enabled: false },
    },
  });
  const state = useSubmitState(form.watch);
  const fields = train ? (["eTicketNo"] as const) : order.passengers.map((_, i) => `tickets.${i}.ticketNo` as const);
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      try {
        await form.refineCore.onFinish(payloadOf(values, train) as unknown as Values);
        void message.success(t("ops.ticketing.ticketedDone"));
        refreshCounts();
        return null;
      } catch (e) {
        return applyRefusal<Values>(e, [...fields, "tickets"], form.setError);
      }
    }),
  );
  const { control } = form;
  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} aria-label={t("ops.ticketing.ticketFormLabel")}>
      <Typography.Title level={5}>{t("ops.ticketing.enterTickets")}</Typography.Title>
      {train ? (
        <FormField control={control} name="eTicketNo" label={t("ops.ticketing.eTicketNo")} extra={t("ops.ticketing.eTicketHint")}>
          <Input maxLength={10} style={{ width: 220 }} placeholder="E123456789" />
        </FormField>
      ) : (
        order.passengers.map((p, i) => (
          <FormField key={p.id} control={control} name={`tickets.${i}.ticketNo`} label={t("ops.ticketing.ticketNoOf", { name: p.name, flight: p.flightNo ?? "" })}>
            <Input maxLength={20} style={{ width: 260 }} placeholder="999-1234567890" />
          </FormField>
        ))
      )}
      <FormMessage refusal={state.refusal ?? (form.formState.errors.tickets?.root?.message || form.formState.errors.tickets?.message || null)} />
      <Button type="primary" htmlType="submit" loading={form.refineCore.mutation.isPending}>{t("ops.ticketing.ticketSubmit")}</Button>
    </Form>
  );
}

/** What is sent: a flight's numbers, or a train's e-ticket number. */
function payloadOf(v: Values, train: boolean): TicketingTicketForm {
  return train ? { id: v.id, eTicketNo: v.eTicketNo.trim() } : { id: v.id, tickets: v.tickets.map((x) => ({ passengerId: x.passengerId, ticketNo: x.ticketNo.trim() })) };
}
