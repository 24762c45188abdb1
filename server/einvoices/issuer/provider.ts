// The client of a licensed 数电票 service platform (the tax platform's issuing service a provider
// runs for its customers), in the shape such platforms share.
//
// Wire format. Every call is an HTTPS POST of a JSON body to EINVOICE_PROVIDER_URL + path:
//   /invoice/issue    a blue document             body: the document (below)
//   /invoice/reverse  a red-letter one            body: the document, with originalNumber and originalIssueTime
//   /invoice/query    one request's outcome       body: { "serialNo": … } or { "invoiceNo": … }
// Headers X-App-Id (EINVOICE_PROVIDER_APP_ID), X-Timestamp (ms since the epoch), X-Nonce (random,
// 32 hex) and X-Signature: lowercase hex HMAC-SHA256 under EINVOICE_PROVIDER_SECRET of
// appId + timestamp + nonce + body, the body exactly as sent. The answer carries the same three
// headers signed the same way over its own body; an answer whose signature does not check is
// not believed (a forged "issued" would file a document the tax platform never saw).
// The document: serialNo (ours, one per document: "EINV" + our id), invoiceType (our kind),
// direction, issueTime, seller/buyer { name, taxNo }, passenger { name, certNo }, item (its name
// and our detail's fields), amounts as yuan text (total, taxable, exempt, net, tax) and taxRate.
// The answer: { "code": "0000" | …, "message": …, "data": { serialNo, status, invoiceNo,
// issueTime, xml } } where status is "issued", "processing", "reversed" or "failed" and xml the
// signed structured document. A serial the platform has seen answers that serial's document
// (issued or still processing), never a second one: a retried call issues nothing twice.
//
// Failures: a timeout, a connection error, HTTP 5xx or 429, a "busy" code or a document still
// processing are retryable (the issue job tries again later with the same serial); any other
// refusal (HTTP 4xx, a business code, status "failed") is final and says why.
import crypto from "node:crypto";
import { fenToYuan } from "../../../src/domain/money";
import { EINVOICE_ITEM_LABELS } from "../../../src/domain/einvoice/kinds";
import { rateText } from "../../../src/domain/einvoice/tax";
import { IssuerError, type InvoiceIssuer, type IssueRequest, type IssuedDocument, type IssuedState } from "./types";
import type { ProviderSettings } from "./settings";

/** How long one call may take before it counts as a retryable failure. */
export const PROVIDER_TIMEOUT_MS = 15_000;
const OK = "0000";
/** Codes platforms answer when they are overloaded or the serial is being worked on. */
const BUSY_CODES = new Set(["1001", "1002", "2001"]);

export const providerSerial = (id: number) => `EINV${id}`;

