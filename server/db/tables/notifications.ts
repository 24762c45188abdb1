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
  /** Migration 121: what the channel sends to when it is not the member (a robot's id). */
  target?: string | null;
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

/** Migration 121: a member's channel choices per event group, and their emails' language. */
export interface NotificationPreferencesTable {
  memberId: number;
  channels: string;
  lang: Generated<string>;
  updateTime: string;
}

export interface CompanyNoticeSettingsTable {
  companyId: number;
  channels: string;
  robotGroups: string;
  updateTime: string;
}

export interface CompanyRobotsTable {
  id: Generated<number>;
  companyId: number;
  platform: string;
  name: string;
  url: string;
  secret: string | null;
  status: Generated<number>;
  createTime: string;
  updateTime: string;
}

export interface MemberDevicesTable {
  memberId: number;
  deviceHash: string;
  label: string;
  firstSeen: string;
  lastSeen: string;
}
