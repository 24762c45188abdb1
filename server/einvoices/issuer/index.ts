// The issuer the server runs with: a configured provider first, else the sandbox, else none
// (production without either: requests are taken and wait, 待开具, until one is configured).
import type { InvoiceIssuer } from "./types";
import type { IssuerSettings } from "./settings";
import { createSandboxIssuer } from "./sandbox";
import { createProviderIssuer } from "./provider";

export function chooseIssuer(settings: IssuerSettings): InvoiceIssuer | null {
  if (settings.provider) return createProviderIssuer(settings.provider);
  return settings.sandboxKey ? createSandboxIssuer(settings.sandboxKey) : null;
}

export type { InvoiceIssuer } from "./types";
