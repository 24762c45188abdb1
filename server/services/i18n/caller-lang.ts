// The caller's language: the portal sends its own (Accept-Language: en-US or zh-CN) with every
// call, so a member reading the portal in English gets English refusals even from a Chinese
// browser. Anything else, or nothing, is Chinese, the portal's first language.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Lang } from "../../../src/domain/messages";
import { englishValue } from "./translate";

export function callerLang(req: Pick<FastifyRequest, "headers">): Lang {
  const header = req.headers["accept-language"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "zh";
}

function isEnvelope(payload: unknown): payload is { ret: unknown; msg: unknown; data?: unknown } {
  return payload !== null && typeof payload === "object" && "ret" in payload && "msg" in payload;
}

/**
 * What an envelope's data still holds in Chinese, read back from the catalogue for an English
 * caller: product names, stored order notes and ledger labels, the hint. Messages and field
 * problems are keys read in the caller's language where the envelope is written
 * (../http/domain-envelope.ts); a message that is not yet a key is read back there too.
 */
export function registerCallerLanguage(app: FastifyInstance): void {
  app.addHook("preSerialization", async (req, _reply, payload) => {
    if (!isEnvelope(payload) || callerLang(req) !== "en") return payload;
    const { data, tips } = payload as { data?: unknown; tips?: unknown };
    return { ...payload, data: englishValue(data), ...(tips === undefined ? {} : { tips: englishValue(tips) }) };
  });
}
