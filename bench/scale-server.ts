// Child process of bench/scale.ts and bench/api.ts: the real app over an already seeded SQLite
// file, configured as `npm start` configures it in production (every plugin, request logging at
// info to stdout), compiled as `npm start` runs it. Prints one line {"bench": …} with the port and a session token
// per member phone given in BENCH_PHONES; the log lines around it are the server's own.
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { createSession } from "../server/services/accounts/sessions";
import { createAuthorize } from "../server/services/authorize";

const database = await openDb({ dataDir: process.env.BENCH_DATA_DIR! });
const tokens: Record<string, string> = {};
for (const phone of (process.env.BENCH_PHONES ?? "").split(",").filter(Boolean)) {
  const member = await database.db.selectFrom("members").select("id").where("mobilePhone", "=", phone).executeTakeFirstOrThrow();
  tokens[phone] = await createSession(database.db, member.id);
}
const app = await buildApp({ db: database, nodeEnv: "production", logger: { level: "info" }, authorize: createAuthorize(database.db) });
await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
process.stdout.write(JSON.stringify({ bench: { port, tokens } }) + "\n");

process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
