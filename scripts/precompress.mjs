// Writes brotli (.br) and gzip (.gz) copies of the built portal's text files, at the highest
// levels: done once at build, they cost nothing per request. The server sends them to browsers
// that accept them.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dist = path.resolve(process.argv[2] ?? "dist");
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let raw = 0;
let br = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name) && !entry.name.endsWith(".map")) {
      const body = fs.readFileSync(file);
      if (body.length < MIN_BYTES) continue;
      const brotli = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      fs.writeFileSync(`${file}.br`, brotli);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      files++;
      raw += body.length;
      br += brotli.length;
    }
  }
}
walk(dist);
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
