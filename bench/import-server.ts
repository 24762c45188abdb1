// Child process of bench/import.ts: the real app over an already seeded database file, compiled
// as `npm start` runs it, with one route of its own for the bench: the event loop's longest
// delay since it was last asked (perf_hooks), which the production server does not expose.
// Prints one JSON line with the port and a session token of the company administrator.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { z } from "zod";
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { createSession } from "../server/services/accounts/sessions";
import { createAuthorize } from "../server/services/authorize";
import { defineRoute } from "../server/services/http/route";

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const loopRoute = defineRoute({
  method: "POST",
  url: "/bench/event-loop",
  summary: "bench only: the event loop's delays since the last call (ms), then reset",
  tags: ["system"],
  access: "public",
  input: z.object({}).passthrough(),
  handler: async () => {
    const figures = { maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 };
    loop.reset();
    return figures;
  },
});

const dataDir = process.env.BENCH_DATA_DIR!;
const database = await openDb(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, pgSchema: process.env.BENCH_PG_SCHEMA } : { dataDir });
const admin = await database.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
const token = await createSession(database.db, admin.id);
const app = await buildApp({ db: database, nodeEnv: "production", authorize: createAuthorize(database.db), routes: [loopRoute] });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
process.stdout.write(JSON.stringify({ port, token }) + "\n");

process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
