// The month zip's central directory headers, written as one buffer each: byte for byte what
// compress-commons writes for the same entry (stored and deflated entries, with and without a
// comment), and the whole archive still reads back.
import { once } from "node:events";
import { PassThrough } from "node:stream";
import archiver from "archiver";
import JSZip from "jszip";
import { expect, it } from "vitest";
import { centralHeader } from "../../server/einvoices/month-zip";

it("writes each central directory header as compress-commons does", async () => {
  const archive = archiver("zip", { zlib: { level: 6 } });
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on("data", (c: Buffer) => chunks.push(c));
  archive.pipe(sink);
  archive.append(Buffer.from("%PDF-1.3 test"), { name: "PDF/2631000000000001.pdf", store: true });
  archive.append("<EInvoice/>", { name: "XML/2631000000000001.xml" });
  archive.append("note", { name: "a.txt", comment: "c" } as archiver.EntryData);
  const done = once(sink, "end");
  await archive.finalize();
  await done;
  const engine = (archive as unknown as { _module: { engine: { _entries: unknown[]; write(c: Buffer | string): boolean; _writeCentralFileHeader(e: unknown): void } } })._module.engine;
  for (const entry of engine._entries) {
    const parts: Buffer[] = [];
    const own = Object.create(engine) as typeof engine;
    own.write = (c) => (parts.push(typeof c === "string" ? Buffer.from(c) : c), true);
    own._writeCentralFileHeader(entry);
    expect(centralHeader(entry as never)!.equals(Buffer.concat(parts))).toBe(true);
  }
  const zip = await JSZip.loadAsync(Buffer.concat(chunks));
  expect(await zip.file("XML/2631000000000001.xml")!.async("string")).toBe("<EInvoice/>");
});
