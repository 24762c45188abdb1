// Two replies the route wrapper cannot shape by itself: a success with its own msg (the SMS
// "sent" text of copy.zh-CN.md) and raw bytes (a stored photo). Both set a per-reply serializer,
// as the last step of a handler, so the usual onSend hooks (request id, rate-limit headers) run.
import type { FastifyReply } from "fastify";
import { callerLang } from "../i18n/caller-lang";
import { textIn, type Text } from "../i18n/text";

/** The success envelope goes out with `msg` instead of the default 成功. */
export function withSuccessMessage(reply: FastifyReply, msg: Text | string): void {
  reply.type("application/json; charset=utf-8");
  // This serializer runs after the envelope was put in the caller's language: its msg is too.
  const text = textIn(msg, callerLang(reply.request));
  reply.serializer((payload: unknown) => {
    const env = payload as { ret?: number } | null;
    return JSON.stringify(env && env.ret === 0 ? { ...env, msg: text } : env);
  });
}

/** The reply body becomes these bytes with their own content type. */
export function withBytes(reply: FastifyReply, mime: string, bytes: Buffer): void {
  reply
    .type(mime)
    // Ids are random and a replaced photo gets a new one, so the bytes behind an id never change.
    .header("cache-control", "private, max-age=86400, immutable")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox");
  reply.serializer(() => bytes as unknown as string);
}
