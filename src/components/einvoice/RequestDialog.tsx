// 申请开具 for one ticket (or stay) and one kind: a business trip's document is made out to the
// company, shown and not chosen; a private trip's to one of the member's saved titles or 个人.
// The choice is checked with the schema the server checks it with.
import { useState } from "react";
import { useCustomMutation, useSelect, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Descriptions, Form, Modal, Select } from "antd";
import { EINVOICE_PATHS, einvoiceRequestSchema } from "../../domain/einvoice/schemas";
import type { InvoiceTitleRow } from "../../domain/people/invoice-title";

export interface RequestTarget {
  passengerId: number;
  passengerName: string;
  kind: "ticket" | "service";
}

const PERSONAL = "personal";

interface Props {
  orderId: number;
  target: RequestTarget;
  business: boolean;
  companyName: string | null;
  onClose: () => void;
  onDone: () => void;
}

export function RequestDialog({ orderId, target, business, companyName, onClose, onDone }: Props) {
  const t = useTranslate();
  const [choice, setChoice] = useState<number | typeof PERSONAL | undefined>(business ? undefined : PERSONAL);
  const [error, setError] = useState<string | null>(null);
  const titles = useSelect<InvoiceTitleRow & Record<string, unknown>, HttpError>({
    resource: "invoiceTitles",
    optionLabel: "title",
    optionValue: "id",
    pagination: { mode: "off" },
    errorNotification: false,
    queryOptions: { enabled: !business },
  });
  const ask = useCustomMutation();
  const submit = () => {
    setError(null);
    const title = business ? "company" : choice === PERSONAL ? "personal" : "saved";
    const parsed = einvoiceRequestSchema.safeParse({
      orderId,
      passengerId: target.passengerId,
      kind: target.kind,
      title,
      ...(title === "saved" && choice !== undefined ? { titleId: choice } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("einvoice.requestFailed"));
      return;
    }
    ask.mutate(
      { url: EINVOICE_PATHS.request, method: "post", values: parsed.data, successNotification: () => ({ message: t("einvoice.requested"), type: "success" }), errorNotification: false },
      { onSuccess: onDone, onError: (e: HttpError) => setError(e.message || t("einvoice.requestFailed")) },
    );
  };
  const options = [{ label: t("einvoice.personal"), value: PERSONAL as string | number }, ...titles.options.map((o) => ({ label: String(o.label), value: Number(o.value) }))];
  return (
    <Modal open title={t("einvoice.requestTitle")} onCancel={onClose} onOk={submit} okText={t("einvoice.submit")} cancelText={t("einvoice.cancel")} confirmLoading={ask.mutation.isPending} destroyOnHidden>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t("einvoice.passenger")}>{target.passengerName}</Descriptions.Item>
        <Descriptions.Item label={t("einvoice.kind")}>{t(`einvoice.kinds.${target.kind}`)}</Descriptions.Item>
        {business && (
          <Descriptions.Item label={t("einvoice.buyer")}>
            <span data-testid="einvoice-company-title">{companyName ?? "—"}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {business ? (
        <Alert type="info" showIcon message={t("einvoice.businessFixed")} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t("einvoice.buyer")} htmlFor="einvoice-title">
            <Select id="einvoice-title" value={choice} onChange={setChoice} options={options} loading={titles.query.isLoading} data-testid="einvoice-title-select" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
