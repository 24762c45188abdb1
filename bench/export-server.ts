// Child process of bench/export.ts: the real app over an already seeded database file, so the
// process's peak memory is the server's own (no seeding in it). Prints one JSON line with the
// port and a session token of the company administrator.
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { createSession } from "../server/services/accounts/sessions";
import { createAuthorize } from "../server/services/authorize";

const dataDir = process.env.BENCH_DATA_DIR!;
const database = await openDb({ dataDir });
const admin = await database.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
const token = await createSession(database.db, admin.id);
const app = await buildApp({ db: database, nodeEnv: "production", authorize: createAuthorize(database.db) });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
process.stdout.write(JSON.stringify({ port, token }) + "\n");

process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
