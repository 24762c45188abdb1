// The two decisions that need a reason the member reads: a refund accepted with an adjusted fee
// (entered in yuan, sent in fen; the server checks it against the most the fare's rules allow) and
// a rejection. Each is the record's named action through Refine's useForm with the schema the
// server validates with, confirmed before it is sent.
import { App, Button, Card, Form, Input, Popconfirm } from "antd";
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { parseYuan } from "../../domain/money";
import { DECISION_REASON_MAX, afterSalesAdjustSchema, afterSalesRejectSchema, type AfterSalesDetail } from "../../domain/ops/after-sales";
import { fen } from "./figures";
import { OPS_AFTER_SALES } from ".";

interface AdjustValues {
  fee: string;
  reason: string;
}

export function AdjustForm({ item, onDone }: { item: AfterSalesDetail; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  // Yuan as typed becomes fen; text that is no amount goes as it is, for the schema to refuse.
  const payload = (v: AdjustValues) => ({ id: item.id, fee: parseYuan(v.fee) ?? v.fee, reason: v.reason.trim() });
  const form = useForm<AfterSalesDetail, HttpError, AdjustValues>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: { fee: "", reason: "" },
    resolver: schemaResolver<AdjustValues>(() => afterSalesAdjustSchema, { raw: true, input: payload }),
    refineCoreProps: { resource: OPS_AFTER_SALES, action: "edit", id: item.id, meta: { updateAction: "adjust" }, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const state = useSubmitState(form.watch);
  const typed = parseYuan(form.watch("fee"));
  // The refund grows by exactly what the fee no longer keeps.
  const refund = typed === null ? null : item.current.amount + item.current.fee - typed;
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      try {
        await form.refineCore.onFinish(values);
        void message.success(t("ops.afterSales.done.adjust"));
        onDone();
        return null;
      } catch (e) {
        return applyRefusal<AdjustValues>(e, ["fee", "reason"], form.setError);
      }
    }),
  );
  return (
    <Card size="small" title={t("ops.afterSales.adjustTitle")}>
      <Form layout="vertical" requiredMark={false} aria-label={t("ops.afterSales.adjustTitle")} onFinish={() => void submit()}>
        <FormField control={form.control} name="fee" label={t("ops.afterSales.newFee")} extra={t("ops.afterSales.maxFee", { max: fen(item.maxFee) })}>
          <Input inputMode="decimal" maxLength={12} prefix="¥" style={{ width: 200 }} />
        </FormField>
        <FormField control={form.control} name="reason" label={t("ops.afterSales.reasonForMember")}>
          <Input.TextArea maxLength={DECISION_REASON_MAX} rows={2} showCount />
        </FormField>
        <FormMessage refusal={state.refusal} />
        <Popconfirm
          title={refund === null ? t("ops.afterSales.adjustConfirmPlain") : t("ops.afterSales.adjustConfirm", { fee: fen(typed!), refund: fen(refund) })}
          okText={t("ops.afterSales.confirm")}
          cancelText={t("ops.cancel")}
          onConfirm={() => void submit()}
        >
          <Button type="primary" loading={form.refineCore.mutation.isPending}>{t("ops.afterSales.adjustSubmit")}</Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}

interface RejectValues {
  reason: string;
}

export function RejectForm({ item, onDone }: { item: AfterSalesDetail; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const payload = (v: RejectValues) => ({ id: item.id, reason: v.reason.trim() });
  const form = useForm<AfterSalesDetail, HttpError, RejectValues>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: { reason: "" },
    resolver: schemaResolver<RejectValues>(() => afterSalesRejectSchema, { raw: true, input: payload }),
    refineCoreProps: { resource: OPS_AFTER_SALES, action: "edit", id: item.id, meta: { updateAction: "reject" }, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const state = useSubmitState(form.watch);
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      try {
        await form.refineCore.onFinish(values);
        void message.success(t("ops.afterSales.done.reject"));
        onDone();
        return null;
      } catch (e) {
        return applyRefusal<RejectValues>(e, ["reason"], form.setError);
      }
    }),
  );
  return (
    <Card size="small" title={t("ops.afterSales.rejectTitle")}>
      <Form layout="vertical" requiredMark={false} aria-label={t("ops.afterSales.rejectTitle")} onFinish={() => void submit()}>
        <FormField control={form.control} name="reason" label={t("ops.afterSales.reasonForMember")}>
          <Input.TextArea maxLength={DECISION_REASON_MAX} rows={2} showCount />
        </FormField>
        <FormMessage refusal={state.refusal} />
        <Popconfirm
          title={t(item.kind === "refund" ? "ops.afterSales.rejectRefundConfirm" : "ops.afterSales.rejectChangeConfirm")}
          okText={t("ops.afterSales.confirm")}
          cancelText={t("ops.cancel")}
          onConfirm={() => void submit()}
        >
          <Button danger loading={form.refineCore.mutation.isPending}>{t("ops.afterSales.rejectSubmit")}</Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}
