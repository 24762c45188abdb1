import { chromium, type Page } from "@playwright/test";
import { signIn } from "./e2e/helpers";
const BASE = process.env.BASE ?? "http://127.0.0.1:8095";
const d = (n: number) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
const PAGES: Record<string, string[]> = {
  "13800000020": ["/", `/airTicket/query?depCity=BJS&arrCity=CAN&depDate=${d(10)}`, `/airTicket/query?depCity=HRB&arrCity=SYX&depDate=${d(10)}`, "/order/list", "/myCenter/messages", "/myCenter/wallet"],
  "13800000070": ["/company/index", "/order/list", "/finance/enterpriseBill", "/bill/transactionBill", "/finance/settlementSet", "/finance/reportDetailed", "/travel/audit", "/personnel/enterpriseStall", "/travel/travelManage/standardSettings", "/myCenter/messages"],
};
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
for (const [who, paths] of Object.entries(PAGES)) {
  for (const lang of ["zh-CN", "en-US"]) {
    for (const width of [1280, 1440]) {
      const ctx = await browser.newContext({ baseURL: BASE, viewport: { width, height: 900 }, locale: lang });
      const page: Page = await ctx.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text().slice(0, 200)));
      page.on("pageerror", (e) => errors.push(String(e).slice(0, 200)));
      page.on("response", (r) => r.status() >= 500 && errors.push(`${r.status()} ${r.url()}`));
      await signIn(page, who);
      await page.evaluate((l) => localStorage.setItem("locale", l), lang);
      for (const p of paths) {
        await page.goto(p);
        await page.waitForLoadState("networkidle").catch(() => {});
        await page.waitForTimeout(500);
        const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        const cjk = lang === "en-US" ? await page.evaluate(() => (document.body.innerText.match(/[\u4e00-\u9fa5]+/g) ?? []).slice(0, 12).join(" ")) : "";
        const name = `${who}-${lang}-${width}-${p.replace(/[^a-z0-9]+/gi, "_").slice(0, 40)}.png`;
        if (width === 1280 || over > 0) await page.screenshot({ path: `/tmp/walk/${name}`, fullPage: true });
        console.log(`${who} ${lang} ${width} ${p.slice(0, 60)} overflow=${over} ${cjk ? "CJK: " + cjk : ""}`);
      }
      if (errors.length) console.log(`  ERRORS ${who} ${lang} ${width}:`, errors);
      await ctx.close();
    }
  }
}
await browser.close();
