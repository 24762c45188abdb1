// A company document's file for the finance user (发票管理, statement lines): the PDF opens in a
// new tab (the browser's own viewer), the XML is saved. Fetched with the session (POST), so no
// token travels in a URL; a refusal is shown as a message.
import { useState, type ReactNode } from "react";
import { App, Button } from "antd";
import { downloadFile } from "../providers/request";
import { COMPANY_EINVOICE_PATHS } from "../domain/einvoice/company";

async function openFile(id: number, number: string, format: "pdf" | "xml"): Promise<void> {
  // The tab is opened before the fetch: a tab opened after an await is taken for a pop-up.
  const tab = format === "pdf" ? window.open("", "_blank") : null;
  let blob: Blob;
  try {
    blob = await downloadFile(COMPANY_EINVOICE_PATHS[format], { id });
  } catch (e) {
    tab?.close();
    throw e;
  }
  const href = URL.createObjectURL(format === "pdf" ? new Blob([blob], { type: "application/pdf" }) : blob);
  if (tab) tab.location.href = href;
  else {
    const a = document.createElement("a");
    a.href = href;
    a.download = `${number}.${format}`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function CompanyEinvoiceFile({ id, number, format, children }: { id: number; number: string; format: "pdf" | "xml"; children: ReactNode }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    openFile(id, number, format)
      .catch((e: Error) => message.error(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <Button type="link" size="small" loading={busy} onClick={open} data-testid={`einvoice-${format}-${id}`} style={{ paddingInline: 4 }}>
      {children}
    </Button>
  );
}
