import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_OPERATOR_KEY } from "./e2e/operator-key";
import { SMTP_FROM, smtpPortFor } from "./e2e/notice-ports";

const PORT = Number(process.env.E2E_PORT ?? 8181);

// The specs run in two halves at once, each against a server and a fresh database of its own, so
// one half's orders, balances and sessions never meet the other's and each half runs in file
// order exactly as a single run did. Files alternate between halves in name order, which keeps
// the two about equally long without a list to maintain.
const SPECS = fs.readdirSync("e2e").filter((f) => f.endsWith(".spec.ts")).sort();
const HALVES = [0, 1].map((h) => ({
  name: h === 0 ? "a" : "b",
  port: PORT + h,
  files: SPECS.filter((_, i) => i % 2 === h),
}));
// Debian's headless shell before its full Chromium: the same engine without the full browser's
// window compositing, so a run's browsers take about a fifth less CPU from the servers under test.
const executablePath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p));

export default defineConfig({
  testDir: "e2e",
  // Two halves, each a browser and a server, share the machine's cores: under that load a cold
  // page can take several seconds, so waits are generous (a passing test never waits them out).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // One worker per half: each half's files run one after another against their own server.
  workers: HALVES.length,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    locale: "zh-CN",
    viewport: { width: 1280, height: 800 },
    // The portal honours prefers-reduced-motion (no antd animations), so no step waits out a
    // dialog's or a menu's transition; the animations themselves are antd's, not the portal's.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // Each half ends with the money audit on its own server, once all its specs are done.
  projects: HALVES.flatMap((h) => [
    {
      name: h.name,
      workers: 1,
      testMatch: h.files,
      teardown: `${h.name}-money-audit`,
      use: { baseURL: `http://127.0.0.1:${h.port}` },
    },
    {
      name: `${h.name}-money-audit`,
      testMatch: "money-audit.teardown.ts",
      use: { baseURL: `http://127.0.0.1:${h.port}`, extraHTTPHeaders: { "x-operator-key": E2E_OPERATOR_KEY } },
    },
  ]),
  // The built portal and a real server on a fresh database per half (scripts/e2e-server.ts).
  webServer: HALVES.map((h) => ({
    command: `npx tsx scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${h.port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The brand's filing line and QR targets as a deployment sets them. Email goes to the half's
    // mail server, which approval-notify.spec.ts runs while it needs it (until then a send fails
    // and waits for its retry, as with any mail server that is down).
    env: {
      SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtpPortFor(h.port)), SMTP_FROM,
      PORT: String(h.port), HOST: "127.0.0.1", NODE_ENV: "test", SEED: "demo", LOG_LEVEL: "warn", SETTLEMENT_OPERATOR_KEY: E2E_OPERATOR_KEY,
      BRAND_ICP: "沪ICP备2026000001号-1", BRAND_APP_URL: "https://app.example.com/get", BRAND_PUBLIC_ACCOUNT_URL: "https://mp.example.com/follow",
    },
  })),
});
