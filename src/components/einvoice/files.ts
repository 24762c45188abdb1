// A document's PDF and XML are files answered outside the JSON envelope: fetched with the session
// (never a token in a URL) as bytes, then saved or shown from an object URL of them.
import { downloadFile } from "../../providers/request";
import { EINVOICE_PATHS } from "../../domain/einvoice/schemas";

export type EinvoiceFormat = "pdf" | "xml";

const TYPES: Record<EinvoiceFormat, string> = { pdf: "application/pdf", xml: "application/xml" };

/** The document's file as a blob of its own type (an iframe shows a PDF only when told it is one). */
export async function fetchEinvoiceFile(id: number, format: EinvoiceFormat): Promise<Blob> {
  const blob = await downloadFile(EINVOICE_PATHS[format], { id });
  return blob.type === TYPES[format] ? blob : new Blob([blob], { type: TYPES[format] });
}

/** Saves the file under the document's number. */
export async function saveEinvoiceFile(id: number, number: string | null, format: EinvoiceFormat): Promise<void> {
  const blob = await fetchEinvoiceFile(id, format);
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = `${number ?? id}.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Freed a minute later, not at once: some browsers still read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
