// @vitest-environment jsdom
// In the browser the portal's content security policy forbids eval: zod must parse without its
// `new Function` probe, or every page load reports a policy violation.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "../../src/domain/zod";

describe("zod in the browser", () => {
  it("runs without compiling parsers (no eval probe)", () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
