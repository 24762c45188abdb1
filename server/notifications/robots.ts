// Company group robots: a 企业微信, 钉钉 or 飞书 webhook a company administrator configured. Each
// post is signed as its platform asks: 钉钉 puts HmacSHA256(secret, timestamp + "\n" + secret),
// base64 and url-encoded, in the URL's sign parameter; 飞书 uses timestamp + "\n" + secret as
// the HMAC key over an empty message and puts its base64 in the JSON body; 企业微信 signs nothing
// (the key in its URL is the secret). The message is Chinese: a group has no single language.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { now } from "../services/clock";
import { renderNotice, type NoticeKind } from "../../src/domain/notifications";
import type { RobotPlatform } from "../../src/domain/notice-preferences";
import { PermanentSendError, type NoticeChannel } from "./channels";

export interface RobotPost {
  url: string;
  body: Record<string, unknown>;
}

const hmac = (key: string, message: string) => crypto.createHmac("sha256", key).update(message, "utf8").digest("base64");

/** The request one platform expects for a text message, signed with `secret` when there is one. */
export function robotPost(platform: RobotPlatform, url: string, secret: string | null, text: string, at: number): RobotPost {
  if (platform === "dingtalk") {
    const body = { msgtype: "text", text: { content: text } };
    if (!secret) return { url, body };
    // 钉钉 takes the signature only in the query string. It is derived from the secret, not the
    // secret itself, and 钉钉 refuses it an hour after its timestamp. The URL is only sent: it is
    // never stored or logged (a delivery names its robot by id, see maskRobot), and failures
    // record the HTTP status, never the address.
    const sign = encodeURIComponent(hmac(secret, `${at}\n${secret}`));
    return { url: `${url}${url.includes("?") ? "&" : "?"}timestamp=${at}&sign=${sign}`, body };
  }
  if (platform === "feishu") {
    const content = { msg_type: "text", content: { text } };
    if (!secret) return { url, body: content };
    const timestamp = String(Math.floor(at / 1000));
    return { url, body: { timestamp, sign: hmac(`${timestamp}\n${secret}`, ""), ...content } };
  }
  return { url, body: { msgtype: "text", text: { content: text } } };
}

export function robotText(kind: NoticeKind, params: unknown): string {
  const { title, body } = renderNotice(kind, params, "zh");
  return `【商旅门户】${title}\n${body || title}`;
}

/** The key in a webhook's URL is its password: only the host shows in a log. */
export const maskRobot = (id: string) => `robot ${id}`;

export function createRobotChannel(opts: { timeoutMs?: number } = {}): NoticeChannel {
  const robotOf = (db: Kysely<Database>, id: number) =>
    db.selectFrom("company_robots").select(["id", "platform", "url", "secret", "status"]).where("id", "=", id).executeTakeFirst();
  return {
    name: "robot",
    reaches: "robot",
    async address(db, _memberId, target) {
      const id = Number(target);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const r = await robotOf(db, id);
      return r && r.status === 1 ? String(r.id) : null;
    },
    mask: maskRobot,
    isLocal: () => false,
    isIdempotent: () => false,
    async send(db, n) {
      const r = await robotOf(db, Number(n.address));
      if (!r) throw new PermanentSendError("the robot was removed");
      const post = robotPost(r.platform as RobotPlatform, r.url, r.secret, robotText(n.kind, n.params), now());
      const res = await fetch(post.url, {
        method: "POST", headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(post.body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000), redirect: "error",
      });
      const text = await res.text();
      // A refused request (a wrong key, a bad signature) fails the same way every time; overload and outages pass.
      if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new PermanentSendError(`robot answered HTTP ${res.status}`);
      if (!res.ok) throw new Error(`robot answered HTTP ${res.status}`);
      let answer: { errcode?: number; code?: number; errmsg?: string; msg?: string } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        answer = {};
      }
      const code = answer.errcode ?? answer.code ?? 0;
      if (code !== 0) throw new Error(`robot refused: ${code} ${(answer.errmsg ?? answer.msg ?? "").slice(0, 200)}`);
    },
  };
}
