// A worker thread that reads uploaded xlsx files (sheet-rows.ts), one at a time as they are
// posted to it, and posts back each one's rows or the reason it was refused.
import { parentPort } from "node:worker_threads";
import { SheetRefusal, XLSX_MESSAGES } from "./limits";
import { readSheetRows, type SheetReply, type SheetSpec } from "./sheet-rows";

parentPort!.on("message", async ({ file, spec }: { file: Uint8Array; spec: SheetSpec }) => {
  let reply: SheetReply;
  try {
    reply = { rows: await readSheetRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength), spec) };
  } catch (e) {
    reply = { refusal: e instanceof SheetRefusal ? e.message : XLSX_MESSAGES.badFile };
  }
  parentPort!.postMessage(reply);
});
