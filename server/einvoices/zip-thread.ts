// A month's zip put together in a worker thread (zip-worker.ts), fed from this thread. The
// archive and the index make many short-lived objects per document; made here they would grow
// this thread's young generation, and the server keeps what it grows to resident for good (a
// cap on it for the whole process can cost every request some CPU instead). The thread's own young
// generation is capped, and its memory is returned when it ends. This thread only reads the
// documents, a batch at a time when the zip's thread asks for one, and passes progress on.
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { FiledDocument } from "./company-list";
import type { ZipOptions } from "./month-zip";

/** Documents per message: the reading's own keyset chunk. */
const BATCH = 100;

/**
 * The zip's thread: archiver, exceljs' writer and two batches of documents fit well inside the
 * old generation's ceiling; the young generation is small, as the PDF threads' is, since what a
 * document makes dies with it.
 */
const ZIP_MEMORY: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 4 };

/** What the server's thread sends: a batch of documents, and once there are no more, the end. */
export interface ZipRequest {
  docs?: FiledDocument[];
  end?: true;
}
/** What the zip's thread answers: a request for the next batch, progress, the count or the error. */
export type ZipReply = { more: true } | { done: number } | { count: number } | { error: string };

/** Compiled, the thread starts from zip-worker.mjs beside the server's modules; from source, through the loader. */
const workerUrl = () => new URL(import.meta.url.endsWith(".ts") ? "./zip-worker.dev.mjs" : "./zip-worker.mjs", import.meta.url);

export function assembleInThread(
  documents: AsyncIterable<FiledDocument>,
  file: string,
  options: ZipOptions,
  onProgress?: (done: number) => Promise<void> | void,
): Promise<number> {
  const source = documents[Symbol.asyncIterator]();
  const worker = new Worker(workerUrl(), { workerData: { file, options }, resourceLimits: ZIP_MEMORY });
  // Progress is written in order, one write at a time; the count is given once the last is in.
  let progress: Promise<void> = Promise.resolve();
  let sentAll = false;
  let settled = false;

  return new Promise<number>((resolve, reject) => {
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      void source.return?.();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    const sendBatch = async () => {
      const docs: FiledDocument[] = [];
      while (docs.length < BATCH) {
        const next = await source.next();
        if (next.done) {
          sentAll = true;
          break;
        }
        docs.push(next.value);
      }
      if (!settled) worker.postMessage({ ...(docs.length ? { docs } : {}), ...(sentAll ? { end: true } : {}) } satisfies ZipRequest);
    };
    worker.on("message", (m: ZipReply) => {
      if ("more" in m) {
        if (!sentAll) sendBatch().catch(fail);
      } else if ("done" in m) {
        progress = progress.then(() => onProgress?.(m.done));
        progress.catch(fail);
      } else if ("count" in m) {
        progress.then(() => {
          if (settled) return;
          settled = true;
          resolve(m.count);
          void worker.terminate();
        }, fail);
      } else fail(new Error(`month zip failed: ${m.error}`));
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`month zip thread exited with code ${code}`)));
  });
}
