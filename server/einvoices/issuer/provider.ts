// NOT IMPLEMENTED: the client of a real tax-platform provider (a 数电票 service provider's API).
// Only its settings exist (read and checked at start). With them set, every call fails, so the
// issue job keeps each document 待开具 and retries it, and nothing is ever shown as issued.
// Until a provider's client is written here, only the sandbox issuer produces documents.
import type { InvoiceIssuer } from "./types";
import type { ProviderSettings } from "./settings";

export function createProviderIssuer(settings: ProviderSettings): InvoiceIssuer {
  const notYet = async (): Promise<never> => {
    throw new Error(`invoice provider at ${new URL(settings.url).host} is configured but its client is not implemented`);
  };
  return { name: "provider", sandbox: false, seller: { name: settings.sellerName, taxNo: settings.sellerTaxNo }, issue: notYet, reverse: notYet, query: notYet };
}
