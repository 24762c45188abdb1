// The server refuses to start with one clear line when its database cannot be used or its
// production configuration is unsafe, and starts a production database empty.
import { spawn, spawnSync } from "node:child_process";
import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function start(env: Record<string, string>) {
  const res = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", SEED: "none", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: res.status, stderr: res.stderr.trim() };
}

describe("start-up failures", () => {
  it("exits with one line when the data directory cannot be written", () => {
    // A path below a regular file can never be created, even by root.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-")), "not-a-dir");
    fs.writeFileSync(file, "x");
    const { code, stderr } = start({ DATA_DIR: path.join(file, "data"), DATABASE_URL: "" });
    expect(code).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("数据目录不可写");
  });

  it("exits with one line when DATABASE_URL cannot be reached", () => {
    const { code, stderr } = start({ DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" });
    expect(code).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("无法连接数据库");
    expect(stderr).not.toContain("secret");
  });
});

const PRODUCTION = {
  NODE_ENV: "production",
  SMS_PROVIDER: "log",
  PARTNER_SECRET_TIANHE: "tianhe-live-9f3a61c0d2b84e7a5c1f0d36e9",
  PARTNER_SECRET_WEILAN: "weilan-live-44be0e7a91c3d05f8b2a6e17d4",
  OPS_TOTP_KEY: "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a",
  DATABASE_URL: "",
  SEED: "",
};
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "portal-prod-"));
// Each case starts a real server process (TypeScript compiled on the fly): slow on a busy machine.
const SPAWN_TIMEOUT = 90_000;

describe("production start-up", () => {
  it("exits with one line while a partner secret is the demo one, unset or short", () => {
    const demo = start({ ...PRODUCTION, DATA_DIR: tempDir(), PARTNER_SECRET_TIANHE: "demo-secret-tianhe" });
    expect(demo.code).toBe(1);
    expect(demo.stderr.split("\n")).toHaveLength(1);
    expect(demo.stderr).toBe("启动失败：PARTNER_SECRET_TIANHE 仍是演示密钥，生产环境不能使用");
    const unset = start({ ...PRODUCTION, DATA_DIR: tempDir(), PARTNER_SECRET_WEILAN: "" });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toBe("启动失败：生产环境须设置合作方签名密钥 PARTNER_SECRET_WEILAN");
    const short = start({ ...PRODUCTION, DATA_DIR: tempDir(), PARTNER_SECRET_WEILAN: "1" });
    expect(short.code).toBe(1);
    expect(short.stderr).toBe("启动失败：PARTNER_SECRET_WEILAN 至少须有 32 个字符（生产环境的合作方签名密钥）");
  }, SPAWN_TIMEOUT);

  it("exits with one line without an SMS provider", () => {
    const { code, stderr } = start({ ...PRODUCTION, DATA_DIR: tempDir(), SMS_PROVIDER: "" });
    expect(code).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("生产环境须设置 SMS_PROVIDER=aliyun");
  }, SPAWN_TIMEOUT);

  it("exits with one line without the key of the operators' TOTP secrets", () => {
    const { code, stderr } = start({ ...PRODUCTION, DATA_DIR: tempDir(), OPS_TOTP_KEY: "" });
    expect(code).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("生产环境须设置 OPS_TOTP_KEY");
  }, SPAWN_TIMEOUT);

  it("starts on an empty database without seeding demo accounts", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...PRODUCTION, DATA_DIR: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const listening = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk.toString();
        if (output.includes("Server listening")) resolve();
      });
      child.stderr.on("data", (chunk) => (output += chunk.toString()));
      child.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    try {
      await listening;
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    const sqlite = new SQLite(path.join(dir, "portal.db"), { readonly: true });
    try {
      const n = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      expect(n("members")).toBe(0);
      expect(n("partners")).toBe(0);
    } finally {
      sqlite.close();
    }
  }, SPAWN_TIMEOUT);
});
