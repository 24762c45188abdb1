// npm run build:server: the API server compiled ahead of time into plain ES modules (dist-server/),
// which `npm start` runs with node itself. Running the TypeScript through a loader at start costs
// the server tens of MB of resident memory for the whole of its life (the loader, its transform
// cache and every module's source twice), and the first requests pay for the transforms.
// Our own code is bundled; packages stay in node_modules and are imported from there, each loaded
// when the code that needs it is (the payment and SMS SDKs only once configured), exactly as
// under the loader.
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
 * Packages are left to node, with two adjustments node's ES module loader needs where the
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
 * Entries every build has besides the server's: the worker thread an xlsx import is read in,
 * started by the server from `<outDir>/sheet-worker.mjs` beside its own modules.
 */
const WORKER_ENTRIES = ["server/imports/sheet-worker.ts"];

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
    logLevel: "warning",
  });
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
