// Which modules the index route's first load carries, and how much each weighs: builds the portal
// (the project's own Vite config, output to a temporary folder) while recording every chunk's
// modules, then prints the first load's chunks and, over them, the heaviest packages and source
// files by gzip size: a package's modules are gzipped together, a module alone, so the figures come
// close to what each adds to its chunk (a little more: no shared dictionary); they rank, they do
// not sum.
// `node scripts/route-modules.mjs [extra manifest keys...]` adds those keys' static closures (e.g.
// a lazily loaded module) to what is counted, and lists what they add on their own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";
import { firstLoadKeys, staticClosure } from "./first-load.mjs";

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "route-modules-"));
const chunks = new Map();
await build({
  logLevel: "warn",
  build: { outDir, emptyOutDir: true },
  plugins: [
    {
      name: "record-modules",
      generateBundle(_options, bundle) {
        for (const out of Object.values(bundle)) {
          if (out.type !== "chunk") continue;
          chunks.set(out.fileName, Object.entries(out.modules).map(([id, m]) => ({ id, code: m.code ?? "" })));
        }
      },
    },
  ],
});

const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
const closure = (keys) => staticClosure(manifest, keys);
const gz = (s) => zlib.gzipSync(s, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
const packageOf = (id) => {
  const m = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id.replaceAll("\\", "/"));
  return m ? m[1] : path.relative(process.cwd(), id).split(path.sep).slice(0, 3).join("/");
};

function report(title, files) {
  const code = new Map();
  const modules = [];
  let total = 0;
  console.log(`\n${title}: ${files.size} chunks`);
  for (const file of files) {
    const size = gz(fs.readFileSync(path.join(outDir, file)));
    total += size;
    console.log(`${kb(size)}  ${file}`);
    for (const m of chunks.get(file) ?? []) {
      const g = m.code ? gz(m.code) : 0;
      modules.push({ id: m.id, g });
      code.set(packageOf(m.id), (code.get(packageOf(m.id)) ?? "") + m.code);
    }
  }
  console.log(`${kb(total)}  in all (KB gzip)\n-- packages / source folders, gzip of their modules alone:`);
  const sizes = [...code].map(([name, c]) => [name, gz(c)]);
  for (const [name, g] of sizes.sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${kb(g)}  ${name}`);
  console.log("-- heaviest modules:");
  for (const m of modules.sort((a, b) => b.g - a.g).slice(0, Number(process.env.TOP ?? 40))) console.log(`${kb(m.g)}  ${path.relative(process.cwd(), m.id)}`);
}

const base = closure(firstLoadKeys(manifest));
report("index route first load", base);
const extra = process.argv.slice(2);
if (extra.length) report(`added by ${extra.join(", ")}`, new Set([...closure(extra)].filter((f) => !base.has(f))));
fs.rmSync(outDir, { recursive: true, force: true });
