// Reads the environment, opens and migrates the database, seeds demo data, listens.
import { chooseIssuer } from "./einvoices/issuer";
import { createSmtpMailer } from "./einvoices/mail";
import http from "node:http";
import path from "node:path";
import type { Registry } from "prom-client";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { DatabaseUnavailable, openDb, toCount } from "./db";
import { migrateToLatest } from "./db/migrate";
import { openReplica, type ReplicaReads } from "./db/replica";
import { watchBackupRequests } from "./db/backup";
import { seedDemo } from "./db/seed/demo";
import { seedDemoHistory } from "./db/seed/history";
import { seedDemoOperators } from "./ops/demo";
import { sealClearTotpSecrets } from "./ops/seal-secrets";
import { createTotpVault, TotpVaultError } from "./ops/totp-vault";
import { applyPartnerSecrets } from "./db/seed/partners";
import { createAuthorize } from "./services/authorize";
import { generateInventory } from "./inventory";
import { DEFAULT_INVENTORY_SEED } from "./suppliers";
import { smsChannel } from "./notifications/channels";
import { createEmailChannel } from "./notifications/email";
import { createRobotChannel } from "./notifications/robots";
import { ConfigError, createSmsProvider, readStartConfig, shouldSeed, type StartConfig } from "./config";
import { createGateways } from "./payments/gateways";

