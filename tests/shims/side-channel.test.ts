// The browser build's side-channel stand-in must behave as the package does for the query-string
// library: objects and primitives as keys, has/get/set/delete, assert throwing for a missing key.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type Channel = { assert(k: unknown): void; delete(k: unknown): boolean; get(k: unknown): unknown; has(k: unknown): boolean; set(k: unknown, v: unknown): void };
const shim = require("../../src/shims/side-channel.cjs") as () => Channel;
const real = require("side-channel") as () => Channel;

describe("side-channel stand-in", () => {
  for (const [name, make] of [["stand-in", shim], ["package", real]] as const) {
    it(`${name}: keeps values by object and by primitive key, apart per channel`, () => {
      const a = make();
      const b = make();
      const key = {};
      expect(a.has(key)).toBe(false);
      expect(a.get(key)).toBeUndefined();
      a.set(key, 1);
      a.set("k", 2);
      expect([a.has(key), a.get(key), a.get("k"), b.has(key)]).toEqual([true, 1, 2, false]);
      expect(() => a.assert(key)).not.toThrow();
      expect(() => b.assert(key)).toThrow(TypeError);
      expect(a.delete(key)).toBe(true);
      expect(a.has(key)).toBe(false);
      expect(a.delete(key)).toBe(false);
    });
  }
});
