// 答复异议: the operator upholds a disputed line (it is adjusted on the company's next statement)
// or rejects the dispute with a reason the company reads. Checked with the server's own schema.
import { useState } from "react";
import { App, Alert, Descriptions, Form, Input, Modal, Radio } from "antd";
import { useInvalidate, useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { moneyText } from "../../domain/money";
import { DISPUTE_REASON_MAX, operatorAnswerInput, type StatementDetail, type StatementLine } from "../../domain/settlement/schemas";
import { OPS_STATEMENT_ANSWERS } from ".";
import { useRefreshMenuCounts } from "../../ops/menu-count";

type AnswerValues = z.input<typeof operatorAnswerInput>;

export function AnswerDialog({ line, onClose }: { line: StatementLine; onClose: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const refreshCounts = useRefreshMenuCounts();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control, handleSubmit, formState, setError, watch,
    refineCore: { onFinish, formLoading },
  } = useForm<StatementDetail, HttpError, AnswerValues>({
    resolver: zodResolver(operatorAnswerInput),
    defaultValues: { lineId: line.id, decision: "accept", reason: "" },
    warnWhenUnsavedChanges: false,
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: OPS_STATEMENT_ANSWERS,
      action: "create",
      ...QUIET_SAVE,
      onMutationSuccess: () => {
        message.success(t("ops.settlement.answered"));
        // The statement, the list's dispute counts and the menu's badge are read again.
        refreshCounts();
        void invalidate({ invalidates: ["all"] });
        onClose();
      },
      onMutationError: (e) => setRefusal(applyRefusal<AnswerValues>(e, ["reason"], setError)),
    },
  });
  const submit = handleSubmit((values) => {
    setRefusal(null);
    // An empty optional reason is not sent at all.
    onFinish({ ...values, reason: values.reason?.trim() ? values.reason : undefined }).catch(() => undefined);
  });
  const reject = watch("decision") === "reject";
  return (
    <Modal
      open
      title={t("ops.settlement.answerTitle")}
      okText={t("ops.settlement.answerSubmit")}
      cancelText={t("ops.cancel")}
      okButtonProps={{ loading: formLoading, danger: reject }}
      onOk={() => submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t("ops.settlement.orderNo")}>{line.orderNo ?? "—"}</Descriptions.Item>
        <Descriptions.Item label={t("ops.settlement.item")}>{line.title}</Descriptions.Item>
        <Descriptions.Item label={t("ops.settlement.amount")}>{moneyText(line.amountFen)}</Descriptions.Item>
        <Descriptions.Item label={t("ops.settlement.disputeReason")}>{line.disputeReason ?? "—"}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" component={false}>
        <Form.Item label={t("ops.settlement.decision")} required>
          <Controller
            name="decision"
            control={control}
            render={({ field }) => (
              <Radio.Group value={field.value} onChange={(e) => field.onChange(e.target.value)} aria-label={t("ops.settlement.decision")}>
                <Radio value="accept">{t("ops.settlement.accept")}</Radio>
                <Radio value="reject">{t("ops.settlement.reject")}</Radio>
              </Radio.Group>
            )}
          />
        </Form.Item>
        <Form.Item label={t("ops.settlement.answerNote")} required={reject} validateStatus={formState.errors.reason ? "error" : undefined} help={formState.errors.reason?.message}>
          <Controller
            name="reason"
            control={control}
            render={({ field }) => (
              <Input.TextArea {...field} value={field.value ?? ""} rows={3} maxLength={DISPUTE_REASON_MAX} showCount placeholder={t(reject ? "ops.settlement.rejectPlaceholder" : "ops.settlement.acceptPlaceholder")} aria-label={t("ops.settlement.answerNote")} />
            )}
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon style={{ marginBottom: refusal ? 12 : 0 }} message={t(reject ? "ops.settlement.rejectHint" : "ops.settlement.acceptHint")} />
      {refusal && <Alert type="error" showIcon message={refusal} />}
    </Modal>
  );
}
