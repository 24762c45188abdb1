// Reading an uploaded xlsx off the event loop: each file in a worker thread of its own, with a
// ceiling on its memory (a file that needs more ends that thread, not the server) and on its
// time, and at most a few at once (imports.ts). The server keeps answering while a file is read.
import { Worker, type ResourceLimits } from "node:worker_threads";
import { SheetRefusal, XLSX_MESSAGES } from "./limits";
import type { SheetReply, SheetRow, SheetSpec } from "./sheet-rows";

/** The worker's heap: a full 5,000-row file needs about a third of it. */
const WORKER_MEMORY = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };
const WORKER_SECONDS = 30;

/**
 * Where the worker starts. Compiled (npm run build:server), the worker is an entry of the build
 * of its own, sheet-worker.mjs, beside the server's modules; from the TypeScript source
 * (development and tests) this module is sheet-reader.ts and the worker starts from
 * sheet-worker.dev.mjs beside it, which loads sheet-worker.ts through the TypeScript loader.
 */
const workerUrl = () => new URL(import.meta.url.endsWith(".ts") ? "./sheet-worker.dev.mjs" : "./sheet-worker.mjs", import.meta.url);

/** The rows of the file's first sheet; SheetRefusal with the person's message when it cannot be read. */
export function readSheetInWorker(file: Buffer, spec: SheetSpec, memory: ResourceLimits = WORKER_MEMORY): Promise<SheetRow[]> {
  return new Promise<SheetRow[]>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const worker = new Worker(workerUrl(), { workerData: { file, spec }, resourceLimits: memory });
    const timer = setTimeout(() => {
      settle(() => reject(new SheetRefusal(XLSX_MESSAGES.timeout(WORKER_SECONDS))));
      void worker.terminate();
    }, WORKER_SECONDS * 1000);
    worker.once("message", (reply: SheetReply) => settle(() => ("rows" in reply ? resolve(reply.rows) : reject(new SheetRefusal(reply.refusal)))));
    worker.once("error", (e: Error & { code?: string }) =>
      settle(() => reject(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SheetRefusal(XLSX_MESSAGES.memory) : e)),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`xlsx reader exited with code ${code} before answering`))));
  });
}
