import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8181);
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "zh-CN",
    viewport: { width: 1280, height: 800 },
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
  webServer: {
    // The built portal and a real server on a fresh database (scripts/e2e-server.ts).
    command: `npx tsx scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The brand's filing line and QR targets as a deployment sets them.
    env: {
      PORT: String(PORT), HOST: "127.0.0.1", NODE_ENV: "test", SEED: "demo", LOG_LEVEL: "warn",
      BRAND_ICP: "沪ICP备2026000001号-1", BRAND_APP_URL: "https://app.example.com/get", BRAND_PUBLIC_ACCOUNT_URL: "https://mp.example.com/follow",
    },
  },
});
