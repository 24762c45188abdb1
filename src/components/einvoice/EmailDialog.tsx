// 发送到邮箱: the address is checked with the schema the server checks it with before anything
// is sent; the server's refusal (mail not set up, document not issued) shows in the dialog.
import { useState } from "react";
import { useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Form, Input, Modal } from "antd";
import { EINVOICE_PATHS, einvoiceEmailSchema } from "../../domain/einvoice/schemas";

export function EmailDialog({ id, email, onClose, onSent }: { id: number; email: string | null; onClose: () => void; onSent: () => void }) {
  const t = useTranslate();
  const [value, setValue] = useState(email ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useCustomMutation();
  const submit = () => {
    setRefusal(null);
    const parsed = einvoiceEmailSchema.safeParse({ id, email: value });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? t("einvoice.emailInvalid"));
      return;
    }
    setFieldError(null);
    send.mutate(
      { url: EINVOICE_PATHS.email, method: "post", values: parsed.data, successNotification: () => ({ message: t("einvoice.emailSent"), type: "success" }), errorNotification: false },
      { onSuccess: onSent, onError: (e: HttpError) => setRefusal(e.message) },
    );
  };
  return (
    <Modal open title={t("einvoice.email")} onCancel={onClose} onOk={submit} okText={t("einvoice.send")} cancelText={t("einvoice.cancel")} confirmLoading={send.mutation.isPending} destroyOnHidden>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t("einvoice.emailLabel")} htmlFor="einvoice-email" validateStatus={fieldError ? "error" : undefined} help={fieldError ?? undefined}>
          <Input id="einvoice-email" value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={submit} autoComplete="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
