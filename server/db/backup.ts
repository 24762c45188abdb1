// Backups and restores of the portal's database.
// SQLite: the running server keeps its file locked for itself, so another process cannot read it;
// the server takes the copy (SQLite's online backup, a consistent snapshot taken in steps while
// requests go on) when `npm run backup` asks it through a request file and SIGUSR2. With the
// server stopped the script copies the file itself. A restore needs the server stopped: the file
// it replaces is kept beside it.
// PostgreSQL: pg_dump's custom format, and pg_restore into the database the URL names.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";

const run = promisify(execFile);

export const SQLITE_FILE = "portal.db";
export const REQUEST_FILE = "backup-request.json";
const replyFile = (id: string) => `backup-reply-${id}.json`;

/** How long the script waits for a running server to write the copy. */
const SERVER_BACKUP_TIMEOUT_MS = 10 * 60_000;

export const stamp = (at = new Date()) => at.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");

/**
 * The file opened for reading, or null when a running server holds it (its connection keeps the
 * file locked, so the first read is refused at once).
 */
function openUnlessHeld(file: string): SQLite.Database | null {
  const db = new SQLite(file, { readonly: true, fileMustExist: true, timeout: 0 });
  try {
    db.prepare("select count(*) from sqlite_master").get();
    return db;
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code?.startsWith("SQLITE_BUSY")) return null;
    throw e;
  }
}

/** A copy of a SQLite database through SQLite's online backup; the copy is checked before it counts. */
export async function copySqlite(source: SQLite.Database, dest: string): Promise<void> {
  const partial = `${dest}.partial`;
  fs.rmSync(partial, { force: true });
  await source.backup(partial);
  checkSqlite(partial);
  fs.renameSync(partial, dest);
}

/** Throws unless the file is a whole SQLite database of the portal (integrity check, migrations table). */
export function checkSqlite(file: string): void {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`备份文件已损坏：${String(result)}`);
    copy.prepare("select count(*) from kysely_migration").get();
  } finally {
    copy.close();
  }
}

/**
 * `npm run backup` on SQLite: the copy into `dest`, by the running server when one holds the file,
 * else directly. Answers who took it.
 */
export async function backupSqlite(dataDir: string, dest: string): Promise<"server" | "file"> {
  const file = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(file)) throw new Error(`没有数据库文件：${file}`);
  const source = openUnlessHeld(file);
  if (!source) {
    await askServer(dataDir, dest);
    return "server";
  }
  try {
    await copySqlite(source, dest);
  } finally {
    source.close();
  }
  return "file";
}

async function askServer(dataDir: string, dest: string): Promise<void> {
  const id = crypto.randomBytes(8).toString("hex");
  const reply = path.join(dataDir, replyFile(id));
  // Written whole under another name first: the server never reads half a request.
  const request = path.join(dataDir, REQUEST_FILE);
  fs.writeFileSync(`${request}.${id}`, JSON.stringify({ id, dest: path.resolve(dest) }));
  fs.renameSync(`${request}.${id}`, request);
  const deadline = Date.now() + SERVER_BACKUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(reply)) {
      const answer = JSON.parse(fs.readFileSync(reply, "utf8")) as { ok: boolean; error?: string };
      fs.rmSync(reply, { force: true });
      if (!answer.ok) throw new Error(`服务器备份失败：${answer.error}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  fs.rmSync(request, { force: true });
  throw new Error("数据库文件被占用，但没有服务器响应备份请求（等待超时）");
}

/**
 * The server's side: when the request file appears it writes the copy with its own connection,
 * then a reply file the script waits for. Answers what it did, for the log.
 */
export async function answerBackupRequest(dataDir: string, backupTo: (dest: string) => Promise<void>): Promise<{ dest: string } | null> {
  const requestPath = path.join(dataDir, REQUEST_FILE);
  let request: { id: string; dest: string };
  try {
    request = JSON.parse(fs.readFileSync(requestPath, "utf8")) as { id: string; dest: string };
    fs.rmSync(requestPath, { force: true });
  } catch {
    return null; // gone already (another event for the same file) or not a request
  }
  if (typeof request.id !== "string" || !/^[0-9a-f]{16}$/.test(request.id) || typeof request.dest !== "string") return null;
  try {
    await backupTo(request.dest);
    fs.writeFileSync(path.join(dataDir, replyFile(request.id)), JSON.stringify({ ok: true }));
  } catch (e) {
    fs.writeFileSync(path.join(dataDir, replyFile(request.id)), JSON.stringify({ ok: false, error: (e as Error).message }));
  }
  return { dest: request.dest };
}

/** Answers the backup requests left in the data directory while the server runs. */
export function watchBackupRequests(dataDir: string, backupTo: (dest: string) => Promise<void>, log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }) {
  let busy = false;
  const answer = () => {
    if (busy) return;
    busy = true;
    answerBackupRequest(dataDir, backupTo)
      .then((done) => done && log.info({ dest: done.dest }, "backup written"))
      .catch((err: unknown) => log.error({ err }, "backup failed"))
      .finally(() => {
        busy = false;
        // A request that came while this one was written waits for no further event.
        if (fs.existsSync(path.join(dataDir, REQUEST_FILE))) answer();
      });
  };
  const watcher = fs.watch(dataDir, (_event, name) => name === REQUEST_FILE && answer());
  watcher.unref();
  return watcher;
}

/** `npm run restore` on SQLite: refuses while a server holds the file; keeps the replaced file beside it. */
export function restoreSqlite(dataDir: string, backup: string): { kept: string | null } {
  checkSqlite(backup);
  const file = path.join(dataDir, SQLITE_FILE);
  if (fs.existsSync(file)) {
    const current = openUnlessHeld(file);
    if (!current) throw new Error("数据库文件正被服务器使用：请先停止服务器再恢复");
    current.close();
  }
  fs.mkdirSync(dataDir, { recursive: true });
  let kept: string | null = null;
  if (fs.existsSync(file)) {
    kept = `${file}.before-restore-${stamp()}`;
    fs.renameSync(file, kept);
    for (const side of ["-wal", "-shm"]) if (fs.existsSync(file + side)) fs.renameSync(file + side, kept + side);
  }
  fs.copyFileSync(backup, `${file}.partial`);
  fs.renameSync(`${file}.partial`, file);
  return { kept };
}

/** `npm run backup` on PostgreSQL: pg_dump's custom format (one schema when given). */
export async function backupPostgres(url: string, dest: string, schema?: string): Promise<void> {
  await run("pg_dump", ["--format=custom", "--no-owner", ...(schema ? [`--schema=${schema}`] : []), `--file=${dest}.partial`, url]);
  fs.renameSync(`${dest}.partial`, dest);
}

/** `npm run restore` on PostgreSQL: replaces what the dump holds in the database the URL names. */
export async function restorePostgres(url: string, backup: string): Promise<void> {
  await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--exit-on-error", `--dbname=${url}`, backup]);
}
