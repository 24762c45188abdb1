// buildApp(config): the whole API server without listen(), so tests drive it with inject().
import { callerLang, registerCallerLanguage } from "./services/i18n/caller-lang";
import { said, textIn } from "./services/i18n/text";
import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import fastifyStatic from "@fastify/static";
import type { Db } from "./db";
import type { ReplicaReads } from "./db/replica";
import type { Member } from "./db/schema";
import { BizError, MSG, RET, fail } from "./services/http/envelope";
import { DomainError } from "./services/domain-error";
import { bizEnvelope, domainEnvelope } from "./services/http/domain-envelope";
import type { AppContext } from "./services/context";
import { registerRoutes, type RouteSpec } from "./services/http/route";
import { serializeReply } from "./services/http/raw-json";
import { openApiDocument } from "./services/http/openapi";
import { eventRoutes } from "./routes/events";
import { systemRoutes } from "./routes/system";
import { registerReadiness } from "./routes/ready";
import { authRoutes } from "./routes/auth";
import { smsRoutes } from "./routes/sms";
import { devRoutesFor } from "./routes/dev";
import { captchaRoutes } from "./routes/captcha";
import { memberRoutes } from "./routes/member";
import { partnerRoutes } from "./routes/partner";
import { workbenchRoutes } from "./routes/workbench";
import { menuRoutes } from "./routes/menus";
import { staffRoutes } from "./routes/staff";
import { policyRoutes } from "./routes/policy";
import { searchRoutes } from "./routes/search";
import { intlOrderRoutes } from "./routes/intl-orders";
import { gpOrderRoutes } from "./routes/gp-orders";
import { orderRoutes } from "./routes/orders";
import { hotelOrderRoutes } from "./routes/hotel-orders";
import { flightAfterSalesRoutes } from "./routes/flight-after-sales";
import { trainOrderRoutes } from "./routes/train-orders";
import { paymentRoutes } from "./routes/payments";
import { withdrawalRoutes } from "./routes/withdrawals";
import { rechargeRoutes } from "./routes/recharge";
import { rewardRoutes } from "./routes/rewards";
import { DEMO_SANDBOX_SECRET, registerSandboxCashier } from "./payments/sandbox";
import { gatewayFor, registerGatewayNotifications, type PayGateways } from "./payments/gateways";
import { passengerRoutes } from "./routes/passengers";
import { externalPassengerRoutes } from "./routes/external-passengers";
import { addressRoutes } from "./routes/addresses";
import { networkRoutes } from "./routes/network";
import { invoiceTitleRoutes } from "./routes/invoice-titles";
import { invoiceRoutes } from "./routes/invoices";
import { createOutboxMailer, type EinvoiceMailer } from "./einvoices/mail";
import { einvoiceRoutes, registerEinvoiceFiles } from "./routes/einvoices";
import { einvoiceFinanceRoutes, registerEinvoiceFinanceFiles } from "./routes/einvoice-finance";
import { createSandboxIssuer, DEMO_EINVOICE_SANDBOX_KEY } from "./einvoices/issuer/sandbox";
import type { InvoiceIssuer } from "./einvoices/issuer/types";
import { billRoutes } from "./routes/bills";
import { travellerImportRoutes } from "./routes/traveller-imports";
import { exportRoutes, registerExportDownload } from "./exports/tasks";
import { exportWatchJob } from "./exports/resume";
import { EXPORT_WATCH_JOB } from "./exports/watch";
import { operatorKeyFor, settlementRoutes } from "./routes/settlement";
import { companyAuditRoutes, opsRoutes } from "./routes/ops";
import { registerOpsRoutes } from "./ops/route";
import { createTotpVault, DEV_OPS_TOTP_KEY } from "./ops/totp-vault";
import { opsFinanceRoutes } from "./routes/ops-finance";
import { disruptionRoutes } from "./routes/disruptions";
import { reportRoutes } from "./routes/reports";
import { createJobRunner, defaultJobKinds, type JobKinds, type JobRunner } from "./jobs";
import { httpServerOptions, registerHttpPlugins } from "./services/http/plugins";
import { connectRedis } from "./services/http/redis";
import { createMetrics } from "./services/http/metrics";
import type { Registry } from "prom-client";
import { checkedPaymentWindow } from "./services/payment-window";
import { createClock } from "./services/clock";
import { becomeResident, leaveResidence, runInInstance, type AppInstance } from "./services/instance";
import type { SmsProvider } from "./services/accounts/sms-providers";
import { PAYMENT_WINDOW } from "../src/domain/orders/payment-window";
import { registerPayables } from "./orders/payables";
import { createNoticeDispatcher, type NoticeDispatcher } from "./notifications/dispatcher";
import type { NoticeChannel } from "./notifications/channels";
import { setNoticeLog } from "./notifications/log";
import { notificationRoutes } from "./routes/notifications";
import { noticeSettingRoutes } from "./routes/notice-settings";
import { createSiteSync, type SiteSync } from "./sites/state";

