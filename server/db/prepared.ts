// Hot queries built and compiled once per database and shape, then run with fresh values: the
// query builder and its compiler cost about as much CPU as SQLite executing a short page. The
// build function receives placeholder values (p.name); each must reach the query as a value of
// its own (where x = p.name, limit(p.size)), never inside a larger string or as a name, and a
// build that breaks this fails on its first use. Parts that change the SQL text itself (sort
// column, direction, which filters apply) are the shape, compiled separately per shape key.
import type { CompiledQuery, Compilable, Kysely } from "kysely";
import type { Database } from "./schema";
import { readNowOf } from "./index";
import { RawJson } from "../services/http/raw-json";

const SLOT = "\u0000slot\u0000";

interface Entry {
  compiled: CompiledQuery;
  /** Per parameter: the value's name, or undefined for a constant the build put there. */
  slots: (string | undefined)[];
}

export interface PreparedQuery<P, S, R> {
  all(db: Kysely<Database>, params: P, shape: S): Promise<R[]>;
  first(db: Kysely<Database>, params: P, shape: S): Promise<R | undefined>;
  /**
   * The rows for a reply: on SQLite, when they can be read at once, as the JSON text SQLite
   * writes (a page's rows never become objects only to be written out again, half a short
   * list's CPU); otherwise the rows. Both reach the client as the same JSON. Only for queries
   * whose columns have distinct names and hold no REAL values (see CachedSqlite.readJsonNow).
   */
  reply(db: Kysely<Database>, params: P, shape: S): Promise<R[] | RawJson>;
}

const placeholders = new Proxy({}, { get: (_t, key) => SLOT + String(key) });

export function prepareQuery<P extends Record<string, unknown>, R, S = undefined>(
  build: (db: Kysely<Database>, p: P, shape: S) => Compilable<R>,
  keyOf: (shape: S) => string = () => "",
): PreparedQuery<P, S, R> {
  const byDb = new WeakMap<Kysely<Database>, Map<string, Entry>>();

  const entryFor = (db: Kysely<Database>, shape: S): Entry => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    const key = keyOf(shape);
    let entry = shapes.get(key);
    if (!entry) {
      const compiled = build(db, placeholders as P, shape).compile();
      if (compiled.sql.includes(SLOT)) throw new Error("prepareQuery: a placeholder became part of the SQL text");
      const slots = compiled.parameters.map((v) => {
        if (typeof v !== "string" || !v.includes(SLOT)) return undefined;
        if (!v.startsWith(SLOT)) throw new Error("prepareQuery: a placeholder was changed before reaching the query");
        return v.slice(SLOT.length);
      });
      entry = { compiled, slots };
      shapes.set(key, entry);
    }
    return entry;
  };

  const parametersOf = ({ compiled, slots }: Entry, params: P) =>
    compiled.parameters.map((v, i) => {
      const name = slots[i];
      return name === undefined ? v : params[name];
    });

  const run = async (db: Kysely<Database>, params: P, shape: S): Promise<R[]> => {
    const entry = entryFor(db, shape);
    const { compiled } = entry;
    const parameters = parametersOf(entry, params);
    // On SQLite a read runs at once when nothing holds the connection, without queueing behind
    // Kysely's connection lock (a few promises per query, a tenth of a short list's CPU).
    const rows = readNowOf(db)?.readNow(compiled.sql, parameters);
    if (rows) return rows as R[];
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows as R[];
  };

  return {
    all: run,
    first: async (db, params, shape) => (await run(db, params, shape))[0],
    reply: async (db, params, shape) => {
      const entry = entryFor(db, shape);
      const text = readNowOf(db)?.readJsonNow(entry.compiled.sql, parametersOf(entry, params));
      return text === undefined ? run(db, params, shape) : new RawJson(text);
    },
  };
}
