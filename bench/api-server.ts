// Child process of bench/api.ts: the real app over 100k stored exception events. Prints one JSON
// line with its port and a member's token.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/demo";
import { createSession } from "../server/services/accounts/sessions";
import { rebuildEventTotals } from "../server/routes/events";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
const database = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
await migrateToLatest(database.db);
await seedDemo(database.db);
const member = await database.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000010").executeTakeFirstOrThrow();

const types = ["API_BUSINESS_EXCEPTION", "API_CALL_EXCEPTION", "API_TIMEOUT_EXCEPTION"];
const start = Date.now() - ROWS * 1000;
for (let i = 0; i < ROWS; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, ROWS - i) }, (_, j) => {
    const n = i + j;
    return {
      memberId: n % 10 === 0 ? null : member.id,
      api: `/api/v1/trip_manager/list/${n % 50}`,
      type: types[n % 3],
      httpCode: 200,
      ret: "500",
      param: '{"pageNum":"1"}',
      response: '{"ret":500,"msg":"服务器繁忙"}',
      costTime: n % 3000,
      device: "web",
      appVer: "1.0.0",
      userAgent: "bench",
      createTime: new Date(start + n * 1000).toISOString(),
    };
  });
  await database.db.insertInto("exception_events").values(batch).execute();
}
await rebuildEventTotals(database.db);
const token = await createSession(database.db, member.id);

const app = await buildApp({ db: database, nodeEnv: "production" });
await app.listen({ port: 0, host: "127.0.0.1" });

const portOf = (a: { server: { address(): unknown } }) => (a.server.address() as { port: number }).port;
process.stdout.write(JSON.stringify({ appPort: portOf(app), token, rows: ROWS, dialect: database.dialect }) + "\n");

process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
