// SIGTERM: the server stops accepting, finishes what is in flight, closes the database, exits 0.
import { spawn } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const port = 18600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

describe("graceful shutdown", () => {
  it("answers the request in flight, then exits 0 on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-stop-"));
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SEED: "none", LOG_LEVEL: "silent" },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await waitForHealth(Date.now() + 20_000);
      // Half a body is sent, then the signal, then the rest: the request is surely in flight.
      // param at its limit (8000 characters): the body is sent in two halves around the signal.
      const body = "api=/slow&type=API_CALL_EXCEPTION&param=" + "x".repeat(8000);
      const reply = new Promise<string>((resolve, reject) => {
        const req = http.request(`${base}/api/event/send`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
        });
        req.on("response", (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve(text));
        });
        req.on("error", reject);
        req.write(body.slice(0, 4000));
        setTimeout(() => {
          child.kill("SIGTERM");
          setTimeout(() => req.end(body.slice(4000)), 300);
        }, 300);
      });
      expect(JSON.parse(await reply).ret).toBe(0);
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
