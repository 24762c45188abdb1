// Prints the JavaScript the index route downloads before it can show anything, gzipped: the
// entry chunk, every chunk it imports statically, and the index page's own chunk with its static
// imports. Reads the manifest Vite writes with build.manifest. The budget is 250 KB.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// --strict fails over budget (for a check); the build itself only reports.
const strict = process.argv.includes("--strict");
const dist = path.resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "dist");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const BUDGET_KB = 250;
/** Modules the index route renders through lazy imports. */
const INDEX_ROUTE = ["src/pages/index/IndexPage.tsx", "src/pages/layout/PageSkeleton.tsx"];

const files = new Set();
function take(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) take(dep);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
take(entry);
for (const key of INDEX_ROUTE) take(key);

let raw = 0;
let gz = 0;
for (const file of files) {
  const body = fs.readFileSync(path.join(dist, file));
  raw += body.length;
  gz += zlib.gzipSync(body, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(`index route first-load JS: ${files.size} chunks, ${kb(raw)} KB raw, ${kb(gz)} KB gzip (budget ${BUDGET_KB} KB)`);
if (gz / 1024 > BUDGET_KB) {
  console.warn(`over budget by ${kb(gz - BUDGET_KB * 1024)} KB`);
  if (strict) process.exitCode = 1;
}
