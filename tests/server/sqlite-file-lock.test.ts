// The server's SQLite connection keeps its file locked for itself (no lock system calls around
// each statement), and the ids of a kept order put a page's rows back in that order.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../server/db";
import { migrateToLatest } from "../../server/db/migrate";
import { inIdOrder } from "../../server/db/in-id-order";

let dir: string;
let database: Db | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite file", () => {
  it("is the server's alone while it runs, and free again once it stops", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
    database = await openDb({ dataDir: dir });
    await migrateToLatest(database.db);
    expect(await database.db.selectFrom("members").select("id").execute()).toEqual([]);
    // No shared-memory index beside the file: the write-ahead index lives in the server.
    expect(fs.existsSync(path.join(dir, "portal.db-shm"))).toBe(false);

    const other = new SQLite(path.join(dir, "portal.db"), { timeout: 50 });
    try {
      expect(() => other.prepare("select count(*) from members").get()).toThrow(/locked/);
    } finally {
      other.close();
    }

    await database.close();
    database = undefined;
    const after = new SQLite(path.join(dir, "portal.db"), { readonly: true });
    try {
      expect(after.prepare("select count(*) as n from members").get()).toEqual({ n: 0 });
    } finally {
      after.close();
    }
  });
});

describe("inIdOrder", () => {
  it("orders rows as their ids and skips ids without a row", () => {
    const rows = [{ id: 3, n: "c" }, { id: 1, n: "a" }, { id: 7, n: "g" }];
    expect(inIdOrder([7, 5, 3, 1], rows)).toEqual([{ id: 7, n: "g" }, { id: 3, n: "c" }, { id: 1, n: "a" }]);
    expect(inIdOrder([], rows)).toEqual([]);
  });
});
