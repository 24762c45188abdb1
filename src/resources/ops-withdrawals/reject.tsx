// 驳回 one withdrawal: the reason (the member reads it on the record) is checked with the server's
// own schema before it is sent; the money goes back to the member's wallet with the rejection.
import { useState } from "react";
import { App, Alert, Descriptions, Form, Input, Modal } from "antd";
import { useInvalidate, useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller } from "react-hook-form";
import { QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { moneyText } from "../../domain/money";
import { WITHDRAWAL_REJECT_REASON_MAX, opsWithdrawalRejectSchema, type OpsWithdrawalRejectForm, type OpsWithdrawalView } from "../../domain/ops/finance-schemas";
import { OPS_WITHDRAWALS } from ".";
import { useRefreshMenuCounts } from "../../ops/menu-count";

export function RejectDialog({ withdrawal: w, onClose }: { withdrawal: OpsWithdrawalView; onClose: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const refreshCounts = useRefreshMenuCounts();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control, handleSubmit, formState, setError,
    refineCore: { onFinish, formLoading },
  } = useForm<OpsWithdrawalView, HttpError, OpsWithdrawalRejectForm>({
    resolver: zodResolver(opsWithdrawalRejectSchema),
    defaultValues: { id: w.id, from: w.status, reason: "" },
    warnWhenUnsavedChanges: false,
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: OPS_WITHDRAWALS,
      action: "edit",
      id: w.id,
      meta: { updateAction: "reject" },
      mutationMode: "pessimistic",
      queryOptions: { enabled: false },
      ...QUIET_SAVE,
      onMutationSuccess: () => {
        message.success(t("ops.withdrawals.done.reject"));
        refreshCounts();
        void invalidate({ invalidates: ["all"] });
        onClose();
      },
      onMutationError: (e) => setRefusal(applyRefusal<OpsWithdrawalRejectForm>(e, ["reason"], setError)),
    },
  });
  const submit = handleSubmit((values) => {
    setRefusal(null);
    onFinish(values).catch(() => undefined);
  });
  return (
    <Modal
      open
      title={t("ops.withdrawals.rejectTitle")}
      okText={t("ops.withdrawals.rejectSubmit")}
      cancelText={t("ops.cancel")}
      okButtonProps={{ danger: true, loading: formLoading }}
      onOk={() => submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t("ops.withdrawals.no")}>{w.withdrawNo}</Descriptions.Item>
        <Descriptions.Item label={t("ops.withdrawals.member")}>{`${w.memberName} ${w.mobilePhone}`}</Descriptions.Item>
        <Descriptions.Item label={t("ops.withdrawals.amount")}>{moneyText(w.amount)}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" component={false}>
        <Form.Item label={t("ops.withdrawals.rejectReason")} required validateStatus={formState.errors.reason ? "error" : undefined} help={formState.errors.reason?.message}>
          <Controller
            name="reason"
            control={control}
            render={({ field }) => (
              <Input.TextArea {...field} rows={3} maxLength={WITHDRAWAL_REJECT_REASON_MAX} showCount placeholder={t("ops.withdrawals.rejectPlaceholder")} aria-label={t("ops.withdrawals.rejectReason")} />
            )}
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon style={{ marginBottom: refusal ? 12 : 0 }} message={t("ops.withdrawals.rejectHint")} />
      {refusal && <Alert type="error" showIcon message={refusal} />}
    </Modal>
  );
}
