// The notification dispatcher: claims outbox rows and deliveries the way the job runner claims
// jobs (PostgreSQL: FOR UPDATE SKIP LOCKED, so several server processes share them; SQLite: one
// conditional UPDATE; a claim lapses after lockMs, so a process that dies mid-way hands its rows
// on). It keeps to its own tables rather than one jobs row per message: notifications are many
// and short-lived, and the jobs table is the durable schedule of business steps.
// - Dispatch: an outbox row becomes its message in the member's message centre (in-portal, always)
//   and one delivery per other channel that wants its kind, in one transaction; a row that no
//   longer matters (an approval decided before its approvers were told) is dispatched to nobody.
// - Delivery: each try is recorded; failures retry after 1 min, 5 min, 30 min and 2 h, then the
//   delivery is marked failed. A remote send is marked "sending" before it leaves, so a process
//   that dies between sending and recording leaves a delivery whose outcome is unknown: it is
//   sent again under the same key only on a channel that drops repeated keys, else marked
//   "uncertain" and never sent twice. Time comes from the controllable clock.
import crypto from "node:crypto";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { Dialect } from "../db";
import type { Database, NotificationDeliveriesTable, NotificationsTable } from "../db/schema";
import { isoAt, now } from "../services/clock";
import { isNoticeKind, NOTICE_PARAMS, type NoticeKind } from "../../src/domain/notifications";
import { PermanentSendError, smsChannel, type NoticeChannel } from "./channels";
import { createRobotChannel } from "./robots";
import { noticeLog } from "./log";
import { langOf, routingOf } from "./preferences";
import { smsDueAt } from "./quiet-hours";

/** Waits before the 2nd, 3rd, 4th and 5th try; the 5th failure is final. */
export const RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const MAX_TRIES = RETRY_BACKOFF_MS.length + 1;

export interface DispatchReport {
  dispatched: number;
  sent: number;
  retried: number;
  failed: number;
  uncertain: number;
}

export interface NoticeDispatcher {
  /** Dispatches and delivers everything due now, then resolves. */
  runDue(): Promise<DispatchReport>;
  start(): void;
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  channels?: readonly NoticeChannel[];
  pollMs?: number;
  lockMs?: number;
  batchSize?: number;
  /** Deliveries sent at once within a pass (default 8). */
  sendConcurrency?: number;
}

type Notice = Selectable<NotificationsTable>;
type Delivery = Selectable<NotificationDeliveriesTable>;

class LostClaim extends Error {}

const MAX_ERROR = 1000;
/** A provider's error may quote the address: phones and emails are masked before it is kept or logged. */
const errorText = (e: unknown) =>
  (e instanceof Error ? `${e.name}: ${e.message}` : String(e))
    .replace(/(?<!\d)(1\d{2})\d{4}(\d{4})(?!\d)/g, "$1****$2")
    .replace(/([\w.+-])[\w.+-]*@([\w-]+\.[\w.-]+)/g, "$1***@$2")
    .slice(0, MAX_ERROR);

