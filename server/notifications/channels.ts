// The channels a notification goes out on besides the portal. A channel finds the member's
// address, sends one message under its idempotency key and says how a send behaves: a local one
// (the development SMS outbox) is written inside the transaction that records the delivery, so
// it happens exactly once; a remote one is a network call made outside any transaction, and one
// that does not drop a repeated key (idempotent: false) is never repeated when an earlier try's
// outcome is unknown.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { currentSmsProvider } from "../services/accounts/sms";
import { maskPhone } from "../services/accounts/sms-providers";
import { noticeSms, SMS_BY_DEFAULT, type NoticeKind } from "../../src/domain/notifications";

export interface OutgoingNotice {
  /** Unique per message and channel: `<notification id>:<channel>`. */
  key: string;
  address: string;
  kind: NoticeKind;
  params: unknown;
}

/** A send that can never succeed (a refused number, no template): not retried. */
export class PermanentSendError extends Error {
  override name = "PermanentSendError";
}

export interface NoticeChannel {
  readonly name: string;
  /** Whether this kind goes out here when the member has chosen nothing. */
  wants(kind: NoticeKind): boolean;
  address(db: Kysely<Database>, memberId: number): Promise<string | null>;
  /** How the address may appear in a log line. */
  mask(address: string): string;
  isLocal(): boolean;
  isIdempotent(): boolean;
  send(db: Kysely<Database>, n: OutgoingNotice): Promise<void>;
}

/** SMS through the server's SMS provider (the development outbox, or Aliyun). */
export const smsChannel: NoticeChannel = {
  name: "sms",
  wants: (kind) => SMS_BY_DEFAULT.has(kind),
  async address(db, memberId) {
    const m = await db.selectFrom("members").select(["mobilePhone", "status"]).where("id", "=", memberId).executeTakeFirst();
    return m && m.status === 1 && /^1\d{10}$/.test(m.mobilePhone) ? m.mobilePhone : null;
  },
  mask: maskPhone,
  isLocal: () => !currentSmsProvider().remote,
  isIdempotent: () => false,
  async send(db, n) {
    const provider = currentSmsProvider();
    // Aliyun sends approved templates only, and none is configured for notices yet: it would refuse every try.
    if (provider.name === "aliyun") throw new PermanentSendError("Aliyun SMS has no template for notices");
    await provider.deliver({ mobilePhone: n.address, purpose: "notice", content: noticeSms(n.kind, n.params), code: null }, db);
  },
};

export const DEFAULT_CHANNELS: readonly NoticeChannel[] = [smsChannel];