export interface AppConfig {
  db: Db;
  /** A PostgreSQL replica for reads that tolerate lag (DATABASE_REPLICA_URL); none: all reads on db. */
  replica?: ReplicaReads;
  nodeEnv?: string;
  /** Directory of the built portal; served with history fallback when it has an index.html. */
  staticDir?: string;
  logger?: FastifyServerOptions["logger"];
  /** Access resources beyond "public"/"member" are decided here. */
  authorize?: (member: Member, resource: string) => Promise<boolean> | boolean;
  /** Extra route modules (tests and later capabilities). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- route specs of every input and output type
  routes?: RouteSpec<any, any>[];
  trustProxy?: boolean;
  /** The job kinds the runner handles (default: every kind this server schedules). */
  jobKinds?: JobKinds;
  /** How often a started job runner polls. */
  jobPollMs?: number;
  /** How long a job runner's claim lasts (default 5 minutes). */
  jobLockMs?: number;
  /** Seed of the generated travel inventory (same seed, same flights, trains and hotels). */
  inventorySeed?: string;
  /** Partner sites allowed to frame the portal (PARTNER_ORIGINS). */
  partnerOrigins?: string[];
  /** HMAC secret of the sandbox payment gateway (PAY_SANDBOX_SECRET); null: no sandbox gateway. */
  paySandboxSecret?: string | null;
  /** The real QR gateways configured (Alipay, WeChat Pay); a method without one uses the sandbox. */
  payGateways?: PayGateways;
  /** Key of the operator's settlement calls (SETTLEMENT_OPERATOR_KEY); unset: a demo key outside production, none in it. */
  settlementOperatorKey?: string | null;
  /** The reimbursement documents' issuer; default: the sandbox with its demo key outside production, none in it. */
  einvoiceIssuer?: InvoiceIssuer | null;
  /** Where reimbursement documents are emailed through; default: the development outbox outside production, none in it. */
  einvoiceMailer?: EinvoiceMailer | null;
  /**
   * The key operators' TOTP secrets are sealed under (OPS_TOTP_KEY); default: the development key
   * outside production, none in it (main.ts refuses to start production without one).
   */
  opsTotpKey?: Buffer | null;
  /** Minutes an unpaid order keeps its seats or rooms (PAYMENT_WINDOW_MINUTES); default 30. */
  paymentWindowMinutes?: number;
  /** Serve the OpenAPI document at /api/docs/json (API_DOCS); default: outside production only. */
  apiDocs?: boolean;
  /** Redis for state the server processes share (REDIS_URL): the rate limits' counters. */
  redisUrl?: string | null;
  /** Keep Prometheus metrics (app.metrics), which main.ts serves on METRICS_PORT. */
  metrics?: boolean;
  /** Where this app's SMS codes go (SMS_PROVIDER); default: the process default, the development outbox. */
  smsProvider?: SmsProvider | null;
  /** The channels notifications go out on besides the portal (default: SMS through the SMS provider). */
  noticeChannels?: readonly NoticeChannel[];
}

export { BODY_LIMIT, COMPRESS_SYNC_LIMIT, COMPRESS_THRESHOLD } from "./services/http/plugins";

