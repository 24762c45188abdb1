// At most a few imports at once per server process, a few more waiting their turn, and a clear
// "try again later" beyond that: each import holds a worker thread (with up to its memory
// ceiling) and then writes hundreds of rows, so letting them pile up would trade every other
// request's answer for them.
import { DomainError } from "../services/domain-error";
import { XLSX_MESSAGES } from "./limits";

export interface Slots {
  /** Runs the task when a slot is free (at once, or after those waiting before it); refused when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createSlots(limits: { running: number; waiting: number }): Slots {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limits.running) running++;
      else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new DomainError("tooMany", XLSX_MESSAGES.busy);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** The server's import slots: two imports read and write at once (one per core of a small server), six wait. */
export const importSlots = createSlots({ running: 2, waiting: 6 });
