// What one app owns that code deep inside its services reads: its clock, its payment window and
// its SMS provider. Two apps in one process (tests, a process handing over to its successor) must
// never see each other's, yet the supplier holds and the SMS codes sit many calls below the route.
// now(), paymentWindowMinutes() and currentSmsProvider() read the current app's instance: the
// one entered for the running request or job poll, else the process's first live app (its
// "resident"), else the process defaults (scripts, the demo seed before any app exists).
// Entering costs: on Node 20 an AsyncLocalStorage in use hooks every promise the process makes,
// about a quarter of an order list's CPU. A process serving one app (every production process)
// therefore never enters: its one app is the resident. Only an app built while another is live
// (tests, a successor starting before its predecessor closed) enters its instance.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SmsProvider } from "./accounts/sms-providers";
import type { SiteState } from "../sites/state";

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
  /** The partner sites and brands in force (the operator's settings loaded); null: the code's defaults. */
  sites: SiteState | null;
}

const entered = new AsyncLocalStorage<AppInstance>();

let resident: AppInstance | null = null;

/** The instance of the app whose request or job is running here, if any. */
export function currentInstance(): AppInstance | undefined {
  return entered.getStore() ?? resident ?? undefined;
}

/**
 * Makes the instance the process's resident when no other app is live; true when it is (its
 * requests and jobs then need not enter it). `leave` is called when the app closes.
 */
export function becomeResident(instance: AppInstance): boolean {
  if (resident) return false;
  resident = instance;
  return true;
}

export function leaveResidence(instance: AppInstance): void {
  if (resident === instance) resident = null;
}

/** Runs fn (and everything it awaits or schedules) as part of this app. */
export function runInInstance<T>(instance: AppInstance, fn: () => T): T {
  return entered.run(instance, fn);
}
