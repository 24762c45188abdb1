// The server's part of the message catalogue: texts only the server writes (business refusals,
// order notes, trade titles), kept in src/locales/server.<locale>.json beside the domain's
// messages.<locale>.json, apart from it so that the portal's download does not carry them.
// say() answers the zh text, for what is stored (order notes, trade titles) and logged. A refusal
// carries its key instead (said() in ./text.ts), read in the caller's language where its envelope
// is written.
import zh from "../../../src/locales/server.zh-CN.json" with { type: "json" };
import en from "../../../src/locales/server.en-US.json" with { type: "json" };

export type ServerKey = keyof typeof zh;

/** Every server text per language; English has exactly the Chinese keys (a test holds them equal). */
export const SERVER_MESSAGES: Readonly<Record<"zh" | "en", Readonly<Record<ServerKey, string>>>> = { zh, en };

/** A server text in Chinese, the server's working language; `{name}` placeholders filled from params. */
export function say(key: ServerKey, params?: Record<string, string | number>): string {
  const text: string = zh[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
