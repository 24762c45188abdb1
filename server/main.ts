// Reads the environment, opens and migrates the database, seeds demo data, listens.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { DatabaseUnavailable, openDb, toCount } from "./db";
import { migrateToLatest } from "./db/migrate";
import { seedDemo } from "./db/seed/demo";
import { createAuthorize } from "./services/authorize";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  const env = process.env;
  const nodeEnv = env.NODE_ENV ?? "development";
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? "0.0.0.0";
  const seed = env.SEED; // "demo" | "none" | unset (demo on a new database)
  if (!Number.isInteger(port) || port < 0 || port > 65535) fatal(`PORT 无效：${env.PORT}`);
  if (seed && seed !== "demo" && seed !== "none") fatal(`SEED 只能是 demo 或 none，而不是 ${seed}`);

  let database;
  try {
    database = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? path.join(root, "data") });
  } catch (e) {
    fatal(e instanceof DatabaseUnavailable ? e.message : `数据库启动失败：${(e as Error).message}`);
  }
  const { db } = database;
  try {
    await migrateToLatest(db);
    const members = await db.selectFrom("members").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
    if (seed === "demo" || (seed === undefined && toCount(members?.n) === 0)) await seedDemo(db);
  } catch (e) {
    await database.close().catch(() => {});
    fatal(`数据库迁移失败：${(e as Error).message}`);
  }

  const app = await buildApp({
    db: database,
    nodeEnv,
    staticDir: env.STATIC_DIR ?? path.join(root, "dist"),
    logger: { level: env.LOG_LEVEL ?? (nodeEnv === "production" ? "info" : "info") },
    authorize: createAuthorize(database.db),
    trustProxy: env.TRUST_PROXY === "1",
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (e) {
      app.log.error(e);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port, host });
  } catch (e) {
    await database.close().catch(() => {});
    fatal(`无法监听 ${host}:${port}：${(e as Error).message}`);
  }
}

function fatal(line: string): never {
  process.stderr.write(`启动失败：${line}\n`);
  process.exit(1);
}

void main();
