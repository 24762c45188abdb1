// The worker thread that reads one uploaded xlsx (sheet-rows.ts) and posts back its rows or the
// reason it was refused, then ends: each file gets a fresh thread whose memory goes with it.
import { parentPort, workerData } from "node:worker_threads";
import { SheetRefusal, XLSX_MESSAGES } from "./limits";
import { readSheetRows, type SheetReply, type SheetSpec } from "./sheet-rows";

const { file, spec } = workerData as { file: Uint8Array; spec: SheetSpec };
let reply: SheetReply;
try {
  reply = { rows: await readSheetRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength), spec) };
} catch (e) {
  reply = { refusal: e instanceof SheetRefusal ? e.message : XLSX_MESSAGES.badFile };
}
parentPort!.postMessage(reply);
