// Security headers on the portal and the API: the content security policy the built portal
// needs (and nothing looser), framing by the configured partners only, nosniff, referrer policy.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";

let h: Harness;
let staticDir: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-headers-"));
  fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>商旅门户</title>");
  fs.mkdirSync(path.join(staticDir, "assets"));
  fs.writeFileSync(path.join(staticDir, "assets", "app-abc.js"), "console.log(1)");
  h = await startHarness({ staticDir, partnerOrigins: ["https://th.example.com", "https://wl.example.cn:8443"] });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function directives(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? "").split(";").map((s) => s.trim()).filter(Boolean)) {
    const [name, ...values] = part.split(/\s+/);
    out[name] = values;
  }
  return out;
}

describe("security headers", () => {
  for (const url of ["/", "/view/login.shtml", "/assets/app-abc.js", "/api/health", "/api/no-such-call"]) {
    it(`${url} carries the portal's content security policy`, async () => {
      const res = await h.app.inject({ method: "GET", url });
      const csp = directives(res.headers["content-security-policy"]);
      expect(csp).toEqual({
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-src": ["'self'", "blob:"],
        "frame-ancestors": ["'self'", "https://th.example.com", "https://wl.example.cn:8443"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
      });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // Framing is decided by frame-ancestors; X-Frame-Options could not name the partners.
      expect(res.headers["x-frame-options"]).toBeUndefined();
    });
  }

  it("frames only from the portal itself when no partner origin is configured", async () => {
    const plain = await startHarness({ seed: false });
    try {
      const res = await plain.app.inject({ method: "GET", url: "/api/health" });
      expect(directives(res.headers["content-security-policy"])["frame-ancestors"]).toEqual(["'self'"]);
    } finally {
      await plain.close();
    }
  });
});
