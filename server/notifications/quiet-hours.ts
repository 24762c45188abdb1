// SMS stays quiet from 22:00 to 08:00 China time (UTC+8 all year): a message due then waits for
// 08:00. A disruption (a schedule change) whose departure is within 24 hours goes out at once: by
// 08:00 it may be too late to act on.
import { NOTICE_GROUP, type NoticeKind } from "../../src/domain/notifications";

const HOUR = 3_600_000;
const CHINA = 8 * HOUR;
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** The instant an SMS of this kind may go out, at or after `at`. */
export function smsDueAt(at: number, kind: NoticeKind, params: Record<string, unknown>): number {
  const local = at + CHINA;
  const hour = new Date(local).getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  if (NOTICE_GROUP[kind] === "disruption" && typeof params.departAt === "string") {
    const departs = Date.parse(params.departAt);
    if (Number.isFinite(departs) && departs - at <= 24 * HOUR) return at;
  }
  const dayStart = Math.floor(local / (24 * HOUR)) * 24 * HOUR;
  const eight = dayStart + QUIET_UNTIL_HOUR * HOUR;
  return (hour >= QUIET_FROM_HOUR ? eight + 24 * HOUR : eight) - CHINA;
}
