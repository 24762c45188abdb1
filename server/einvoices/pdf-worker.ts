// A worker thread that renders documents' PDFs (pdf.ts), one at a time in the order they are
// posted, and posts each back as bytes moved to the other thread rather than copied.
import { parentPort } from "node:worker_threads";
import { renderEinvoicePdfBytes } from "./pdf";
import type { EinvoiceRow } from "./documents";

parentPort!.on("message", async ({ seq, row }: { seq: number; row: EinvoiceRow }) => {
  try {
    const pdf = await renderEinvoicePdfBytes(row);
    parentPort!.postMessage({ seq, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort!.postMessage({ seq, error: e instanceof Error ? e.message : String(e) });
  }
});
