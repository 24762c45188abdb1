// Serves a locale JSON file in two parts: `file.json?first-paint` has the groups listed in
// src/locales/first-paint.ts, `file.json?rest` all the others. The file itself stays whole, the
// one place texts are added.
import fs from "node:fs";
import type { Plugin } from "vite";
import { FIRST_PAINT_GROUPS } from "../src/locales/first-paint";

const PART = /^(.*\.json)\?(first-paint|rest)$/;

export function localeParts(): Plugin {
  const first = new Set<string>(FIRST_PAINT_GROUPS);
  return {
    name: "locale-parts",
    enforce: "pre",
    load(id) {
      const m = PART.exec(id);
      if (!m) return null;
      const [, file, part] = m;
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      const picked = Object.fromEntries(Object.entries(all).filter(([group]) => first.has(group) === (part === "first-paint")));
      // JSON.parse of a string literal: parsed faster than the same object as code.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`, map: null };
    },
  };
}
