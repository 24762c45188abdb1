// 生成对账单: the company is picked (searched by name); the server bills everything unbilled up to
// this moment and answers the new statement, which opens beside the list.
import { useState } from "react";
import { App, Alert, Form, Modal, Select } from "antd";
import { useTranslate, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { QUIET_SAVE, applyRefusal } from "../../components/FormField";
import { operatorGenerateInput, type StatementDetail } from "../../domain/settlement/schemas";
import { useCompanyOptions } from "./companies";
import { OPS_STATEMENTS } from ".";

type GenerateValues = z.input<typeof operatorGenerateInput>;

export function GenerateDialog({ onClose, onDone }: { onClose: () => void; onDone: (id: number) => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const companies = useCompanyOptions();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control, handleSubmit, formState, setError,
    refineCore: { onFinish, formLoading },
  } = useForm<StatementDetail, HttpError, GenerateValues>({
    resolver: zodResolver(operatorGenerateInput),
    warnWhenUnsavedChanges: false,
    disableServerSideValidation: true,
    refineCoreProps: {
      resource: OPS_STATEMENTS,
      action: "create",
      ...QUIET_SAVE,
      onMutationSuccess: ({ data }) => {
        message.success(t("ops.settlement.generated", { no: data.statementNo }));
        onDone(data.id);
      },
      onMutationError: (e) => setRefusal(applyRefusal<GenerateValues>(e, ["companyId"], setError)),
    },
  });
  const submit = handleSubmit((values) => {
    setRefusal(null);
    onFinish(values).catch(() => undefined);
  });
  return (
    <Modal open title={t("ops.settlement.generate")} okText={t("ops.settlement.generateSubmit")} cancelText={t("ops.cancel")} okButtonProps={{ loading: formLoading }} onOk={() => submit()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" component={false}>
        <Form.Item label={t("ops.settlement.company")} required validateStatus={formState.errors.companyId ? "error" : undefined} help={formState.errors.companyId?.message}>
          <Controller
            name="companyId"
            control={control}
            render={({ field }) => (
              <Select {...companies.selectProps} value={field.value as number | undefined} onChange={(v) => field.onChange(v)} onBlur={field.onBlur} showSearch placeholder={t("ops.settlement.pickCompany")} aria-label={t("ops.settlement.company")} />
            )}
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon style={{ marginBottom: refusal ? 12 : 0 }} message={t("ops.settlement.generateHint")} />
      {refusal && <Alert type="error" showIcon message={refusal} />}
    </Modal>
  );
}
