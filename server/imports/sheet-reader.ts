// Reading an uploaded xlsx off the event loop, in worker threads with a ceiling on their memory
// (a file that needs more ends that thread, not the server) and on each file's time; at most a
// few imports at once (slots.ts). The server keeps answering while a file is read. A worker
// reads one file at a time and is kept for the next one a while (loading exceljs' reader takes
// a few hundred milliseconds), then ended when idle.
import { Worker, type ResourceLimits } from "node:worker_threads";
import { SheetRefusal, XLSX_MESSAGES } from "./limits";
import type { SheetReply, SheetRow, SheetSpec } from "./sheet-rows";

/** A worker's heap: a full 5,000-row file needs about a third of it. */
const WORKER_MEMORY: ResourceLimits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };
const WORKER_SECONDS = 30;

/**
 * Where a worker starts. Compiled (npm run build:server), the worker is an entry of the build of
 * its own, sheet-worker.mjs, beside the server's modules; from the TypeScript source
 * (development and tests) this module is sheet-reader.ts and the worker starts from
 * sheet-worker.dev.mjs beside it, which loads sheet-worker.ts through the TypeScript loader.
 */
const workerUrl = () => new URL(import.meta.url.endsWith(".ts") ? "./sheet-worker.dev.mjs" : "./sheet-worker.mjs", import.meta.url);

export interface SheetReaders {
  /** The rows of the file's first sheet; SheetRefusal with the person's message when it cannot be read. */
  read(file: Buffer, spec: SheetSpec): Promise<SheetRow[]>;
  /** Workers waiting for a file. */
  readonly idle: number;
}

export function createSheetReaders(options: { memory?: ResourceLimits; keep?: number; idleMs?: number } = {}): SheetReaders {
  const { memory = WORKER_MEMORY, keep = 2, idleMs = 60_000 } = options;
  const idle = new Map<Worker, NodeJS.Timeout>();

  const retire = (worker: Worker) => {
    clearTimeout(idle.get(worker));
    idle.delete(worker);
    void worker.terminate();
  };
  /** Keeps a worker that answered for the next file, unless enough already wait; ended after idleMs. */
  const park = (worker: Worker) => {
    if (idle.size >= keep) return void worker.terminate();
    worker.unref();
    idle.set(worker, setTimeout(() => retire(worker), idleMs).unref());
  };
  const take = (): Worker => {
    const [worker] = idle.keys();
    if (!worker) {
      const fresh = new Worker(workerUrl(), { resourceLimits: memory });
      // A worker that ends while it waits (it should not) is simply forgotten.
      fresh.on("exit", () => idle.has(fresh) && retire(fresh));
      return fresh;
    }
    clearTimeout(idle.get(worker));
    idle.delete(worker);
    worker.ref();
    return worker;
  };

  return {
    get idle() {
      return idle.size;
    },
    read(file, spec) {
      const worker = take();
      return new Promise<SheetRow[]>((resolve, reject) => {
        const finish = (reuse: boolean, settle: () => void) => {
          clearTimeout(timer);
          worker.off("message", onMessage).off("error", onError).off("exit", onExit);
          if (reuse) park(worker);
          else void worker.terminate();
          settle();
        };
        const onMessage = (reply: SheetReply) => finish(true, () => ("rows" in reply ? resolve(reply.rows) : reject(new SheetRefusal(reply.refusal))));
        const onError = (e: Error & { code?: string }) =>
          finish(false, () => reject(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SheetRefusal(XLSX_MESSAGES.memory) : e));
        const onExit = (code: number) => finish(false, () => reject(new Error(`xlsx reader exited with code ${code} before answering`)));
        const timer = setTimeout(() => finish(false, () => reject(new SheetRefusal(XLSX_MESSAGES.timeout(WORKER_SECONDS)))), WORKER_SECONDS * 1000);
        worker.on("message", onMessage).on("error", onError).on("exit", onExit);
        worker.postMessage({ file, spec });
      });
    },
  };
}

/** The server's readers. */
export const sheetReaders = createSheetReaders();

export const readSheetInWorker = (file: Buffer, spec: SheetSpec) => sheetReaders.read(file, spec);
