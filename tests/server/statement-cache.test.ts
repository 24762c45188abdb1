// The SQLite statement cache hands Kysely rows built from arrays; they must be the objects the
// driver itself makes, including after a table changes.
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { unboundPage, withStatementCache } from "../../server/db/statement-cache";

let sqlite: SQLite.Database;
afterEach(() => sqlite?.close());

function open() {
  sqlite = new SQLite(":memory:");
  sqlite.exec(`create table t (id integer primary key, name text, price integer, note text);
    insert into t (name, price, note) values ('北京', 12300, null), ('上海', 0, 'x"y');`);
  return withStatementCache(sqlite);
}

describe("statement cache rows", () => {
  it("are the driver's own objects: column order, nulls, repeated names, odd names", () => {
    const db = open();
    const text = `select id, name, price as "__proto__", note, price as name, count(*) over () as "count(*)" from t order by id`;
    const ours = db.prepare(text).all([]) as Record<string, unknown>[];
    const theirs = sqlite.prepare(text).all() as Record<string, unknown>[];
    expect(ours).toEqual(theirs);
    expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)));
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
    // Asked again, the cached statement answers the same.
    expect(db.prepare(text).all([])).toEqual(theirs);
    expect([...db.prepare(text).iterate([])]).toEqual(theirs);
  });

  it("binds parameters and runs writes as before", () => {
    const db = open();
    const result = db.prepare(`insert into t (name, price) values (?, ?)`).run(["广州", 5]);
    expect(result.changes).toBe(1);
    expect(db.prepare(`select name, price from t where id = ?`).all([Number(result.lastInsertRowid)])).toEqual([{ name: "广州", price: 5 }]);
    expect(db.prepare(`insert into t (name) values (?) returning id, name`).all(["深圳"])).toEqual([{ id: 4, name: "深圳" }]);
  });

  it("reads a column added after the statement was first cached", () => {
    const db = open();
    const text = `select * from t where id = ?`;
    expect(Object.keys(db.prepare(text).all([1])[0] as object)).toEqual(["id", "name", "price", "note"]);
    db.prepare(`alter table t add column city text default '010'`).run([]);
    expect(db.prepare(text).all([1])).toEqual([{ id: 1, name: "北京", price: 12300, note: null, city: "010" }]);
  });

  it("pages with a bound limit and offset the planner does not read, with the same rows", () => {
    const db = open();
    db.prepare(`with recursive n(v) as (select 1 union all select v + 1 from n where v < 40) insert into t (name, price) select 'c' || v, v from n`).run([]);
    const text = `select id from t where id in (select id from t order by id limit ? offset ?) order by id desc limit ? offset ?`;
    expect(unboundPage(text)).toBe(`select id from t where id in (select id from t order by id limit ? + 0 offset ? + 0) order by id desc limit ? + 0 offset ? + 0`);
    // Run again with other pages: the cached statement answers each page as the driver does.
    for (const page of [[10, 0, 3, 0], [10, 5, 3, 2], [20, 20, 50, 1]]) {
      expect(db.prepare(text).all(page)).toEqual(sqlite.prepare(text).all(...page));
    }
    expect(unboundPage(`select "limit ?" from t limit 1`)).toBe(`select "limit ?" from t limit 1`);
  });
});
