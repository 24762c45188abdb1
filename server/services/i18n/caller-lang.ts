// The caller's language: the portal sends its own (Accept-Language: en-US or zh-CN) with every
// call, so a member reading the portal in English gets English refusals even from a Chinese
// browser. Anything else, or nothing, is Chinese, the portal's first language.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Lang } from "../../../src/domain/messages";
import { englishValue, toEnglish } from "./translate";

export function callerLang(req: Pick<FastifyRequest, "headers">): Lang {
  const header = req.headers["accept-language"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "zh";
}

/** A text for the caller: the catalogue's English for an English caller, else as written. */
export function forCaller(req: Pick<FastifyRequest, "headers">, text: string): string {
  return callerLang(req) === "en" ? toEnglish(text) : text;
}

function isEnvelope(payload: unknown): payload is { ret: unknown; msg: unknown } {
  return payload !== null && typeof payload === "object" && "ret" in payload && "msg" in payload;
}

/**
 * Every envelope, success or refusal, is written in the caller's language here, once: the
 * message, its hint and the texts of its data (field problems, product names, order notes).
 */
export function registerCallerLanguage(app: FastifyInstance): void {
  app.addHook("preSerialization", async (req, _reply, payload) => {
    if (!isEnvelope(payload) || callerLang(req) !== "en") return payload;
    return englishValue(payload);
  });
}
