// The slot for a real tax-platform provider (a 数电票 service provider's API). Its settings are
// read and checked at start; the calls themselves are not written yet, so every call fails and
// the issue job keeps its document 待开具 and retries, instead of pretending to have issued it.
import type { InvoiceIssuer } from "./types";
import type { ProviderSettings } from "./settings";

export function createProviderIssuer(settings: ProviderSettings): InvoiceIssuer {
  const notYet = async (): Promise<never> => {
    throw new Error(`invoice provider at ${new URL(settings.url).host} is configured but its client is not implemented`);
  };
  return { name: "provider", sandbox: false, seller: { name: settings.sellerName, taxNo: settings.sellerTaxNo }, issue: notYet, reverse: notYet, query: notYet };
}
