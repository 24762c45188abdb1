// One Kysely instance per process: SQLite (embedded default) or PostgreSQL (DATABASE_URL).
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { withStatementCache, type CachedSqlite } from "./statement-cache";
import { watchWrites, type WriteWatch } from "./write-watch";
import { SchemaPostgresDialect } from "./schema-introspector";
import { copySqlite } from "./backup";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema this connection works in, when one was asked for. */
  schema?: string;
  /** PostgreSQL: the connection pool's use, for the metrics. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** A SQLite file's online copy, taken with this connection (which keeps the file locked for itself). */
  backupTo?: (dest: string) => Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** SQLite file name inside dataDir; ":memory:" for an in-memory database. */
  fileName?: string;
  /** PostgreSQL schema to use (tests run each file in its own fresh schema). */
  pgSchema?: string;
}

/**
 * Tables whose rows the session cache copies: the session and its member, and the employee and
 * trip level rows the member's access facts are read from (kept with the cached member, see
 * authorize.ts). Any write to them reaches its watch.
 */
const SESSION_TABLES = ["members", "sessions", "employees", "trip_levels"] as const;
const sessionWatches = new WeakMap<Kysely<Database>, WriteWatch>();

/** The watch over writes to the session cache's tables of a database opened here (none for others). */
export function sessionWatchOf(db: Kysely<Database>): WriteWatch | undefined {
  return sessionWatches.get(db);
}

/** Tables of seat and room counts: searches on SQLite keep what they read until one is written. */
const INVENTORY_TABLES = ["air_flights", "air_class_seats", "train_seats", "hotel_nights"] as const;
const inventoryWatches = new WeakMap<Kysely<Database>, WriteWatch>();

/**
 * The watch over writes to the inventory counts of a SQLite database opened here. None for
 * PostgreSQL, where other server processes write the same counts unseen by this one: searches
 * there read them every time.
 */
export function inventoryWatchOf(db: Kysely<Database>): WriteWatch | undefined {
  return inventoryWatches.get(db);
}

/** Tables whose order the people lists keep on SQLite (see staff and traveller lists). */
const PEOPLE_TABLES = ["travellers", "employees"] as const;
const peopleWatches = new WeakMap<Kysely<Database>, WriteWatch>();

/** The watch over writes to travellers and employees of a SQLite database opened here (none for PostgreSQL). */
export function peopleWatchOf(db: Kysely<Database>): WriteWatch | undefined {
  return peopleWatches.get(db);
}

function watched(dialect: SqliteDialect | PostgresDialect): Kysely<Database> {
  const sessions = watchWrites(dialect, SESSION_TABLES);
  const sqlite = dialect instanceof SqliteDialect;
  const inventory = sqlite ? watchWrites(sessions.dialect, INVENTORY_TABLES) : null;
  const people = inventory ? watchWrites(inventory.dialect, PEOPLE_TABLES) : null;
  const db = new Kysely<Database>({ dialect: people?.dialect ?? sessions.dialect });
  sessionWatches.set(db, sessions.watch);
  if (inventory) inventoryWatches.set(db, inventory.watch);
  if (people) peopleWatches.set(db, people.watch);
  return db;
}

/** Runs reads at once on a SQLite connection when nothing holds it (see CachedSqlite). */
export type ReadNow = Pick<CachedSqlite, "readNow" | "readJsonNow">;
const readers = new WeakMap<Kysely<Database>, ReadNow>();

/** The immediate reader of a SQLite database opened here (none for PostgreSQL or a transaction). */
export function readNowOf(db: Kysely<Database>): ReadNow | undefined {
  return readers.get(db);
}

/** Raised for a database that cannot be opened; main.ts prints its message as one line. */
export class DatabaseUnavailable extends Error {}

export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.pgSchema);
  return openSqlite(opts.dataDir ?? "./data", opts.fileName ?? "portal.db");
}

function openSqlite(dataDir: string, fileName: string): Db {
  let file = fileName;
  if (fileName !== ":memory:") {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.accessSync(dataDir, fs.constants.W_OK);
    } catch {
      throw new DatabaseUnavailable(`数据目录不可写：${path.resolve(dataDir)}（请检查 DATA_DIR 及其权限）`);
    }
    file = path.join(dataDir, fileName);
  }
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
    // The server is the file's only user, so its connection keeps the file locked instead of
    // taking and dropping the locks (a few system calls) around every statement: a third of a
    // short read's cost. Set before WAL starts, the write-ahead index then lives in this process
    // and no shared-memory file is used. Another process opening the file meanwhile is refused.
    // A restarting predecessor (the dev server's watch) gets 5 s to let go of the file.
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("locking_mode = EXCLUSIVE");
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
  } catch (e) {
    throw new DatabaseUnavailable(`无法打开数据库文件 ${file}：${(e as Error).message}`);
  }
  const cached = withStatementCache(sqlite);
  const db = watched(new SqliteDialect({ database: cached }));
  readers.set(db, cached);
  const backupTo = file === ":memory:" ? undefined : (dest: string) => copySqlite(sqlite, dest);
  return { db, dialect: "sqlite", backupTo, close: () => db.destroy() };
}

async function openPostgres(url: string, schema?: string): Promise<Db> {
  // The driver is loaded only for PostgreSQL: a server on its SQLite file never needs it.
  const { default: pg } = await import("pg");
  // pg returns int8/numeric as strings; counts and ids are small enough for JS numbers.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // Each connection works inside the requested schema (tests isolate runs this way).
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection the database ends (a restart, an administrator's terminate) must cost only the
  // request using it an error, never the process: pg reports it as an event, on the pool for an
  // idle connection and on the connection itself for one in use, and an unheard event kills Node.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    const client = await pool.connect();
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, "")}"`);
    client.release();
  } catch (e) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailable(`无法连接数据库 ${redactUrl(url)}：${(e as Error).message}`);
  }
  const db = watched(schema ? new SchemaPostgresDialect({ pool }, schema) : new PostgresDialect({ pool }));
  const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, dialect: "postgres", schema, poolUse, close: () => db.destroy() };
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

/** count(*) comes back as a number from SQLite and (before the parser above) a string from pg. */
export function toCount(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : (value as number);
  return Number.isFinite(n) ? n : 0;
}

export { sql };
