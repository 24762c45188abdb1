// Rendering many documents' PDFs (a month's zip) off the event loop, in worker threads: the
// server keeps answering while thousands are drawn, the drawing runs on another core than the
// reading and writing of the zip, and each thread's memory has a ceiling. A thread draws all of
// the zip's documents: what it keeps from one document to the next is bounded inside it
// (pdf-font.ts parses its font anew now and then), and starting threads one after another
// would leave each ended one's native memory behind in the process.
import os from "node:os";
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { EinvoiceRow } from "./documents";

/**
 * A thread's heap: the parsed font's tables, the shaping remembered and one document's drawing
 * need a little over 20 MB of it. Its young generation is small: a document's garbage dies within
 * the document, and each MB of it is resident for the life of the thread.
 */
const WORKER_MEMORY: ResourceLimits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };
/** Documents a thread draws before it is replaced: by default never (tests replace threads to prove a replacement loses nothing). */
const RECYCLE_EVERY = Number.POSITIVE_INFINITY;
/**
 * Threads by default: one draws while the zip's thread writes the archive and the server's thread
 * reads the documents, which keeps two cores busy; each further thread adds some 55 MB (its own fontkit,
 * font and heap), so more are for a server with memory to spare (EINVOICE_PDF_THREADS).
 */
const DEFAULT_THREADS = 1;

/**
 * Where a thread starts. Compiled (npm run build:server), the worker is an entry of the build of
 * its own, pdf-worker.mjs, beside the server's modules; from the TypeScript source (development
 * and tests) it starts from pdf-worker.dev.mjs, which loads pdf-worker.ts through the loader.
 */
const workerUrl = () => new URL(import.meta.url.endsWith(".ts") ? "./pdf-worker.dev.mjs" : "./pdf-worker.mjs", import.meta.url);

export interface PdfRenderers {
  /** The document's PDF; rejects if its thread failed or ran out of memory. */
  render(row: EinvoiceRow): Promise<Uint8Array>;
  /** How many documents may usefully be in flight at once (two per thread keeps each busy). */
  readonly depth: number;
  /** Ends every thread; documents still in flight are rejected. */
  close(): Promise<void>;
}

type Reply = { seq: number; pdf: Uint8Array } | { seq: number; error: string };

interface Slot {
  worker: Worker;
  sent: number;
  pending: Map<number, { resolve: (pdf: Uint8Array) => void; reject: (e: Error) => void }>;
  /** Called once nothing is pending (a thread being replaced waits for that). */
  onIdle?: () => void;
  /** The thread has ended (failed, out of memory, or terminated): nothing more is posted to it. */
  ended: boolean;
}

/** Up to this many documents are drawn on the calling thread: starting a thread would cost more than it saves. */
export const IN_THREAD_MAX = 100;

/**
 * Drawing on the calling thread, one document at a time (each takes a few ms of it). The
 * renderer (pdfkit, fontkit and the font, some 20 MB) is loaded only when a document is drawn
 * here, not with the zip: a month's zip draws in its threads and leaves this one without it.
 */
export function inThreadRenderers(): PdfRenderers {
  return { depth: 1, render: async (row) => (await import("./pdf")).renderEinvoicePdfBytes(row), close: async () => undefined };
}

/** Threads a month's zip draws in: EINVOICE_PDF_THREADS (1 to 8), else DEFAULT_THREADS. */
export function defaultPdfThreads(): number {
  const set = Number(process.env.EINVOICE_PDF_THREADS);
  if (Number.isInteger(set) && set >= 1 && set <= 8) return set;
  return Math.max(1, Math.min(DEFAULT_THREADS, os.availableParallelism()));
}

export function createPdfRenderers(options: { threads?: number; recycleEvery?: number; memory?: ResourceLimits } = {}): PdfRenderers {
  const { threads = defaultPdfThreads(), recycleEvery = RECYCLE_EVERY, memory = WORKER_MEMORY } = options;
  let seq = 0;
  let next = 0;
  let closed = false;

  const settled = (slot: Slot) => {
    if (slot.pending.size === 0) slot.onIdle?.();
  };
  const failAll = (slot: Slot, e: Error) => {
    for (const p of slot.pending.values()) p.reject(e);
    slot.pending.clear();
    settled(slot);
  };
  const start = (): Slot => {
    const slot: Slot = { worker: new Worker(workerUrl(), { resourceLimits: memory }), sent: 0, pending: new Map(), ended: false };
    slot.worker.on("message", (reply: Reply) => {
      const p = slot.pending.get(reply.seq);
      if (!p) return;
      slot.pending.delete(reply.seq);
      if ("pdf" in reply) p.resolve(reply.pdf);
      else p.reject(new Error(`PDF rendering failed: ${reply.error}`));
      settled(slot);
    });
    slot.worker.on("error", (e) => failAll(slot, e));
    slot.worker.on("exit", (code) => {
      slot.ended = true;
      failAll(slot, new Error(`PDF renderer exited with code ${code}`));
    });
    return slot;
  };
  /**
   * A thread that has drawn its share ends once its last document is back, and only then does
   * its successor start: two threads' memory is never held for one.
   */
  const replace = (old: Slot) =>
    new Promise<void>((resolve) => {
      old.onIdle = () => void old.worker.terminate().then(() => resolve());
      settled(old);
    }).then(start);
  const slots: Promise<Slot>[] = Array.from({ length: threads }, () => Promise.resolve(start()));
  const all: Promise<Slot>[] = [...slots];

  /**
   * Posts the document to thread `i` once it is there. Counting it and posting it happen in one
   * step, so a thread being replaced has every document it was given pending before it is told
   * to end when idle.
   */
  const assign = (i: number, row: EinvoiceRow, resolve: (pdf: Uint8Array) => void, reject: (e: Error) => void): void => {
    const current = slots[i];
    current.then((slot) => {
      if (slot.sent >= recycleEvery) {
        if (slots[i] === current) {
          slots[i] = replace(slot);
          all.push(slots[i]);
        }
        return assign(i, row, resolve, reject);
      }
      if (slot.ended) return reject(new Error("PDF renderer has ended"));
      slot.sent += 1;
      const id = ++seq;
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ seq: id, row });
    }, reject);
  };

  return {
    depth: threads * 2,
    render(row) {
      if (closed) return Promise.reject(new Error("PDF renderers are closed"));
      return new Promise<Uint8Array>((resolve, reject) => assign(next++ % slots.length, row, resolve, reject));
    },
    async close() {
      closed = true;
      const started = await Promise.all(all.map((p) => p.catch(() => null)));
      await Promise.all(started.map((s) => s?.worker.terminate()));
    },
  };
}
