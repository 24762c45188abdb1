// Where FeedbackApp's stand-ins meet antd's real message, notification and modal APIs: the
// holders (loaded later, in their own chunk) provide them here, calls made before that wait here,
// and the first such call asks for the holders at once. Kept apart from FeedbackApp so the lazy
// holders import this small module, not the component that lazily imports them.
import type { MessageInstance } from "antd/es/message/interface";
import type { NotificationInstance } from "antd/es/notification/interface";
import type { HookAPI as ModalApi } from "antd/es/modal/useModal";

export interface FeedbackApis {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalApi;
}

let apis: FeedbackApis | null = null;
let waiting: ((a: FeedbackApis) => void)[] = [];
let holdersWanted = false;
const listeners = new Set<() => void>();

/** Called by the holders once antd's real APIs are mounted (and with null when they unmount). */
export function provideFeedback(next: FeedbackApis | null): void {
  apis = next;
  if (!next) return;
  const queued = waiting;
  waiting = [];
  for (const run of queued) run(next);
}

/** antd's real APIs once mounted. */
export function feedbackApis(): FeedbackApis | null {
  return apis;
}

/** Runs with the real APIs now, or as soon as the holders have mounted them. */
export function whenReady(run: (a: FeedbackApis) => void): void {
  if (apis) run(apis);
  else {
    waiting.push(run);
    wantHolders();
  }
}

/** Ask for the holders (when the browser is idle, or at the first call that needs them). */
export function wantHolders(): void {
  if (holdersWanted) return;
  holdersWanted = true;
  for (const l of listeners) l();
}

/** For useSyncExternalStore: whether the holders have been asked for. */
export function holdersWantedNow(): boolean {
  return holdersWanted;
}

export function subscribeHolders(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
