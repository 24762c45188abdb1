// The time source of the services (SMS codes, sign-in locks, holds, jobs). Each app has its own
// clock (createClock, entered per request and job poll, see instance.ts); tests move one app's
// clock, or the process default every app without its own follows, to check 5-minute codes and
// 15-minute locks without waiting. Production never sets either.
import { currentInstance, type InstanceClock } from "./instance";

const realNow = () => Date.now();
let fallback: () => number = realNow;

export function now(): number {
  const instance = currentInstance();
  return instance ? instance.clock.now() : fallback();
}

export function isoAt(ms: number = now()): string {
  return new Date(ms).toISOString();
}

/** Replace the process default clock (tests, the demo seed); null restores the real one. */
export function setClock(fn: (() => number) | null): void {
  fallback = fn ?? realNow;
}

/** An app's clock: the process default until the app is given its own time source. */
export function createClock(): InstanceClock {
  let own: (() => number) | null = null;
  return {
    now: () => (own ?? fallback)(),
    set(fn) {
      own = fn;
    },
  };
}