export function createNoticeDispatcher(opts: DispatcherOptions): NoticeDispatcher {
  const { db, dialect } = opts;
  const channels = new Map((opts.channels ?? [smsChannel, createRobotChannel()]).map((c) => [c.name, c]));
  const lockMs = opts.lockMs ?? 5 * 60_000;
  const batchSize = opts.batchSize ?? 50;
  const pollMs = opts.pollMs ?? 1000;
  const sendConcurrency = opts.sendConcurrency ?? 8;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DispatchReport> | null = null;
  let stopped = true;

  // Unclaimed, or claimed by a process whose lock has run out (both tables carry the same lock columns).
  const freeNotice = (at: string) => (eb: ExpressionBuilder<Database, "notifications">) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", at)]);
  const freeDelivery = (at: string) => (eb: ExpressionBuilder<Database, "notification_deliveries">) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", at)]);

  async function claimNotices(token: string): Promise<Notice[]> {
    const at = isoAt(now());
    let due = db.selectFrom("notifications").select("id").where("dispatchedAt", "is", null).where(freeNotice(at)).orderBy("id").limit(batchSize);
    if (dialect === "postgres") due = due.forUpdate().skipLocked();
    const rows = await db.updateTable("notifications").set({ lockedUntil: isoAt(now() + lockMs), lockedBy: token }).where("id", "in", due).returningAll().execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  async function claimDeliveries(token: string): Promise<Delivery[]> {
    const at = isoAt(now());
    let due = db
      .selectFrom("notification_deliveries")
      .select("id")
      .where("status", "in", ["pending", "sending"])
      .where("nextAt", "<=", at)
      .where(freeDelivery(at))
      .orderBy("nextAt")
      .limit(batchSize);
    if (dialect === "postgres") due = due.forUpdate().skipLocked();
    const rows = await db.updateTable("notification_deliveries").set({ lockedUntil: isoAt(now() + lockMs), lockedBy: token }).where("id", "in", due).returningAll().execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Whether the message still says something true when it is dispatched. */
  async function stillMatters(trx: Kysely<Database>, n: Notice, kind: NoticeKind, params: Record<string, unknown>): Promise<boolean> {
    if (kind !== "approvalWaiting" || n.subjectId === null) return true;
    const a = await trx.selectFrom("approvals").select(["status", "level"]).where("id", "=", n.subjectId).executeTakeFirst();
    return Boolean(a && a.status === "pending" && a.level === params.level);
  }

  async function dispatchOne(n: Notice, token: string, report: DispatchReport): Promise<void> {
    try {
      await db.transaction().execute(async (trx) => {
        const at = isoAt(now());
        const params = NOTICE_PARAMS[n.kind as NoticeKind]?.safeParse(JSON.parse(n.params));
        if (isNoticeKind(n.kind) && params?.success && (await stillMatters(trx, n, n.kind, params.data as Record<string, unknown>))) {
          await trx
            .insertInto("notification_inbox")
            .values({ id: n.id, memberId: n.memberId, kind: n.kind, params: n.params, subjectType: n.subjectType, subjectId: n.subjectId, readAt: null, createTime: n.createTime })
            .onConflict((oc) => oc.column("id").doNothing())
            .execute();
          const p = params.data as Record<string, unknown>;
          const routing = await routingOf(trx, n.memberId, n.kind);
          const pending = (c: NoticeChannel) => ({ channel: c.name, status: "pending", attempts: 0, sentAt: null as string | null, nextAt: c.quietHours ? isoAt(smsDueAt(now(), n.kind as NoticeKind, p)) : at });
          const rows = [{ channel: "portal", status: "sent", attempts: 1, sentAt: at as string | null, nextAt: null as string | null, key: `${n.id}:portal`, target: null as string | null }];
          for (const c of channels.values()) {
            if (c.reaches === "robot") {
              // One post per event and robot, however many of the company's members the event tells.
              const about = `${n.kind}:${n.subjectType}:${n.subjectId}:${crypto.createHash("sha256").update(n.params).digest("hex").slice(0, 16)}`;
              for (const robot of routing.robots) rows.push({ ...pending(c), key: `${c.name}:${robot}:${about}`, target: String(robot) });
            } else if (routing.channels.has(c.name) && (await c.address(trx, n.memberId))) rows.push({ ...pending(c), key: `${n.id}:${c.name}`, target: null });
          }
          await trx
            .insertInto("notification_deliveries")
            .values(rows.map(({ key, ...r }) => ({ notificationId: n.id, idempotencyKey: key, lastError: null, createTime: at, updateTime: at, ...r })))
            .onConflict((oc) => oc.column("idempotencyKey").doNothing())
            .execute();
        }
        const done = await trx.updateTable("notifications").set({ dispatchedAt: at, lockedUntil: null }).where("id", "=", n.id).where("lockedBy", "=", token).executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw new LostClaim();
      });
      report.dispatched += 1;
    } catch (e) {
      // Left claimed: another pass takes it up when the claim lapses.
      if (!(e instanceof LostClaim)) noticeLog().error({ notificationId: n.id, err: errorText(e) }, "notification dispatch failed");
    }
  }

  async function attempt(trx: Kysely<Database>, d: Delivery, tries: number, outcome: string, error: string | null): Promise<void> {
    await trx.insertInto("notification_attempts").values({ deliveryId: d.id, attempt: tries, outcome, error, createTime: isoAt(now()) }).execute();
  }

  /** Records a finished try of the delivery claimed by `token`; throws LostClaim when another took it over. */
  async function record(d: Delivery, token: string, tries: number, failure: unknown | null, report: DispatchReport, trx0?: Kysely<Database>): Promise<void> {
    const write = async (trx: Kysely<Database>) => {
      const at = now();
      let set: Partial<Delivery>;
      if (failure === null) set = { status: "sent", sentAt: isoAt(at), lastError: null, nextAt: null };
      else if (failure instanceof PermanentSendError || tries >= MAX_TRIES) set = { status: "failed", lastError: errorText(failure), nextAt: null };
      else set = { status: "pending", lastError: errorText(failure), nextAt: isoAt(at + RETRY_BACKOFF_MS[tries - 1]) };
      const done = await trx
        .updateTable("notification_deliveries")
        .set({ ...set, attempts: tries, lockedUntil: null, lockedBy: null, updateTime: isoAt(at) })
        .where("id", "=", d.id)
        .where("lockedBy", "=", token)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new LostClaim();
      await attempt(trx, d, tries, failure === null ? "sent" : "error", failure === null ? null : errorText(failure));
      if (failure === null) report.sent += 1;
      else if (set.status === "failed") report.failed += 1;
      else report.retried += 1;
    };
    return trx0 ? write(trx0) : db.transaction().execute(write);
  }

  async function deliverOne(d: Delivery, token: string, report: DispatchReport): Promise<void> {
    const channel = channels.get(d.channel);
    const n = await db.selectFrom("notifications").select(["kind", "params", "memberId"]).where("id", "=", d.notificationId).executeTakeFirst();
    const address = channel && n ? await channel.address(db, n.memberId, d.target ?? null) : null;
    const tries = d.attempts + 1;
    try {
      if (!channel || !n || !isNoticeKind(n.kind) || !address) {
        await db.transaction().execute(async (trx) => {
          const done = await trx
            .updateTable("notification_deliveries")
            .set({ status: "skipped", lastError: channel ? "no address on this channel" : `no channel ${d.channel}`, lockedUntil: null, lockedBy: null, nextAt: null, updateTime: isoAt(now()) })
            .where("id", "=", d.id)
            .where("lockedBy", "=", token)
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw new LostClaim();
        });
        return;
      }
      const out = { key: d.idempotencyKey, address, kind: n.kind, params: JSON.parse(n.params) as unknown, lang: channel.reaches === "robot" ? ("zh" as const) : await langOf(db, n.memberId) };
      const due = channel.quietHours ? smsDueAt(now(), n.kind, out.params as Record<string, unknown>) : now();
      if (due > now() && d.status !== "sending") {
        // Quiet hours: the try waits for the morning and counts as none.
        await db.updateTable("notification_deliveries").set({ nextAt: isoAt(due), lockedUntil: null, lockedBy: null, updateTime: isoAt(now()) }).where("id", "=", d.id).where("lockedBy", "=", token).execute();
        return;
      }
      const masked = { deliveryId: d.id, channel: d.channel, to: channel.mask(address) };
      if (channel.isLocal()) {
        try {
          await db.transaction().execute(async (trx) => {
            await channel.send(trx, out);
            await record(d, token, tries, null, report, trx);
          });
        } catch (e) {
          if (e instanceof LostClaim) throw e;
          noticeLog().warn({ ...masked, tries, err: errorText(e) }, "notification not delivered");
          await record(d, token, tries, e, report);
        }
        return;
      }
      if (d.status === "sending" && !channel.isIdempotent()) {
        // An earlier try was on its way out when its process stopped: it may have arrived.
        await db.transaction().execute(async (trx) => {
          const done = await trx
            .updateTable("notification_deliveries")
            .set({ status: "uncertain", lastError: "an earlier try's outcome is unknown; not sent again so it never arrives twice", lockedUntil: null, lockedBy: null, nextAt: null, updateTime: isoAt(now()) })
            .where("id", "=", d.id)
            .where("lockedBy", "=", token)
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw new LostClaim();
          await attempt(trx, d, d.attempts, "uncertain", null);
        });
        report.uncertain += 1;
        return;
      }
      const marked = await db
        .updateTable("notification_deliveries")
        .set({ status: "sending", updateTime: isoAt(now()) })
        .where("id", "=", d.id)
        .where("lockedBy", "=", token)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      let failure: unknown = null;
      try {
        await channel.send(db, out);
      } catch (e) {
        failure = e;
        noticeLog().warn({ ...masked, tries, err: errorText(e) }, "notification not delivered");
      }
      await record(d, token, tries, failure, report);
    } catch (e) {
      if (!(e instanceof LostClaim)) noticeLog().error({ deliveryId: d.id, err: errorText(e) }, "notification delivery failed");
    }
  }

  async function drain(): Promise<DispatchReport> {
    const report: DispatchReport = { dispatched: 0, sent: 0, retried: 0, failed: 0, uncertain: 0 };
    // Bounded, so a flood of new rows cannot hold one pass forever.
    for (let round = 0; round < 100; round++) {
      const token = crypto.randomUUID();
      const notices = await claimNotices(token);
      for (const n of notices) await dispatchOne(n, token, report);
      const deliveries = await claimDeliveries(token);
      // Sends wait on the network, not on this process: a few at once, each on its own claimed row.
      for (let i = 0; i < deliveries.length; i += sendConcurrency) await Promise.all(deliveries.slice(i, i + sendConcurrency).map((d) => deliverOne(d, token, report)));
      if (!notices.length && !deliveries.length) break;
    }
    return report;
  }

  function runDue(): Promise<DispatchReport> {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runDue()
        .catch((err: unknown) => noticeLog().error({ err: errorText(err) }, "notification dispatcher poll failed"))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
