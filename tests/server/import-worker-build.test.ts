// The compiled server (npm run build:server) starts the xlsx import's worker from its own build
// output: the worker is an entry of every build, found beside the module that starts it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error the build script is plain JavaScript without types
import { buildServer } from "../../scripts/build-server.mjs";
import { sheetXml, workbookParts, zipArchive } from "./xlsx-archive";

const outDir = path.resolve("dist-server", `test-worker-${process.pid}`);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

it("reads a file through the worker built beside the compiled module", async () => {
  await buildServer(["server/imports/sheet-reader.ts"], outDir);
  expect(fs.existsSync(path.join(outDir, "sheet-worker.mjs"))).toBe(true);
  const file = zipArchive(workbookParts({ name: "", data: sheetXml([["中文姓名", "证件号码"], ["张三", "C1234567"]]) })).toString("base64");
  const script = `
    const { readSheetInWorker } = await import("./sheet-reader.mjs");
    const rows = await readSheetInWorker(Buffer.from(${JSON.stringify(file)}, "base64"), { columns: [{ key: "name", title: "中文姓名" }, { key: "certNo", title: "证件号码" }], dates: new Set(), what: "旅客" });
    process.stdout.write(JSON.stringify(rows));`;
  fs.writeFileSync(path.join(outDir, "run.mjs"), script);
  const out = execFileSync(process.execPath, [path.join(outDir, "run.mjs")], { encoding: "utf8" });
  expect(JSON.parse(out)).toEqual([{ row: 2, cells: { name: "张三", certNo: "C1234567" } }]);
}, 120_000);
