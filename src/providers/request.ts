// The portal's one HTTP client. Pages never call axios or fetch directly.
// axios itself is fetched with the first call rather than with the first download: the first
// paint of a page does not wait for it, only the calls do.
import type { AxiosError, AxiosInstance, AxiosStatic } from "axios";
import { REQUEST_TIMEOUT_MS, ERROR_MESSAGE_SECONDS } from "../domain/format";
import {
  REDACTED_PARAM_KEYS,
  REPORTED_BUSINESS_RETS,
  TIMEOUT_EVENT_CODE,
  EVENT_TEXT_MAX,
  type ExceptionEventType,
} from "../domain/events";
import type { Envelope, Tips } from "../domain/envelope";
import { isSafeNavigation } from "../domain/urls";
import { currentLang } from "../domain/messages";
import { toFormBody, flattenDotKeys } from "./form-encode";
import { OPS_TOKEN_KEY, clearSession, getOpsToken, getToken, saveRedirect, sessionStore } from "./session-store";
import { LOGIN_PATH } from "../access/routes";

export type { Envelope, Tips };

/** Rets that mean success: 0, and 2100001 / 21003 "success with data". */
export const SUCCESS_RETS = new Set(["0", "2100001", "21003"]);
/** Payment polling never shows this one. */
export const PAY_POLL_SILENT_RET = 16128;
export { LOGIN_PATH };

export type RetCode = number | string;

export interface RequestOptions {
  method?: "GET" | "POST";
  /** Not sent at all without a token. */
  needLogin?: boolean;
  /** Rets whose msg is not shown; also read from the payload key of the same name. */
  passErrorCodeMsgRet?: RetCode[];
  /** Failure callback: receives the reply; with failCodes, only for those rets. */
  onFail?: (reply: Envelope) => void;
  failCodes?: RetCode[];
  /** Runs after any non-success, business or transport. */
  onCatch?: (error: RequestError) => void;
  /** Show nothing for business errors (the caller shows its own). */
  silent?: boolean;
  timeout?: number;
  /** Exception events are not reported for this call (the event call itself). */
  noReport?: boolean;
  /** A 401 only rejects: no message, no redirect (the caller is ending the session anyway). */
  quietUnauthorised?: boolean;
  signal?: AbortSignal;
  /**
   * POST the payload as JSON instead of a form: for a large field (an uploaded file as base64),
   * which the server reads from JSON in a millisecond but from a form's percent-escapes in tens
   * of milliseconds of its event loop.
   */
  json?: boolean;
}

export type RequestErrorKind = "business" | "unauthorised" | "network" | "timeout" | "http" | "no-token" | "canceled";

export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly ret: RetCode | null = null,
    readonly reply: Envelope | null = null,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/** How the request layer talks to the page; the app wires antd's message and modal here. */
export interface RequestUi {
  error(text: string, seconds: number): void;
  warning(text: string, seconds: number): void;
  dialog(html: string, title?: string): void;
  confirm(text: string, title: string | undefined, onOk: () => void): void;
  navigate(url: string): void;
  currentAddress(): string;
}

const browserUi: RequestUi = {
  error: () => {},
  warning: () => {},
  dialog: () => {},
  confirm: () => {},
  navigate: (url) => {
    if (typeof window !== "undefined") window.location.assign(url);
  },
  currentAddress: () => (typeof window !== "undefined" ? window.location.pathname + window.location.search : "/"),
};

interface Settings {
  baseURL: string;
  appVer: string;
  ui: RequestUi;
}

const settings: Settings = {
  baseURL: (import.meta.env?.VITE_API_URL as string | undefined) || "/api",
  appVer: (import.meta.env?.VITE_APP_VERSION as string | undefined) || "1.0.0",
  ui: browserUi,
};

let axiosModule: Promise<AxiosStatic> | null = null;
let client: Promise<AxiosInstance> | null = null;

