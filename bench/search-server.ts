// The server side of `npm run bench:search`, compiled as `npm start` runs it: a fresh SQLite
// database (or DATABASE_URL), the whole 60-day inventory generated as at first start (its time
// and memory reported), and the app configured as in production (every plugin, request logging
// at info to stdout) listening on a port of the benchmark range. Prints one line {"bench": …};
// the log lines around it are the server's own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { openDb, toCount } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { generateInventory } from "../server/inventory";
import { createAuthorize } from "../server/services/authorize";
import { DEFAULT_INVENTORY_SEED } from "../server/suppliers";

const port = Number(process.env.BENCH_PORT ?? 8210);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-search-"));
const url = process.env.DATABASE_URL;
const database = await openDb(url ? { databaseUrl: url, pgSchema: `bench_${process.pid}` } : { dataDir });
await migrateToLatest(database.db, database.schema);

const rss0 = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const report = await generateInventory(database.db, DEFAULT_INVENTORY_SEED);
const cpu = process.cpuUsage(cpu0);
const rssAfter = process.memoryUsage().rss;
const rows: Record<string, number> = {};
for (const table of ["air_flights", "train_seats", "hotel_nights", "hotels"] as const) {
  const r = await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  rows[table] = toCount(r?.n);
}

const app = await buildApp({
  db: database,
  nodeEnv: "production",
  logger: { level: "info" },
  authorize: createAuthorize(database.db),
  inventorySeed: DEFAULT_INVENTORY_SEED,
});
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(
  JSON.stringify({
    bench: {
      port,
      dialect: database.dialect,
      generation: { days: report.days, ms: report.ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000), rssMb: Math.round((rssAfter - rss0) / 1e6), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) },
      rows,
    },
  }) + "\n",
);

const stop = async () => {
  await app.close();
  await database.close();
  if (url) {
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "bench_${process.pid}" CASCADE`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
