// 预览: the document's PDF in a frame, from an object URL of its bytes that is freed when the
// dialog closes (a PDF held by a forgotten URL stays in memory until the page is left).
import { useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, Modal, Spin } from "antd";
import { fetchEinvoiceFile } from "./files";

export function PreviewModal({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    let gone = false;
    fetchEinvoiceFile(id, "pdf")
      .then((blob) => {
        if (gone) return;
        href = URL.createObjectURL(blob);
        setUrl(href);
      })
      .catch((e: Error) => !gone && setError(e.message || t("einvoice.fileFailed")));
    return () => {
      gone = true;
      if (href) URL.revokeObjectURL(href);
    };
  }, [id, t]);
  return (
    <Modal open title={t("einvoice.preview")} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      {error ? (
        <Alert type="error" showIcon message={error} />
      ) : url ? (
        <iframe src={url} title={t("einvoice.preview")} data-testid="einvoice-preview" style={{ width: "100%", height: "70vh", border: 0 }} />
      ) : (
        <div style={{ textAlign: "center", padding: 48 }}><Spin /></div>
      )}
    </Modal>
  );
}
