// Prints the JavaScript the index route downloads before a visitor can use it, gzipped: the entry
// chunk and every chunk it imports statically, and the index page's own chunk with its static
// imports — the index page, its search box with the search bars among them, is imported
// statically by the route table, so all it shows at once is counted. Not counted: what the page
// imports lazily, which is listed by name below the figure so nothing hides there: the skeleton
// other pages show while they load, the texts beyond the first paint's, and the search bars'
// heavier parts (the calendar, the passenger counts), each fetched on the visitor's first touch of
// its field, which can be typed into before that. Reads the manifest Vite writes with
// build.manifest. The budget is 250 KB.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const BUDGET_KB = 250;
/** The modules whose static imports make up the index route, besides the entry. */
const INDEX_ROUTE = ["src/pages/index/IndexPage.tsx", "src/pages/layout/PageSkeleton.tsx"];

/** Manifest keys of the index route's first load: the entry and the route's modules. */
export function firstLoadKeys(manifest) {
  return [Object.keys(manifest).find((k) => manifest[k].isEntry), ...INDEX_ROUTE];
}

/** The files of those keys and of everything they import statically; the lazy imports met on the way. */
export function firstLoad(manifest) {
  const files = new Set();
  const lazy = new Set();
  const take = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) take(dep);
    for (const dep of chunk.dynamicImports ?? []) lazy.add(dep);
  };
  firstLoadKeys(manifest).forEach(take);
  return { files, lazy: [...lazy].filter((key) => !files.has(manifest[key]?.file)) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --strict fails over budget (for a check); the build itself only reports.
  const strict = process.argv.includes("--strict");
  const verbose = process.argv.includes("--lazy");
  const dist = path.resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "dist");
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const { files, lazy } = firstLoad(manifest);
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(dist, file));
    raw += body.length;
    gz += zlib.gzipSync(body, { level: 9 }).length;
  }
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`index route first-load JS: ${files.size} chunks, ${kb(raw)} KB raw, ${kb(gz)} KB gzip (budget ${BUDGET_KB} KB)`);
  if (verbose) console.log(`imported lazily from it (not counted): ${lazy.map((k) => k.replace(/^src\//, "")).join(", ")}`);
  if (gz / 1024 > BUDGET_KB) {
    console.warn(`over budget by ${kb(gz - BUDGET_KB * 1024)} KB`);
    if (strict) process.exitCode = 1;
  }
}
