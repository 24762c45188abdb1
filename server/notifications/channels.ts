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
import { noticeSms, type NoticeKind } from "../../src/domain/notifications";

export interface OutgoingNotice {
  /** Unique per message and channel: `<notification id>:<channel>` (a robot's: per event and robot). */
  key: string;
  address: string;
  kind: NoticeKind;
  params: unknown;
  /** The language the recipient reads (the member's choice; robots and SMS are written in Chinese). */
  lang?: "zh" | "en";
}

/** A send that can never succeed (a refused number, no template): not retried. */
export class PermanentSendError extends Error {
  override name = "PermanentSendError";
}

export interface NoticeChannel {
  readonly name: string;
  /** member (default): the member's own address, when their preferences choose this channel; robot: each company robot posting the kind's group. */
  readonly reaches?: "member" | "robot";
  /** Held during the night's quiet hours. */
  readonly quietHours?: boolean;
  /** The address to send to: the member's, or the target's (a robot's id) when the channel reaches robots. */
  address(db: Kysely<Database>, memberId: number, target?: string | null): Promise<string | null>;
  /** How the address may appear in a log line. */
  mask(address: string): string;
  isLocal(): boolean;
  isIdempotent(): boolean;
  send(db: Kysely<Database>, n: OutgoingNotice): Promise<void>;
}

/** SMS through the server's SMS provider (the development outbox, or Aliyun). */
export const smsChannel: NoticeChannel = {
  name: "sms",
  quietHours: true,
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
