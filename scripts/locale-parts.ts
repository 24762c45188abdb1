// Serves a locale JSON file in two parts: `file.json?first-paint` has the groups listed in
// src/locales/first-paint.ts and the single texts (dotted paths) listed there, `file.json?rest`
// everything else. The file itself stays whole, the one place texts are added.
import fs from "node:fs";
import type { Plugin } from "vite";
import { FIRST_PAINT_GROUPS, FIRST_PAINT_KEYS } from "../src/locales/first-paint";

const PART = /^(.*\.json)\?(first-paint|rest)$/;
type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

/** The texts split by the lists: what the first paint needs, and the rest. */
export function splitTexts(all: Tree, groups: readonly string[] = FIRST_PAINT_GROUPS, keys: readonly string[] = FIRST_PAINT_KEYS): { first: Tree; rest: Tree } {
  const first: Tree = {};
  const rest: Tree = structuredClone(Object.fromEntries(Object.entries(all).filter(([group]) => !groups.includes(group))));
  for (const group of groups) if (group in all) first[group] = all[group];
  for (const key of keys) {
    const path = key.split(".");
    const last = path.pop()!;
    let from: unknown = all;
    let to = first;
    let left: unknown = rest;
    for (const step of path) {
      from = isTree(from) ? from[step] : undefined;
      left = isTree(left) ? left[step] : undefined;
      to = isTree(to[step]) ? (to[step] as Tree) : (to[step] = {});
    }
    if (!isTree(from) || !(last in from)) continue;
    to[last] = from[last];
    if (isTree(left)) delete left[last];
  }
  return { first, rest };
}

export function localeParts(): Plugin {
  return {
    name: "locale-parts",
    enforce: "pre",
    load(id) {
      const m = PART.exec(id);
      if (!m) return null;
      const [, file, part] = m;
      this.addWatchFile(file);
      const parts = splitTexts(JSON.parse(fs.readFileSync(file, "utf8")) as Tree);
      const picked = part === "first-paint" ? parts.first : parts.rest;
      // JSON.parse of a string literal: parsed faster than the same object as code.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`, map: null };
    },
  };
}
