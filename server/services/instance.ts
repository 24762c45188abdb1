// What one app owns that code deep inside its services reads: its clock, its payment window and
// its SMS provider. Two apps in one process (tests, a process handing over to its successor) must
// never see each other's, yet the supplier holds and the SMS codes sit many calls below the route.
// So the app made by buildApp enters its instance for every request and every job poll, and
// now(), paymentWindowMinutes() and currentSmsProvider() read the instance entered; code run
// outside any app (scripts, the demo seed before the app exists) reads the process defaults.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SmsProvider } from "./accounts/sms-providers";

export interface InstanceClock {
  now(): number;
  /** This app's own time source (tests); null: follow the process default again. */
  set(fn: (() => number) | null): void;
}

export interface AppInstance {
  clock: InstanceClock;
  /** Minutes an unpaid order keeps what it holds, in this app. */
  paymentWindowMinutes: number;
  /** Where this app's SMS codes go; null: the process default (the development outbox). */
  sms: SmsProvider | null;
}

const entered = new AsyncLocalStorage<AppInstance>();

/** The instance of the app whose request or job is running here, if any. */
export function currentInstance(): AppInstance | undefined {
  return entered.getStore();
}

/** Runs fn (and everything it awaits or schedules) as part of this app. */
export function runInInstance<T>(instance: AppInstance, fn: () => T): T {
  return entered.run(instance, fn);
}
