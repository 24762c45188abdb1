// When a streaming replica may serve reads: pure decisions over what the health check saw, so
// they are tested without a replica. Lag is measured in wall time: the primary's WAL position
// is sampled with the time it was taken, and the replica is caught up to the latest sample its
// replay position has reached.

/** A primary WAL position ("16/B374D848") as one number. */
export function parseLsn(text: string): bigint {
  const m = /^([0-9A-Fa-f]+)\/([0-9A-Fa-f]+)$/.exec(text.trim());
  if (!m) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

let stamps = 0;

/**
 * A number that only grows within this process: what is known committed is stamped, and so is
 * each primary sample before it is asked, so "known before this sample" is a plain comparison
 * (two events in the same millisecond would not be ordered by the clock).
 */
export function nextStamp(): number {
  return ++stamps;
}

/** The primary's WAL position, with the time (ms) and stamp taken just before it was asked. */
export interface PrimarySample {
  at: number;
  stamp: number;
  lsn: bigint;
}

/**
 * The latest primary sample the replica has replayed: everything known committed on the primary
 * before it was taken is on the replica. A null replay position is a server not in recovery (the
 * primary itself named as replica): current as of the latest sample. Null: behind every sample kept.
 */
export function caughtUpTo(samples: readonly PrimarySample[], replayLsn: bigint | null): PrimarySample | null {
  let best: PrimarySample | null = null;
  for (const s of samples) {
    if ((replayLsn === null || s.lsn <= replayLsn) && (best === null || s.stamp > best.stamp)) best = s;
  }
  return best;
}

export interface ReplicaState {
  /** When the replica last answered the health check (ms); null: never, or failed since. */
  answeredAt: number | null;
  /** How far behind the latest primary sample the replica was at that answer (ms). */
  lagMs: number;
}

export interface LagLimits {
  /** Most lag (wall time behind the primary) a read that tolerates lag accepts. */
  maxLagMs: number;
  /** A replica silent this long (missed health checks) is treated as gone. */
  maxSilenceMs: number;
}

export const DEFAULT_LAG_LIMITS: LagLimits = { maxLagMs: 1_000, maxSilenceMs: 2_500 };

/**
 * Lag at an answer (ms): the latest sample's time less that of the sample the replica has
 * replayed. Samples are an interval apart, so a replica a few milliseconds behind a busy primary
 * would look a whole interval behind; the time of the last commit it replayed (`replayedCommitAt`)
 * bounds the lag more closely: everything committed before then is there.
 */
export function lagAt(samples: readonly PrimarySample[], caught: PrimarySample | null, replayedCommitAt: number | null = null, answeredAt = 0): number {
  if (!samples.length) return Number.POSITIVE_INFINITY;
  const bySamples = caught === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.max(...samples.map((s) => s.at)) - caught.at);
  if (bySamples === 0 || replayedCommitAt === null) return bySamples;
  return Math.min(bySamples, Math.max(0, answeredAt - replayedCommitAt));
}

/** Whether reads that tolerate lag may go to the replica now. */
export function replicaUsable(state: ReplicaState, now: number, limits: LagLimits = DEFAULT_LAG_LIMITS): boolean {
  if (state.answeredAt === null) return false;
  return now - state.answeredAt <= limits.maxSilenceMs && state.lagMs <= limits.maxLagMs;
}

/** Samples worth keeping: a replica further behind than the oldest is unusable anyway. */
export function keepSamples(samples: readonly PrimarySample[], now: number, keepMs: number): PrimarySample[] {
  const kept = samples.filter((s) => now - s.at <= keepMs);
  return kept.length ? kept : samples.slice(-1);
}
