// npm run build:server: the API server compiled ahead of time into plain ES modules (dist-server/),
// which `npm start` runs with node itself. Running the TypeScript through a loader at start costs
// the server tens of MB of resident memory for the whole of its life (the loader, its transform
// cache and every module's source twice), and the first requests pay for the transforms.
// The packages the server needs at every start are bundled with our own code: node resolving,
// reading and compiling each of their several hundred files one by one cost about 200 ms of CPU
// per start, a third of the time to the first answer. Packages loaded only when something needs
// them (payment and SMS SDKs once configured, xlsx, the PostgreSQL driver, the airport dataset)
// stay in node_modules and are imported from there when that happens.
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_OUT_DIR = path.join(root, "dist-server");

/** A package's name and the path after it: "crypto-js/md5" → ["crypto-js", "md5"]. */
function splitSpecifier(spec) {
  const parts = spec.split("/");
  const n = spec.startsWith("@") ? 2 : 1;
  return [parts.slice(0, n).join("/"), parts.slice(n).join("/")];
}

/**
 * Packages left in node_modules (by name, with any path below it). Each is one of: native code
 * (better-sqlite3), loaded only on demand, or one that finds files of its own beside itself at run
 * time (pino starts its transports' workers from its own directory; pdfkit reads its font metrics
 * from its own data folder).
 */
const EXTERNAL_PACKAGES = new Set([
  "better-sqlite3",
  "pg",
  "pino",
  "airport-data-js",
  "exceljs",
  "svg-captcha",
  "pdfkit",
  // pdfkit's own font parser: the PDF renderer hands pdfkit a font it parsed with the same copy.
  "fontkit",
  "alipay-sdk",
  "wechatpay-node-v3",
  "@alicloud/dysmsapi20170525",
  "@alicloud/openapi-core",
]);

/**
 * Packages left to node, with two adjustments node's ES module loader needs where the
 * loader we compile away was lenient: a deep import into a package without an exports map names
 * its file exactly ("crypto-js/md5" → "crypto-js/md5.js"), and JSON data is bundled (node would
 * want an import attribute and warns that JSON modules are experimental).
 */
const packagesFromNodeModules = {
  name: "packages-from-node-modules",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      if (args.path.endsWith(".json")) return undefined;
      const [name, sub] = splitSpecifier(args.path);
      if (!EXTERNAL_PACKAGES.has(name)) return undefined;
      if (!sub) return { path: args.path, external: true };
      const require = createRequire(args.importer || path.join(root, "package.json"));
      const manifest = JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), "utf8"));
      if (manifest.exports) return { path: args.path, external: true };
      const file = require.resolve(args.path);
      const packageDir = path.dirname(require.resolve(`${name}/package.json`));
      return { path: `${name}/${path.relative(packageDir, file).split(path.sep).join("/")}`, external: true };
    });
  },
};

/**
 * Entries every build has besides the server's: the worker threads an xlsx import is read in, a
 * month's zip is put together in and draws its PDFs in, started by the server from
 * `<outDir>/sheet-worker.mjs`, `<outDir>/zip-worker.mjs` and `<outDir>/pdf-worker.mjs` beside its
 * own modules.
 */
const WORKER_ENTRIES = ["server/imports/sheet-worker.ts", "server/einvoices/zip-worker.ts", "server/einvoices/pdf-worker.ts"];

/**
 * Compiles each entry (a path from the repository root) to `<outDir>/<its name>.mjs`. Dynamic
 * imports become chunks of their own, so what they import is loaded only when they are.
 */
export async function buildServer(entries = ["server/main.ts"], outDir = SERVER_OUT_DIR) {
  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries([...entries, ...WORKER_ENTRIES].map((e) => [path.basename(e).replace(/\.ts$/, ""), e])),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    plugins: [packagesFromNodeModules],
    // Bundled CommonJS packages require node's modules (and the external packages) at run time.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    logLevel: "warning",
    // The server's source is kept in memory for its whole life (V8 compiles functions when first
    // called): without the whitespace it is a third smaller.
    minifyWhitespace: true,
    minifySyntax: true,
  });
  for (const file of fs.readdirSync(outDir)) if (file.endsWith(".mjs")) asciiOnly(path.join(outDir, file));
}

/**
 * Writes the characters beyond ASCII that esbuild leaves in regular expression literals as
 * \uXXXX escapes, which mean the same there as in strings and templates. V8 keeps a module's
 * source as one string, and a single such character makes all of it two bytes a character: 7 MB
 * instead of 3.5 MB of the server's heap. (A template read through String.raw would see the
 * escape itself; the server has none with such characters.)
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, "utf8");
  if (/^[\x00-\x7f]*$/.test(text)) return;
  // An escaped character (\／) would turn into an escaped backslash: stop rather than guess.
  if (/\\[^\x00-\x7f]/.test(text)) throw new Error(`${file}: a backslash before a character beyond ASCII`);
  fs.writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
}

// node scripts/build-server.mjs [entry outDir]: the server (default), or another entry that
// builds the app the same way (a benchmark's server).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, outDir] = process.argv.slice(2);
  const out = outDir ? path.resolve(outDir) : SERVER_OUT_DIR;
  const started = performance.now();
  await buildServer(entry ? [entry] : undefined, out);
  console.log(`${entry ?? "server/main.ts"} compiled to ${path.relative(process.cwd(), out) || "."} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