function opsTotpFor(nodeEnv: string, key: Buffer | null | undefined): AppContext["opsTotp"] {
  const production = nodeEnv === "production";
  const chosen = key === undefined ? (production ? null : DEV_OPS_TOTP_KEY) : key;
  return { vault: chosen ? createTotpVault(chosen) : null, demoExempt: !production };
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  registerPayables();
  // Every log line is written without secrets (see log-redact.ts).
  const app = Fastify({ ...httpServerOptions(config.logger ?? false), trustProxy: config.trustProxy ?? false });

  const replica = config.replica;
  replica?.logTo(app.log);
  const ctx: AppContext = {
    db: config.db.db,
    get readDb() {
      return replica ? replica.current() : this.db;
    },
    replica,
    dialect: config.db.dialect,
    nodeEnv: config.nodeEnv ?? "development",
    authorize: config.authorize ?? (() => false),
    registry: [],
    opsTotp: opsTotpFor(config.nodeEnv ?? "development", config.opsTotpKey),
  };
  app.decorate("ctx", ctx);
  // Replies may carry JSON made by the database (RawJson), placed as it is.
  // Fastify's type says string; a Buffer is sent as it is (with its length) just the same.
  app.setReplySerializer(serializeReply as (payload: unknown) => string);
  // This app's clock, payment window and SMS provider: entered for each of its requests (the
  // hooks below) and job polls, so another app in the same process keeps its own.
  const instance: AppInstance = {
    clock: createClock(),
    paymentWindowMinutes: checkedPaymentWindow(config.paymentWindowMinutes ?? PAYMENT_WINDOW.fallback),
    sms: config.smsProvider ?? null,
    sites: null,
  };
  app.decorate("instance", instance);
  // The process's only app reads its instance without entering it (see instance.ts); an app built
  // beside a live one enters its own for every request and job poll.
  const resident = becomeResident(instance);
  app.addHook("onClose", async () => leaveResidence(instance));
  const runIn = <T,>(fn: () => T): T => (resident ? fn() : runInInstance(instance, fn));
  if (!resident) {
    const enter = (_req: unknown, _reply: unknown, done: () => void) => runInInstance(instance, done);
    app.addHook("onRequest", enter);
    // Again once the body is read: its stream's events run outside the request's async context.
    app.addHook("preValidation", enter);
  }
  // The runner exists in every app so tests can call runDueJobs(); only main.ts starts polling.
  const payGateways = config.payGateways ?? {};
  const issuer = config.einvoiceIssuer !== undefined ? config.einvoiceIssuer : ctx.nodeEnv === "production" ? null : createSandboxIssuer(DEMO_EINVOICE_SANDBOX_KEY);
  const mailer = config.einvoiceMailer !== undefined ? config.einvoiceMailer : ctx.nodeEnv === "production" ? null : createOutboxMailer();
  ctx.einvoiceMailer = mailer;
  const kinds = config.jobKinds ?? defaultJobKinds(payGateways, issuer, mailer);
  // An export started by any process is finished by any process (its watch needs this app's context).
  if (!kinds.get(EXPORT_WATCH_JOB)) kinds.register(exportWatchJob(ctx));
  const jobs = createJobRunner({ db: config.db.db, dialect: config.db.dialect, kinds, pollMs: config.jobPollMs, lockMs: config.jobLockMs, log: app.log, enter: runIn });
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => jobs.stop());
  // Like the job runner: in every app so tests can call runDue(); only main.ts starts polling.
  setNoticeLog(app.log);
  const notices = createNoticeDispatcher({ db: config.db.db, dialect: config.db.dialect, channels: config.noticeChannels, pollMs: config.jobPollMs });
  app.decorate("notices", notices);
  app.addHook("onClose", async () => notices.stop());
  // Like the job runner: main.ts loads the settings and starts the check; tests call refresh().
  const sites = createSiteSync(config.db.db, instance, app.log);
  app.decorate("sites", sites);
  app.addHook("onClose", async () => sites.stop());

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  await registerHttpPlugins(app, config.partnerOrigins ?? [], { redis });
  registerCallerLanguage(app);
  // Before any route, so every route's replies are measured.
  app.decorate("metrics", config.metrics ? createMetrics(app, config.db) : null);

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fastify hands the handler anything thrown; each branch narrows it
  app.setErrorHandler((error: any, req, reply) => {
    const lang = callerLang(req);
    if (error instanceof DomainError) return reply.status(200).send(domainEnvelope(error, lang));
    if (error instanceof BizError) return reply.status(200).send(bizEnvelope(error, lang));
    const code: string | undefined = error?.code;
    const status: number = error?.statusCode ?? 500;
    if (code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
      return reply.status(413).send(fail(413, MSG.tooLarge.in(lang)));
    }
    if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || status === 415) {
      return reply.status(415).send(fail(415, MSG.unsupported.in(lang)));
    }
    if (status === 429) {
      return reply.status(429).send({ ret: RET.TOO_MANY, msg: textIn(error.msg ?? error.message ?? MSG.tooMany, lang), data: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content-length and the like: the client's fault, answered as bad input.
      return reply.status(200).send(fail(RET.BAD_INPUT, MSG.malformed.in(lang)));
    }
    req.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(fail(RET.SERVER, MSG.server.in(lang)));
  });

  const sandboxSecret = config.paySandboxSecret === undefined ? DEMO_SANDBOX_SECRET : config.paySandboxSecret;
  if (sandboxSecret) registerSandboxCashier(app, ctx.db, sandboxSecret, (method) => Boolean(gatewayFor(payGateways, method)));
  await registerGatewayNotifications(app, ctx.db, payGateways);
  registerRoutes(app, ctx, [...systemRoutes, ...eventRoutes, ...authRoutes, ...captchaRoutes, ...smsRoutes, ...devRoutesFor(ctx.nodeEnv), ...memberRoutes, ...partnerRoutes, ...workbenchRoutes, ...menuRoutes, ...staffRoutes, ...passengerRoutes, ...externalPassengerRoutes, ...addressRoutes, ...networkRoutes, ...invoiceTitleRoutes, ...invoiceRoutes, ...einvoiceRoutes, ...einvoiceFinanceRoutes, ...travellerImportRoutes, ...policyRoutes, ...searchRoutes(config.inventorySeed), ...orderRoutes(config.inventorySeed), ...intlOrderRoutes(config.inventorySeed), ...gpOrderRoutes(config.inventorySeed), ...flightAfterSalesRoutes(config.inventorySeed), ...hotelOrderRoutes(config.inventorySeed), ...trainOrderRoutes(config.inventorySeed), ...paymentRoutes(sandboxSecret, payGateways), ...withdrawalRoutes, ...rechargeRoutes, ...rewardRoutes, ...notificationRoutes, ...noticeSettingRoutes, ...exportRoutes, ...billRoutes, ...reportRoutes, ...settlementRoutes(operatorKeyFor(ctx.nodeEnv, config.settlementOperatorKey)), ...disruptionRoutes(operatorKeyFor(ctx.nodeEnv, config.settlementOperatorKey), config.inventorySeed), ...companyAuditRoutes, ...(config.routes ?? [])]);
  registerOpsRoutes(app, ctx, [...opsRoutes, ...opsFinanceRoutes]);
  registerExportDownload(app, ctx);
  registerEinvoiceFiles(app, ctx);
  registerEinvoiceFinanceFiles(app, ctx);
  registerReadiness(app, ctx, jobs);

  if (config.apiDocs ?? ctx.nodeEnv !== "production") app.get("/api/docs/json", async () => openApiDocument(ctx.registry));

  const staticDir = config.staticDir && fs.existsSync(path.join(config.staticDir, "index.html")) ? config.staticDir : null;
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(staticDir),
      index: ["index.html"],
      // Serves asset.js.br / .gz made at build when the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader("cache-control", "public, max-age=31536000, immutable");
        else if (filePath.endsWith("index.html")) res.setHeader("cache-control", "no-cache");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split("?")[0];
    if (url === "/api" || url.startsWith("/api/")) {
      return reply.status(404).send(fail(RET.NOT_FOUND, MSG.notFound.in(callerLang(req))));
    }
    if (staticDir && (req.method === "GET" || req.method === "HEAD")) {
      // History-mode routes (/view/login.shtml, /myCenter/index, …) all load the portal.
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").sendFile("index.html");
    }
    return reply.status(404).send(fail(RET.NOT_FOUND, said("app.pageFound").in(callerLang(req))));
  });

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    instance: AppInstance;
    jobs: JobRunner;
    notices: NoticeDispatcher;
    metrics: Registry | null;
    /** The partner sites' and brands' settings in force in this app (loaded by main.ts at start). */
    sites: SiteSync;
  }
}