function loadAxios(): Promise<AxiosStatic> {
  axiosModule ??= import("axios").then((m) => m.default);
  return axiosModule;
}

/**
 * Starts fetching axios at once. Every page asks the API within its first moments (site config,
 * member, menus); asked for only then, axios waited behind the page's own code for a free
 * connection, and every first call with it.
 */
export function preloadRequestClient(): void {
  void loadAxios().catch(() => {
    // A failed download is tried again by the first call (which then reports it).
    axiosModule = null;
  });
}

/** The client, made at the first call after (re)configuration from axios's defaults of then. */
function getClient(): Promise<AxiosInstance> {
  client ??= loadAxios().then((axios) =>
    axios.create({ baseURL: settings.baseURL, timeout: REQUEST_TIMEOUT_MS, transitional: { clarifyTimeoutError: true } }),
  );
  return client;
}

export function configureRequest(next: Partial<Omit<Settings, "ui">> & { ui?: Partial<RequestUi> }): void {
  if (next.baseURL !== undefined) settings.baseURL = next.baseURL;
  if (next.appVer !== undefined) settings.appVer = next.appVer;
  if (next.ui) settings.ui = { ...settings.ui, ...next.ui };
  client = null;
}

/** The API base URL calls go to (the data provider's getApiUrl). */
export const getRequestBaseURL = (): string => settings.baseURL;

const isSuccess = (ret: RetCode) => SUCCESS_RETS.has(String(ret));

/** Both reply shapes: { ret, msg, data, tips } and the older { status, message, result }. */
export function normaliseReply(body: unknown): Envelope | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if ("ret" in b) return { ret: b.ret as RetCode, msg: String(b.msg ?? ""), data: b.data, tips: b.tips as Tips | undefined };
  if ("status" in b && ("message" in b || "result" in b)) {
    return { ret: b.status as RetCode, msg: String(b.message ?? ""), data: b.result, tips: b.tips as Tips | undefined };
  }
  return null;
}

function parseRetList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" && value) return value.split(",").map((s) => s.trim());
  if (typeof value === "number") return [String(value)];
  return [];
}

// Nested too: a secret inside `passenger.*` or `list.0.*` must not reach the event table either.
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!value || typeof value !== "object" || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = (REDACTED_PARAM_KEYS as readonly string[]).includes(k) ? "***" : redact(v);
  }
  return out;
}

/**
 * Sanitises a dialog's HTML with DOMPurify, loaded the first time a dialog tip arrives (most
 * visits never see one). DOMPurify needs a DOM: without one (tests, SSR) the text is escaped.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const win = (globalThis as { window?: Window & typeof globalThis }).window;
  if (!win?.document) return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const { default: DOMPurify } = await import("dompurify");
  return DOMPurify(win).sanitize(html);
}

function showTips(tips: Tips): void {
  const ui = settings.ui;
  if (tips.type === "toast") ui.warning(tips.msg, tips.duration ?? 3);
  // HTML is allowed in a dialog, so it is sanitised before it reaches the page.
  else if (tips.type === "dialog") void sanitizeHtml(String(tips.msg ?? "")).then((html) => ui.dialog(html, tips.title));
  else if (tips.type === "confirm") {
    ui.confirm(tips.msg, tips.title, () => {
      if (isSafeNavigation(tips.url)) ui.navigate(tips.url);
    });
  }
}

function report(type: ExceptionEventType, api: string, httpCode: number, payload: Record<string, unknown>, response: unknown, costTime: number, ret?: RetCode) {
  const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v ?? null)).slice(0, EVENT_TEXT_MAX);
  void request(
    "/event/send",
    {
      api,
      type,
      httpCode,
      ...(ret !== undefined ? { ret: String(ret) } : {}),
      param: text(redact(payload)),
      response: text(response),
      costTime: Math.max(0, Math.round(costTime)),
      appVer: settings.appVer,
    },
    { noReport: true, silent: true },
  ).catch(() => {});
}

/** The token a sign-out is revoking: calls still in flight with it get a 401 that is expected. */
let endingToken: string | null = null;

