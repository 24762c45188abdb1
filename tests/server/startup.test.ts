// The server refuses to start with one clear line when its database cannot be used.
import { spawnSync } from "node:child_process";
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
