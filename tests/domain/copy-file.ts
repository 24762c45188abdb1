// Reads the canonical copy file (copy.zh-CN.md) when it is present next to the repository, so
// the code tables are also checked against the source the hard-coded expectations came from.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const COPY_FILE = process.env.PORTAL_COPY_FILE ?? resolve(fileURLToPath(new URL(".", import.meta.url)), "../../../shared/spec/copy.zh-CN.md");
export const HAS_COPY_FILE = existsSync(COPY_FILE);

/** Table rows (cells trimmed, header and separator dropped) of the section titled `title`. */
export function copyTable(title: string): string[][] {
  const text = readFileSync(COPY_FILE, "utf8");
  const start = text.indexOf(`## ${title}\n`);
  if (start < 0) throw new Error(`section not found: ${title}`);
  const end = text.indexOf("\n## ", start + 3);
  const lines = text.slice(start, end < 0 ? undefined : end).split("\n");
  const rows = lines
    .filter((l) => l.startsWith("|"))
    .map((l) => l.slice(1, l.lastIndexOf("|")).split("|").map((c) => c.trim()));
  return rows.slice(2); // header row, separator row
}