/** Called by the sign-out before it revokes the token. */
export function markSessionEnding(token: string | null): void {
  endingToken = token;
}

/**
 * Set once an expired session has been announced; cleared by the next call made with a session.
 * Calls the page makes meanwhile without one (reacting to the session it just lost) get 401s of
 * their own that say nothing new: the member hears 登录已过期 once.
 */
let expiryAnnounced = false;

function onUnauthorised(): void {
  expiryAnnounced = true;
  clearSession();
  const here = settings.ui.currentAddress();
  if (!here.startsWith(LOGIN_PATH)) saveRedirect(here);
  settings.ui.warning("登录已过期，请重新登录", 3);
  settings.ui.navigate(LOGIN_PATH);
}

/**
 * Calls a catalogue path and resolves with `data` on success. Business errors, 401 and transport
 * failures are shown and reject with a RequestError.
 */
export async function request<T = unknown>(path: string, data: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "POST";
  // The operator console's calls carry the operator's session, in its own header; a member's never.
  const ops = path.startsWith("/ops/");
  const token = ops ? getOpsToken() : getToken();
  const { passErrorCodeMsgRet: passInPayload, ...payload } = data;
  const passRets = new Set([...parseRetList(passInPayload), ...(options.passErrorCodeMsgRet ?? []).map(String)]);

  if (options.needLogin && !token) {
    const err = new RequestError("no-token", "未登录");
    options.onCatch?.(err);
    throw err;
  }

  if (token) expiryAnnounced = false;
  // The token travels in the Authorization header only: never in a URL, which logs and proxies keep.
  const common = { timestamp: Date.now(), device: "web" };
  const auth = callHeaders(token, ops);
  const started = Date.now();
  let reply: Envelope | null;
  let axios: AxiosStatic | null = null;
  try {
    axios = await loadAxios();
    const http = await getClient();
    const res = await http.request({
      url: path,
      method,
      timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
      signal: options.signal,
      ...(method === "GET"
        ? { params: flattenDotKeys({ ...payload, ...common }), headers: auth }
        : options.json
          ? { data: JSON.stringify({ ...payload, ...common }), headers: { ...auth, "content-type": "application/json" } }
          : { data: toFormBody({ ...payload, ...common }), headers: { ...auth, "content-type": "application/x-www-form-urlencoded" } }),
    });
    reply = normaliseReply(res.data);
    if (!reply) {
      // A 200 that is not an envelope (an HTML page from a proxy): a failed call, reported as such.
      const err = new RequestError("http", "服务器应答格式不正确", null, null, res.status);
      if (!options.noReport) report("API_CALL_EXCEPTION", path, res.status, payload, res.data, Date.now() - started);
      if (!options.silent) settings.ui.error(`${err.message}.`, ERROR_MESSAGE_SECONDS);
      options.onCatch?.(err);
      throw err;
    }
  } catch (e) {
    if (e instanceof RequestError) throw e;
    throw transportFailure(axios, e as AxiosError, path, payload, started, options);
  }

  if (reply.tips) showTips(reply.tips);
  if (isSuccess(reply.ret)) return reply.data as T;

  if (String(reply.ret) === "401") {
    const err = new RequestError("unauthorised", reply.msg || "登录已过期，请重新登录", reply.ret, reply);
    // A 401 for a session already ended here (signed out, or replaced by a new sign-in) says
    // nothing about the current one: it must not send the user to the login page.
    // So does one made without a session just after the expiry was announced.
    const stale = (token !== null && token === endingToken) || token !== getToken() || (token === null && expiryAnnounced);
    if (ops) {
      // The console starts again at its sign-in, read afresh without the session.
      sessionStore().removeItem(OPS_TOKEN_KEY);
      if (!options.quietUnauthorised) window.location.assign("/ops/login");
    } else if (!options.quietUnauthorised && !stale) onUnauthorised();
    options.onCatch?.(err);
    throw err;
  }

  if (!options.noReport && (REPORTED_BUSINESS_RETS as readonly string[]).includes(String(reply.ret))) {
    report("API_BUSINESS_EXCEPTION", path, 200, payload, reply, Date.now() - started, reply.ret);
  }

  const err = new RequestError("business", reply.msg, reply.ret, reply);
  const failHandled = options.onFail && (!options.failCodes || options.failCodes.map(String).includes(String(reply.ret)));
  if (failHandled) options.onFail!(reply);
  else if (!options.silent && !reply.tips && !passRets.has(String(reply.ret))) {
    // The message as the server wrote it: of the two readings (with or without a trailing ※
    // marker), the plain text serves the reader better.
    settings.ui.error(reply.msg, ERROR_MESSAGE_SECONDS);
  }
  options.onCatch?.(err);
  throw err;
}

