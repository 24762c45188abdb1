// Prints the JavaScript the index route downloads before a visitor can use it, gzipped: the entry
// chunk and every chunk it imports statically, and the index page's own chunk with its static
// imports. The index page is imported statically by the route table, and with it its search box
// and the flight, train and hotel search bars, so everything the page shows at once is counted:
// --strict also fails when one of SHOWN_AT_ONCE has become a lazily loaded chunk of its own. Not
// counted, because they load only on a visitor's action: the date fields' calendar (on a field's
// first touch; the field takes a typed date before that), the texts beyond the first paint's and
// the pages behind links. Reads the manifest Vite writes with build.manifest. The budget is 250 KB.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const BUDGET_KB = 250;
/** The modules whose static imports make up the index route, besides the entry. */
const INDEX_ROUTE = ["src/pages/index/IndexPage.tsx", "src/layout/PageSkeleton.tsx"];
/** What the index page shows at once: never behind a lazy import. */
const SHOWN_AT_ONCE = [
  "src/pages/index/IndexPage.tsx",
  "src/pages/index/SearchBox.tsx",
  "src/booking/flight/FlightSearchBar.tsx",
  "src/booking/train/TrainSearchBar.tsx",
  "src/booking/hotel/HotelSearchBar.tsx",
  "src/booking/shared/PlacePicker.tsx",
  "src/components/search/DateField.tsx",
  "src/booking/flight/PassengerPicker.tsx",
];

/** Manifest keys of the index route's first load: the entry and the route's modules. */
export function firstLoadKeys(manifest) {
  return [Object.keys(manifest).find((k) => manifest[k].isEntry), ...INDEX_ROUTE];
}

/** The files of the given manifest keys and of everything they import statically. */
export function staticClosure(manifest, keys) {
  const files = new Set();
  const take = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) take(dep);
  };
  keys.forEach(take);
  return files;
}

/** The index route's first load: its keys' static closure. */
export function firstLoad(manifest) {
  return staticClosure(manifest, firstLoadKeys(manifest));
}

/** Modules the page shows at once that the build made lazily loaded chunks (a manifest key of their own, imported dynamically). */
export function hiddenLazy(manifest) {
  return SHOWN_AT_ONCE.filter((key) => manifest[key]?.isDynamicEntry);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --strict fails over budget (for a check); the build itself only reports.
  const strict = process.argv.includes("--strict");
  const dist = path.resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "dist");
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const files = firstLoad(manifest);
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(dist, file));
    raw += body.length;
    gz += zlib.gzipSync(body, { level: 9 }).length;
  }
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`index route first-load JS: ${files.size} chunks, ${kb(raw)} KB raw, ${kb(gz)} KB gzip (budget ${BUDGET_KB} KB)`);
  const hidden = hiddenLazy(manifest);
  if (hidden.length > 0) {
    console.warn(`shown at once but loaded lazily (not counted above): ${hidden.join(", ")}`);
    if (strict) process.exitCode = 1;
  }
  if (gz / 1024 > BUDGET_KB) {
    console.warn(`over budget by ${kb(gz - BUDGET_KB * 1024)} KB`);
    if (strict) process.exitCode = 1;
  }
}