export function providerSignature(secret: string, appId: string, timestamp: string, nonce: string, body: string): string {
  return crypto.createHmac("sha256", secret).update(appId + timestamp + nonce + body, "utf8").digest("hex");
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

interface Answer {
  code: string;
  message?: string;
  data?: { serialNo?: string; status?: string; invoiceNo?: string; issueTime?: string; xml?: string };
}

function documentBody(r: IssueRequest): Record<string, unknown> {
  const a = r.amounts;
  return {
    serialNo: providerSerial(r.id), invoiceType: r.kind, direction: r.direction, issueTime: r.issuedAt,
    ...(r.original ? { originalNumber: r.original.number, originalIssueTime: r.original.issuedAt } : {}),
    seller: r.seller, buyer: r.buyer, passenger: r.passenger, item: { name: EINVOICE_ITEM_LABELS[r.kind], ...r.detail },
    amounts: { total: fenToYuan(a.total), taxable: fenToYuan(a.taxable), exempt: fenToYuan(a.exempt), net: fenToYuan(a.net), tax: fenToYuan(a.tax) },
    taxRate: rateText(a.rateBp),
  };
}

export interface ProviderOptions {
  timeoutMs?: number;
  /** How often, and how far apart, a document still being issued is asked after before giving the job back. */
  pollTimes?: number;
  pollMs?: number;
}

export function createProviderIssuer(settings: ProviderSettings, options: ProviderOptions = {}): InvoiceIssuer {
  const { timeoutMs = PROVIDER_TIMEOUT_MS, pollTimes = 3, pollMs = 1_000 } = options;
  const seller = { name: settings.sellerName, taxNo: settings.sellerTaxNo };
  const base = settings.url.replace(/\/+$/, "");

  async function call(path: string, payload: unknown): Promise<Answer> {
    const body = JSON.stringify(payload);
    const timestamp = String(Date.now());
    const nonce = crypto.randomBytes(16).toString("hex");
    let res: Response;
    let text: string;
    try {
      res = await fetch(base + path, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8", "x-app-id": settings.appId, "x-timestamp": timestamp, "x-nonce": nonce,
          "x-signature": providerSignature(settings.secret, settings.appId, timestamp, nonce, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      const timedOut = (e as Error).name === "TimeoutError";
      throw new IssuerError(timedOut ? `invoice provider did not answer ${path} within ${timeoutMs} ms` : `invoice provider unreachable: ${(e as Error).message}`, true);
    }
    if (res.status >= 500 || res.status === 429 || res.status === 408) throw new IssuerError(`invoice provider answered HTTP ${res.status} to ${path}`, true);
    if (!res.ok) throw new IssuerError(`invoice provider refused ${path}: HTTP ${res.status} ${text.slice(0, 200)}`, false);
    const h = (name: string) => res.headers.get(name) ?? "";
    if (!sameSignature(h("x-signature"), providerSignature(settings.secret, settings.appId, h("x-timestamp"), h("x-nonce"), text))) {
      // Retryable: a proxy's page or a garbled answer in between is more likely than a forgery, and the serial keeps a retry safe.
      throw new IssuerError(`invoice provider's answer to ${path} is not signed with our secret`, true);
    }
    let answer: Answer;
    try {
      answer = JSON.parse(text) as Answer;
    } catch {
      throw new IssuerError(`invoice provider's answer to ${path} is not JSON`, true);
    }
    if (answer.code === OK) return answer;
    const why = `invoice provider refused ${path}: ${answer.code} ${answer.message ?? ""}`.trim();
    throw new IssuerError(why, BUSY_CODES.has(answer.code));
  }

  /** The issued document an answer describes; a document not yet issued is retried, a failed one refused. */
  function issuedOf(answer: Answer, serialNo: string): IssuedDocument {
    const d = answer.data ?? {};
    if (d.serialNo && d.serialNo !== serialNo) throw new IssuerError(`invoice provider answered serial ${d.serialNo} for ${serialNo}`, true);
    if (d.status === "processing") throw new IssuerError(`invoice provider is still issuing ${serialNo}`, true);
    if (d.status === "failed") throw new IssuerError(`invoice provider could not issue ${serialNo}: ${answer.message ?? ""}`.trim(), false);
    if ((d.status !== "issued" && d.status !== "reversed") || !d.invoiceNo || !d.issueTime || !d.xml) {
      throw new IssuerError(`invoice provider's answer for ${serialNo} lacks the document (status ${d.status ?? "none"})`, true);
    }
    return { number: d.invoiceNo, issuedAt: new Date(d.issueTime).toISOString(), xml: d.xml, issuer: "provider", sandbox: false, seller };
  }

  /**
   * Sends the document; one the platform is still issuing is asked after by its serial a few
   * times before the job is left to retry (which sends the same serial again).
   */
  const send = async (path: string, r: IssueRequest) => {
    const serialNo = providerSerial(r.id);
    let answer = await call(path, documentBody({ ...r, seller }));
    for (let i = 0; i < pollTimes && answer.data?.status === "processing"; i++) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      answer = await call("/invoice/query", { serialNo });
    }
    return issuedOf(answer, serialNo);
  };

  return {
    name: "provider",
    sandbox: false,
    seller,
    issue: (r) => send("/invoice/issue", r),
    reverse: (r) => send("/invoice/reverse", r),
    async query(number): Promise<IssuedState> {
      try {
        const status = (await call("/invoice/query", { invoiceNo: number })).data?.status;
        return status === "issued" || status === "reversed" ? status : "unknown";
      } catch (e) {
        if (e instanceof IssuerError && !e.retryable) return "unknown";
        throw e;
      }
    },
  };
}