// The portal's language goes with every call, so the server answers its messages in it (the
// browser's own Accept-Language says what the browser was set to, not what the portal shows).
function callHeaders(token: string | null, ops = false): Record<string, string> {
  const language = { "accept-language": currentLang() === "en" ? "en-US" : "zh-CN" };
  return token ? { [ops ? "x-ops-token" : "authorization"]: ops ? token : `Bearer ${token}`, ...language } : language;
}

/**
 * POSTs to a path that answers a file (an export) with the session in the header, and resolves
 * with its bytes; a refusal (an envelope) rejects with its message.
 */
export async function downloadFile(path: string, data: Record<string, unknown>): Promise<Blob> {
  const http = await getClient();
  const res = await http.request({
    url: path,
    method: "POST",
    responseType: "blob",
    validateStatus: () => true,
    data: toFormBody({ ...data, timestamp: Date.now(), device: "web" }),
    headers: { ...callHeaders(getToken()), "content-type": "application/x-www-form-urlencoded" },
  });
  const blob = res.data as Blob;
  if (res.status === 200) return blob;
  const reply = normaliseReply(await blob.text().then((t) => JSON.parse(t) as unknown).catch(() => null));
  throw new RequestError(res.status === 401 ? "unauthorised" : "http", reply?.msg || "下载失败，请稍后重试", reply?.ret ?? null, reply, res.status);
}

function transportFailure(
  axios: AxiosStatic | null,
  e: AxiosError,
  path: string,
  payload: Record<string, unknown>,
  started: number,
  options: RequestOptions,
): RequestError {
  const status = e.response?.status ?? null;
  // The caller abandoned the call (unmount, a newer query): nothing failed, so nothing is shown or reported.
  if (axios?.isCancel(e) || e.code === "ERR_CANCELED") {
    const err = new RequestError("canceled", "请求已取消");
    options.onCatch?.(err);
    return err;
  }
  // With clarifyTimeoutError a timeout is ETIMEDOUT; ECONNABORTED is the browser aborting the call.
  const timedOut = e.code === "ETIMEDOUT";
  // A server that answers a transport failure with an envelope (413, 429, 5xx) has the clearer text.
  const envelope = normaliseReply(e.response?.data);
  const text = envelope?.msg || (timedOut ? "请求超时，请稍后重试" : e.message || "网络异常");
  const err = new RequestError(timedOut ? "timeout" : status ? "http" : "network", text, envelope?.ret ?? null, envelope, status);
  if (!options.noReport) {
    if (timedOut) report("API_TIMEOUT_EXCEPTION", path, TIMEOUT_EVENT_CODE, payload, e.message, Date.now() - started);
    else report("API_CALL_EXCEPTION", path, status ?? 0, payload, e.response?.data ?? e.message, Date.now() - started);
  }
  if (!options.silent) settings.ui.error(`${text}.`, ERROR_MESSAGE_SECONDS);
  options.onCatch?.(err);
  return err;
}
