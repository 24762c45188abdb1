import { chromium } from "@playwright/test";
import { signIn } from "./e2e/helpers";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
for (const lang of ["zh-CN", "en-US"]) {
  const ctx = await browser.newContext({ baseURL: "http://127.0.0.1:8095", viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await signIn(page, process.env.WHO ?? "13800000070");
  await page.evaluate((l) => localStorage.setItem("locale", l), lang);
  await page.goto(process.env.P ?? "/bill/transactionBill");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(800);
  const sw = await page.evaluate(() => [...document.querySelectorAll(".ant-table-content, .ant-table-body")].map((e) => e.scrollWidth - e.clientWidth));
  console.log(lang, "table overflow", sw);
  await page.screenshot({ path: `/tmp/walk/w2-${lang}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
