// npm run bench:web — Lighthouse (desktop preset: the portal is a desktop site, its frame works
// from 1024 px up) in headless Chromium on the built portal, each page opened directly by its
// address as a bookmark or a shared link would: the index route as a guest, the company workbench
// as its administrator, and a member's flight results and flight order list. Prints the
// performance score, LCP, TBT and CLS of each, and the JavaScript it loaded until quiet (files and
// their gzip size, as if the page were the first opened); the goal is a score of at least 95 and CLS at most 0.05. The server runs on a free port with a fresh demo
// database (scripts/e2e-server.ts), serving what `npm run build` made. BENCH_ONLY=index (or
// workbench) audits one page, BENCH_RUNS=n takes the median of n runs, BENCH_JSON=file keeps the
// last full Lighthouse report.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const GOAL = { score: 95, cls: 0.05 };
/** The company administrator and a member with orders, of the demo data (README, demo accounts). */
const COMPANY_ADMIN = { mobilePhone: "13800000070", password: "demo123456" };
const MEMBER = { mobilePhone: "13800000010", password: "demo123456" };

if (!fs.existsSync("dist/index.html")) {
  console.error("No built portal in dist/: run `npm run build` first.");
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the portal server did not answer /api/health");
}

/** Signs in through the API as the portal does (password as its MD5 digest). */
async function signIn(base: string, who: { mobilePhone: string; password: string }): Promise<{ token: string; user: Record<string, unknown> }> {
  const body = new URLSearchParams({
    mobilePhone: who.mobilePhone,
    loginPsw: createHash("md5").update(who.password).digest("hex"),
    timestamp: String(Date.now()),
    device: "web",
  });
  const res = await fetch(`${base}/api/login/appNewLogin`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const reply = (await res.json()) as { ret: number | string; msg: string; data?: { token: string } & Record<string, unknown> };
  if (String(reply.ret) !== "0" || !reply.data?.token) throw new Error(`sign-in failed: ${reply.msg}`);
  const { token, ...user } = reply.data;
  return { token, user };
}

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The elements that moved most, for a CLS over the goal. */
  shifts: string[];
  /** The largest element and where its time went, for a score under the goal. */
  lcpElement: string;
  /** JavaScript the page loaded: requests, and the gzip size of those files as built. */
  jsRequests: number;
  jsBytes: number;
}

function gzipSize(urlPath: string): number {
  const file = `dist${decodeURIComponent(urlPath)}`;
  return fs.existsSync(file) ? gzipSync(fs.readFileSync(file)).length : 0;
}

async function audit(url: string, chromePort: number): Promise<Figures> {
  // Storage is kept: the signed-in run relies on the token put into localStorage beforehand.
  const result = await lighthouse(url, { port: chromePort, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true }, desktopConfig);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const shiftItems = (lhr.audits["layout-shifts"]?.details as { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? [];
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(lhr));
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; url?: string }[] } | undefined)?.items ?? [];
  // Sizes from the built files, not from what went over the wire: a later page finds earlier
  // pages' files in the browser's cache, and each page is counted as if opened first.
  const scripts = [...new Set(requests.filter((r) => r.resourceType === "Script" && r.url).map((r) => new URL(r.url!).pathname))];
  const lcpItems = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? {});
  const selector = /"selector":"([^"]+)"/.exec(lcpItems)?.[1] ?? "?";
  const phases = [...lcpItems.matchAll(/"phase":"([^"]+)","timing":([\d.]+)/g)].map((m) => `${m[1]} ${Math.round(Number(m[2]))} ms`);
  return {
    lcpElement: `${selector}${phases.length ? ` (${phases.join(", ")})` : ""}`,
    shifts: shiftItems.slice(0, 5).map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? ""} ${i.node?.snippet?.slice(0, 100) ?? ""}`),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    jsRequests: scripts.length,
    jsBytes: scripts.reduce((sum, file) => sum + gzipSize(file), 0),
  };
}

/** The median run by score (one run unless BENCH_RUNS says more). */
function median(runs: Figures[]): Figures {
  return [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test", SEED: "demo", LOG_LEVEL: "warn" },
});
let chrome: chromeLauncher.LaunchedChrome | null = null;
let failed = false;
try {
  await waitForHealth(base);
  const sessions = { admin: await signIn(base, COMPANY_ADMIN), member: await signIn(base, MEMBER) };
  // A weekday a week ahead, as a member would search it.
  const depDate = new Date(Date.now() + 7 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });

  const pages: { title: string; url: string; as: keyof typeof sessions | null }[] = [
    { title: "index (guest)", url: `${base}/`, as: null },
    { title: "company workbench (signed in)", url: `${base}/company/index`, as: "admin" },
    { title: "flight results (member)", url: `${base}/airTicket/query?depCity=BJS&arrCity=SHA&depDate=${depDate}&adults=1`, as: "member" },
    { title: "flight order list (member)", url: `${base}/order/list?type=airTicket`, as: "member" },
  ];
  const rows: { title: string; figures: Figures }[] = [];
  // BENCH_ONLY=index (workbench, results, order list) audits one page.
  for (const page of pages.filter((p) => !process.env.BENCH_ONLY || p.title.startsWith(process.env.BENCH_ONLY!) || p.title.includes(process.env.BENCH_ONLY!))) {
    // Put the session where the portal reads it (or clear it for the guest) in the same profile
    // Lighthouse then uses.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const tab = await browser.contexts()[0].newPage();
    await tab.goto(`${base}/api/health`);
    await tab.evaluate(
      ([token, user]) => {
        // Runs in the page: the benchmark's own program has no DOM library.
        const store = (globalThis as unknown as { localStorage: { clear(): void; setItem(key: string, value: string): void } }).localStorage;
        store.clear();
        if (token) {
          store.setItem("token", token);
          store.setItem("userInfo", user);
        }
      },
      [page.as ? sessions[page.as].token : "", JSON.stringify(page.as ? sessions[page.as].user : {})] as const,
    );
    await tab.close();
    await browser.close(); // disconnects; the launched Chromium keeps running
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(page.url, chrome.port));
    rows.push({ title: page.title, figures: median(runs) });
  }

  console.log(`\nLighthouse ${desktopConfig.settings?.formFactor ?? "desktop"} preset, ${RUNS} run(s) per page (median)`);
  for (const { title, figures: f } of rows) {
    const ok = f.score >= GOAL.score && f.cls <= GOAL.cls;
    if (!ok) failed = true;
    console.log(
      `${title.padEnd(32)} score ${String(f.score).padStart(3)}   LCP ${(f.lcpMs / 1000).toFixed(2)} s   TBT ${f.tbtMs.toFixed(0).padStart(4)} ms   CLS ${f.cls.toFixed(3)}   JS ${String(f.jsRequests).padStart(3)} files ${(f.jsBytes / 1024).toFixed(1).padStart(6)} KB gzip   ${ok ? "ok" : "below goal"}`,
    );
    if (f.cls > GOAL.cls) for (const line of f.shifts) console.log(`    shifted: ${line}`);
    if (f.score < GOAL.score) console.log(`    largest element: ${f.lcpElement}`);
  }
  console.log(`goal: score ≥ ${GOAL.score}, CLS ≤ ${GOAL.cls}`);
} finally {
  if (chrome) chrome.kill();
  server.kill("SIGTERM");
}
if (failed) process.exitCode = 1;
