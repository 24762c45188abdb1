// What the server's log may keep of a request. No secret reaches a log line: a query parameter
// whose name says token, key, sign, code or password (pwd, psw), or names a phone or a
// certificate, keeps its name and loses its value, the Authorization and Cookie headers are never
// written, such fields of a logged object are censored by the logger itself, and phones and
// identity card numbers anywhere in a line are masked (log-personal.ts).
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { maskPersonal } from "./log-personal";

const SECRET_NAME = /token|key|sign|code|pass|pwd|psw|secret/i;
// Personal data by name: a passport or other certificate number has no shape maskPersonal knows.
const PERSONAL_NAME = /phone|mobile|cert|passport|idno|idcard/i;
const CENSOR = "***";

function nameOf(part: string): string {
  const raw = part.split("=", 1)[0];
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/** The URL with every secret- or personal-named query value replaced by ***. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((part) => (part.includes("=") && (SECRET_NAME.test(nameOf(part)) || PERSONAL_NAME.test(nameOf(part))) ? `${part.split("=", 1)[0]}=${CENSOR}` : part))
    .join("&");
  return `${url.slice(0, q)}?${query}`;
}

const SECRET_FIELDS = ["token", "key", "sign", "code", "password", "loginPsw", "loginPwd", "payPassword", "smsCode", "downloadKey"];

/** pino's redaction: these fields of a logged object, at the top and one level down. */
export const LOG_REDACT = {
  paths: [
    ...SECRET_FIELDS,
    ...SECRET_FIELDS.filter((f) => f !== "code").map((f) => `*.${f}`),
    "req.headers.authorization",
    "req.headers.cookie",
    "headers.authorization",
    "headers.cookie",
  ],
  censor: CENSOR,
};

export const LOG_SERIALIZERS = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      hostname: req.hostname,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};

/** The logger options with redaction added (a logger switched off stays off). */
export function redactingLogger(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: LOG_REDACT,
    serializers: { ...LOG_SERIALIZERS, ...(options.serializers ?? {}) },
    // The last word on every line, whatever field or message carried the data.
    hooks: { ...(options.hooks ?? {}), streamWrite: (line: string) => maskPersonal(options.hooks?.streamWrite ? options.hooks.streamWrite(line) : line) },
  };
}
