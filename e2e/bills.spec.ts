// 企业账单 in a real browser on the demo company's history: the administrator filters to last
// month, sees the totals row of the filtered set, exports it, and the downloaded file (read with
// exceljs) holds the same orders and the same totals as the bill.
import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";

const pad = (n: number) => String(n).padStart(2, "0");

/** The first and last day of last month, in Beijing. */
function lastMonth(): [string, string] {
  const now = new Date(Date.now() + 8 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return [ymd(first), ymd(last)];
}

const fen = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100);

// A fresh server generates its sales window's inventory right after it starts; on a busy
// machine the first lists wait behind it.
test.setTimeout(480_000);
const FIRST_LOAD = { timeout: 120_000 };

test("企业账单：按上月筛选，显示合计行，导出的 Excel 与账单的行和合计一致", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/finance/enterpriseBill");
  const bill = page.getByTestId("bill-list");
  await expect(bill.getByText("企业账单", { exact: true })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("bill-totals")).toBeVisible(FIRST_LOAD);

  const [start, end] = lastMonth();
  await bill.getByPlaceholder("开始日期").click();
  await bill.getByPlaceholder("开始日期").fill(start);
  await bill.getByPlaceholder("开始日期").press("Enter");
  await bill.getByPlaceholder("结束日期").fill(end);
  await bill.getByPlaceholder("结束日期").press("Enter");
  await bill.getByRole("button", { name: /查\s*询/ }).click();

  // The bill as the server answers it for the same filter: the test's reference.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const reply = await page.request.post("/api/bill/enterpriseBill/list", { form: { token: token!, startDate: start, endDate: end, pageSize: "100" } });
  const data = (await reply.json()).data as { total: number; list: { orderNo: string; totalFen: number }[]; totals: Record<string, number> };
  expect(data.total).toBeGreaterThan(0);
  await expect(bill.getByText(`共 ${data.total} 条`)).toBeVisible(FIRST_LOAD);
  const totals = page.getByTestId("bill-totals");
  await expect(totals).toContainText(`合计（${data.total} 笔）`);
  expect(fen(await page.getByTestId("bill-total-totalFen").innerText())).toBe(data.totals.totalFen);
  expect(fen(await page.getByTestId("bill-total-settledFen").innerText())).toBe(data.totals.settledFen);
  // Every row on the page was booked last month.
  for (const row of await bill.locator(".ant-table-tbody tr.ant-table-row").all()) {
    const booked = (await row.getByTestId("bill-booked").innerText()).slice(0, 10);
    expect(booked >= start && booked <= end, booked).toBe(true);
  }

  const download = page.waitForEvent("download", FIRST_LOAD);
  await bill.getByRole("button", { name: "导出 Excel" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`企业账单-${start}至${end}.xlsx`);
  await expect(page.getByRole("dialog").getByText(`已导出 ${data.total} 行`)).toBeVisible(FIRST_LOAD);

  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet("企业账单")!;
  expect(sheet.rowCount).toBe(1 + data.total + 1);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const col = (name: string) => header.indexOf(name) + 1;
  const orderNos = Array.from({ length: data.total }, (_, i) => sheet.getRow(2 + i).getCell(col("订单号")).value);
  expect(orderNos).toEqual(data.list.map((r) => r.orderNo));
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe("合计");
  expect(Math.round((last.getCell(col("订单金额（元）")).value as number) * 100)).toBe(data.totals.totalFen);
  expect(Math.round((last.getCell(col("结算金额（元）")).value as number) * 100)).toBe(data.totals.settledFen);
  expect(errors).toEqual([]);
});

test("企业账单在 1280 与 1440 宽的窗口中不需横向滚动，合计在各自的列下完整可读", async ({ page }) => {
  await signIn(page, "13800000070");
  await page.goto("/finance/enterpriseBill");
  const bill = page.getByTestId("bill-list");
  await expect(page.getByTestId("bill-totals")).toBeVisible(FIRST_LOAD);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('[data-testid="bill-list"] .ant-table-content') as HTMLElement;
      const doc = document.documentElement;
      return { table: table.scrollWidth - table.clientWidth, page: doc.scrollWidth - doc.clientWidth };
    });
    expect(overflow, `at ${width}px`).toEqual({ table: 0, page: 0 });
    // Every column header is inside the window.
    for (const th of await bill.locator(".ant-table-thead th").all()) {
      const box = (await th.boundingBox())!;
      expect(box.x + box.width, `${await th.innerText()} at ${width}px`).toBeLessThanOrEqual(width);
    }
    // Each total lies under its own column's header and is shown whole.
    for (const [key, header] of [["totalFen", "订单金额"], ["settledFen", "结算金额"], ["ticketFen", "费用明细"]] as const) {
      const total = page.getByTestId(`bill-total-${key}`);
      const th = (await bill.locator(".ant-table-thead th", { hasText: header }).boundingBox())!;
      const box = (await total.boundingBox())!;
      expect(box.x, `${key} at ${width}px`).toBeGreaterThanOrEqual(th.x - 1);
      expect(box.x + box.width, `${key} at ${width}px`).toBeLessThanOrEqual(th.x + th.width + 1);
      expect(await total.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(fen(await total.innerText())).toBeGreaterThan(0);
    }
  }
});

test("in English at 1280 px the enterprise bill shows each traveller's department (No dept.) on one line", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("locale", "en-US"));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "13800000070");
  await page.goto("/finance/enterpriseBill");
  await expect(page.getByTestId("bill-totals")).toBeVisible(FIRST_LOAD);
  const departments = page.getByTestId("bill-department");
  await expect(departments.first()).toBeVisible();
  // The page itself never scrolls sideways (the table's own width in English is not yet held to 1280).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const texts = await departments.allInnerTexts();
  expect(texts).toContain("No dept.");
  // One line box each: the text is not broken inside its cell.
  for (const d of await departments.all()) expect(await d.locator("span").first().evaluate((el) => el.getClientRects().length), await d.innerText()).toBe(1);
});

test("交易账单对员工可见，企业账单不对员工开放", async ({ page }) => {
  await signIn(page, "13800000071");
  await page.goto("/bill/transactionBill");
  await expect(page.getByTestId("bill-list").getByText("交易账单", { exact: true })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("bill-totals")).toBeVisible(FIRST_LOAD);
  await page.goto("/finance/enterpriseBill");
  await expect(page.getByText("您没有权限访问此页面")).toBeVisible(FIRST_LOAD);
});
