// The main pages do not move under the reader while they load (CLS ≤ 0.05, the "good" threshold):
// opened directly, with a cold cache on a slow link so the page's parts arrive one by one as they
// do for a member far from the server, the layout shifts the browser reports are summed.
import { expect, test, type Page } from "./fixtures";
import { signIn } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";

async function layoutShiftOf(page: Page, path: string): Promise<{ total: number; moved: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: 1.25e6, uploadThroughput: 1.25e6 });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; nodes: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
        if (!e.hadRecentInput) w.__shifts.push({ value: e.value, nodes: e.sources.map((s) => (s.node as Element | undefined)?.className?.toString() ?? "") });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(path, { waitUntil: "networkidle" });
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);
  await cdp.detach();
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), moved: shifts.filter((s) => s.value > 0.001).flatMap((s) => s.nodes) };
}

const depDate = addDays(chinaDate(Date.now()), 7);
const PAGES: { path: string; who: string; what: string }[] = [
  { path: "/order/list?type=airTicket", who: "13800000020", what: "a member's flight orders (none yet: the empty state)" },
  { path: "/order/list?type=airTicket", who: "13800000070", what: "the company administrator's flight orders" },
  { path: "/company/index", who: "13800000070", what: "the company workbench" },
  { path: `/airTicket/query?depCity=BJS&arrCity=SHA&depDate=${depDate}&adults=1`, who: "13800000010", what: "flight results" },
  { path: "/finance/enterpriseBill", who: "13800000070", what: "the enterprise bill" },
];

for (const p of PAGES) {
  test(`${p.what} does not shift while it loads`, async ({ page }) => {
    await signIn(page, p.who);
    const { total, moved } = await layoutShiftOf(page, p.path);
    expect(total, `moved: ${moved.join(" | ")}`).toBeLessThanOrEqual(0.05);
  });
}
