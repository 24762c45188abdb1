// 录入航变: a flight's schedule change or cancellation, or a train's timetable change or stop
// cancelled, with the trip's number and date, the new times (not for a cancellation) and the
// reason. Checked with the schema the server checks it with; recording tells every affected
// order's traveller and booker, so it is confirmed first with what is about to be sent.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { App, Button, Form, Input, Select, Space } from "antd";
import { FormField, FormMessage, QUIET_SAVE } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { DateInput } from "../../components/DateInput";
import { DISRUPTION_KINDS, isCancellation, recordDisruptionInput, type DisruptionKind } from "../../domain/disruptions";
import { useAskedSave } from "../useAskedSave";
import { OPS_DISRUPTIONS } from ".";

interface RecordValues {
  kind: DisruptionKind;
  no: string;
  date: string;
  newDepTime: string;
  newArrTime: string;
  reason: string;
}

const FIELDS = ["kind", "no", "date", "newDepTime", "newArrTime", "reason"] as const;

/**
 * What is checked and sent: a cancellation carries no times, an empty time is left out. The
 * resolver hands the submit handler this very object, so it reads its own output the same way.
 */
const payload = (v: Partial<RecordValues>) => {
  const text = (s: string | undefined) => (s ?? "").trim();
  const cancelled = v.kind !== undefined && isCancellation(v.kind);
  return {
    kind: v.kind, no: text(v.no), date: v.date ?? "", reason: text(v.reason),
    ...(!cancelled && text(v.newDepTime) ? { newDepTime: text(v.newDepTime) } : {}),
    ...(!cancelled && text(v.newArrTime) ? { newArrTime: text(v.newArrTime) } : {}),
  };
};

export function RecordForm({ onDone }: { onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const form = useForm<{ id: number; orderIds: number[] }, HttpError, RecordValues>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: { kind: "flightSchedule", no: "", date: "", newDepTime: "", newArrTime: "", reason: "" },
    resolver: schemaResolver<RecordValues>(() => recordDisruptionInput, { raw: true, input: payload }),
    refineCoreProps: { resource: OPS_DISRUPTIONS, action: "create", ...QUIET_SAVE },
  });
  const kind = form.watch("kind");
  const cancelled = isCancellation(kind);
  // Recording tells travellers at once: the operator confirms what is about to go out.
  const { state, submit, saving } = useAskedSave(form, {
    ask: (values) => {
      const v = payload(values);
      return {
        title: t("ops.disruptions.confirmTitle"),
        content: t(isCancellation(values.kind) ? "ops.disruptions.confirmCancelled" : "ops.disruptions.confirmSchedule", { no: v.no.toUpperCase(), date: v.date, time: v.newDepTime ?? "—" }),
        okText: t("ops.disruptions.confirmOk"),
      };
    },
    sent: (values) => payload(values) as unknown as RecordValues,
    fields: FIELDS,
    onSaved: (reply) => {
      const orders = (reply as { orderIds?: number[] } | undefined)?.orderIds?.length ?? 0;
      message.success(t("ops.disruptions.recorded", { n: orders }));
      form.reset();
      onDone();
    },
  });
  const { control } = form;
  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} aria-label={t("ops.disruptions.formLabel")}>
      <FormField control={control} name="kind" label={t("ops.disruptions.kind")}>
        <Select options={DISRUPTION_KINDS.map((k) => ({ value: k, label: t(`disruption.kind.${k}`) }))} />
      </FormField>
      <Space size={16} wrap align="start">
        <FormField control={control} name="no" label={t("ops.disruptions.no")}>
          <Input maxLength={8} style={{ width: 160 }} placeholder={kind.startsWith("train") ? "G101" : "CA1501"} />
        </FormField>
        <FormField control={control} name="date" label={t("ops.disruptions.date")}>
          <DateInput style={{ width: 160 }} />
        </FormField>
      </Space>
      {!cancelled && (
        <Space size={16} wrap align="start">
          <FormField control={control} name="newDepTime" label={t("ops.disruptions.newDepTime")}>
            <Input maxLength={5} style={{ width: 160 }} placeholder="HH:mm" />
          </FormField>
          <FormField control={control} name="newArrTime" label={t("ops.disruptions.newArrTime")} extra={t("ops.disruptions.arrHint")}>
            <Input maxLength={5} style={{ width: 160 }} placeholder="HH:mm" />
          </FormField>
        </Space>
      )}
      <FormField control={control} name="reason" label={t("ops.disruptions.reason")}>
        <Input maxLength={100} />
      </FormField>
      <FormMessage refusal={state.refusal} />
      <Button type="primary" htmlType="submit" loading={saving}>{t("ops.disruptions.record")}</Button>
    </Form>
  );
}
