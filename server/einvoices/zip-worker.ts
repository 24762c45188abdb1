// The thread a month's zip is put together in (zip-thread.ts starts it): the documents arrive
// from the server's thread in batches, and it asks for the next batch as it starts on one, so
// one batch is on its way while another is drawn and written; it reports its progress, then
// the count, or the error that stopped it.
import { parentPort, workerData } from "node:worker_threads";
import type { FiledDocument } from "./company-list";
import { assembleZip, type ZipOptions } from "./month-zip";
import { createPdfRenderers } from "./pdf-renderers";
import type { ZipReply, ZipRequest } from "./zip-thread";

const port = parentPort!;
const { file, options } = workerData as { file: string; options: ZipOptions };
const batches: FiledDocument[][] = [];
let ended = false;
let wake: (() => void) | null = null;

port.on("message", (m: ZipRequest) => {
  if (m.docs) batches.push(m.docs);
  if (m.end) ended = true;
  wake?.();
  wake = null;
});

const reply = (m: ZipReply) => port.postMessage(m);

async function* documents(): AsyncIterable<FiledDocument> {
  reply({ more: true });
  for (;;) {
    const batch = batches.shift();
    if (batch) {
      if (!ended) reply({ more: true });
      yield* batch;
      continue;
    }
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

try {
  const count = await assembleZip(documents(), file, options, (done) => reply({ done }), createPdfRenderers());
  reply({ count });
} catch (e) {
  reply({ error: e instanceof Error ? e.message : String(e) });
}