/** How long after listening the inventory generation starts. */
const INVENTORY_WARM_DELAY_MS = 3_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  const env = process.env;
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? "0.0.0.0";
  if (!Number.isInteger(port) || port < 0 || port > 65535) fatal(`PORT 无效：${env.PORT}`);
  let config: StartConfig;
  try {
    config = readStartConfig(env);
  } catch (e) {
    fatal(e instanceof ConfigError ? e.message : `配置无效：${(e as Error).message}`);
  }
  const { nodeEnv } = config;

  let database;
  try {
    database = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? path.join(root, "data") });
  } catch (e) {
    fatal(e instanceof DatabaseUnavailable ? e.message : `数据库启动失败：${(e as Error).message}`);
  }
  const { db } = database;
  const inventorySeed = env.INVENTORY_SEED || DEFAULT_INVENTORY_SEED;
  const totpVault = createTotpVault(config.opsTotpKey);
  let totpSealed = 0;
  try {
    await migrateToLatest(db);
    const members = await db.selectFrom("members").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
    if (shouldSeed(config, toCount(members?.n) === 0)) await seedDemo(db);
    // The demo company's past orders are booked through the real services: only when asked.
    if (config.seed === "demo") await seedDemoHistory(db, inventorySeed);
    // Demo operators (a known TOTP secret) never exist in production: there the first
    // administrator is made by `npm run ops:create-admin`.
    if (config.seed === "demo" && !config.production) await seedDemoOperators(db, totpVault);
    totpSealed = (await sealClearTotpSecrets(db, totpVault)).sealed;
    await applyPartnerSecrets(db, env);
  } catch (e) {
    await database.close().catch(() => {});
    if (e instanceof TotpVaultError) fatal("OPS_TOTP_KEY 打不开数据库中已加密的运营人员动态验证码密钥（密钥被更换或设错？请用加密时的密钥）");
    fatal(`数据库迁移失败：${(e as Error).message}`);
  }

  // Reads that tolerate a second of lag may go to a streaming replica (PostgreSQL only). It need
  // not be up at start: it is used once its health check finds it answering and current.
  let replica: ReplicaReads | undefined;
  if (env.DATABASE_REPLICA_URL && database.dialect === "postgres") {
    replica = await openReplica({ url: env.DATABASE_REPLICA_URL, primary: db });
  }

  const app = await buildApp({
    db: database,
    replica,
    nodeEnv,
    staticDir: env.STATIC_DIR ?? path.join(root, "dist"),
    logger: { level: env.LOG_LEVEL ?? (nodeEnv === "production" ? "info" : "info") },
    authorize: createAuthorize(database.db),
    trustProxy: env.TRUST_PROXY === "1",
    inventorySeed,
    partnerOrigins: config.partnerOrigins,
    paySandboxSecret: config.paySandboxSecret,
    payGateways: await createGateways(config.payGateways),
    einvoiceIssuer: chooseIssuer(config.einvoice),
    // Production sends documents only through SMTP; elsewhere without it, the development outbox.
    ...(config.smtp ? { einvoiceMailer: createSmtpMailer(config.smtp) } : {}),
    settlementOperatorKey: env.SETTLEMENT_OPERATOR_KEY || null,
    paymentWindowMinutes: config.paymentWindowMinutes,
    jobLockMs: config.jobLockMs,
    opsTotpKey: config.opsTotpKey,
    apiDocs: config.apiDocs,
    redisUrl: env.REDIS_URL || null,
    metrics: Boolean(env.METRICS_PORT),
    noticeChannels: [smsChannel, ...(config.smtp ? [createEmailChannel(config.smtp)] : []), createRobotChannel()],
  });
  app.instance.sms = createSmsProvider(config.sms, app.log);
  // The operator's partner-site and brand settings are in force before the first request.
  try {
    await app.sites.refresh();
  } catch (e) {
    await database.close().catch(() => {});
    fatal(`站点配置读取失败：${(e as Error).message}`);
  }
  app.log.info({ smsProvider: config.sms.name }, "SMS provider chosen");
  if (env.DATABASE_REPLICA_URL && !replica) app.log.warn("DATABASE_REPLICA_URL ignored: a replica is used with PostgreSQL only");
  app.log.info({ paymentWindowMinutes: config.paymentWindowMinutes }, "payment window");
  if (totpSealed) app.log.info({ operators: totpSealed }, "operators' TOTP secrets found in clear were encrypted");
  app.log.info({ alipay: config.payGateways.alipay ? "gateway" : config.paySandboxSecret ? "sandbox" : "off", wechat: config.payGateways.wechat ? "gateway" : config.paySandboxSecret ? "sandbox" : "off" }, "QR payment gateways chosen");

  // The sales window's flights, trains and hotel nights are generated in the background shortly
  // after the server listens (loading the reference data is a burst of synchronous work the
  // first requests should not wait behind); a search before then generates what it touches, the
  // same rows. Days already there are kept, so a restart only adds the days new to the window.
  let stopInventory = false;
  let inventory: Promise<void> = Promise.resolve();
  const warmInventory = () => {
    inventory = generateInventory(db, inventorySeed, undefined, () => stopInventory)
      .then((r) => app.log.info({ days: r.days, ms: r.ms, complete: r.complete }, "inventory ready"))
      .catch((e) => app.log.error({ err: e }, "inventory generation failed"));
  };
  const warmTimer = setTimeout(warmInventory, INVENTORY_WARM_DELAY_MS);
  warmTimer.unref();

  // Prometheus reads the metrics on a port of their own, loopback unless METRICS_HOST says otherwise:
  // they are for the operators' monitoring, not for the portal's users.
  const metricsServer = app.metrics ? await serveMetrics(app.metrics, Number(env.METRICS_PORT), env.METRICS_HOST ?? "127.0.0.1") : null;

  // `npm run backup` asks the server holding the SQLite file for a copy by leaving a request there.
  const dataDir = env.DATA_DIR ?? path.join(root, "data");
  const backupWatch = database.backupTo ? watchBackupRequests(dataDir, database.backupTo, app.log) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopInventory = true;
      clearTimeout(warmTimer);
      backupWatch?.close();
      metricsServer?.close();
      await app.close(); // stops accepting, waits for in-flight requests
      await inventory;
      await replica?.close();
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
    await replica?.close().catch(() => {});
    await database.close().catch(() => {});
    fatal(`无法监听 ${host}:${port}：${(e as Error).message}`);
  }
  // Timed steps (approval deadlines, fare expiry) run from here on; app.close() stops them.
  app.jobs.start();
  app.notices.start();
  // Settings saved by another process come into force here within a few seconds.
  app.sites.start();
}

async function serveMetrics(registry: Registry, port: number, host: string): Promise<http.Server> {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) fatal(`METRICS_PORT 无效：${port}`);
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/metrics") return void res.writeHead(404).end();
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, resolve)).catch((e: Error) => fatal(`无法监听指标端口 ${host}:${port}：${e.message}`));
  return server;
}

function fatal(line: string): never {
  process.stderr.write(`启动失败：${line}\n`);
  process.exit(1);
}

void main();
