// Notifications (migration 120): the outbox, the member's message centre, deliveries and their tries.
import type { Generated } from "kysely";

export interface NotificationsTable {
  id: Generated<number>;
  kind: string;
  memberId: number;
  params: string; // JSON, checked against the kind's schema before it is written
  subjectType: string | null;
  subjectId: number | null;
  createTime: string;
  /** When the dispatcher turned it into deliveries. */
  dispatchedAt: string | null;
  lockedUntil: string | null;
  lockedBy: string | null;
}

export interface NotificationInboxTable {
  /** The notification's id. */
  id: number;
  memberId: number;
  kind: string;
  params: string;
  subjectType: string | null;
  subjectId: number | null;
  isRead: Generated<number>;
  readAt: string | null;
  createTime: string;
}

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notificationId: number;
  channel: string;
  idempotencyKey: string;
  status: string;
  attempts: Generated<number>;
  nextAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  lockedUntil: string | null;
  lockedBy: string | null;
  createTime: string;
  updateTime: string;
}

export interface NotificationAttemptsTable {
  id: Generated<number>;
  deliveryId: number;
  attempt: number;
  outcome: string;
  error: string | null;
  createTime: string;
}
