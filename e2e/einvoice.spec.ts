// Reimbursement documents end to end, in Chinese. 杨帆 (13800000072, an employee of the demo
// company) books a business flight for two passengers and a business train ticket, pays both
// with the company's credit and waits for 已出票; on each order's 报销凭证 section he asks for
// every document (the title is the company's, fixed), previews one (the PDF shows in a frame)
// and downloads a PDF and an XML (their types and sizes checked). A refund of one of the two
// flight passengers reverses that passenger's document: it turns 已红冲 with a red-letter row of
// the refunded amount below zero. The company's finance user (刘建国 13800000070) opens 发票管理,
// filters the month, downloads the month's zip through the export task (its progress shown),
// and the zip is opened here: a PDF and an XML per document, and an xlsx index that lists every
// filed document of the month, the red-letter one included, with its amounts to the fen.
import fs from "node:fs";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { expect as baseExpect, test, type Locator, type Page } from "./fixtures";
import { payNow, signedInAs, verifiedSeat } from "./helpers";
import { daysAhead, fenOf } from "./booking-helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { moneyText } from "../src/domain/money";
import { EINVOICE_PATHS, type EinvoiceOrderView, type EinvoiceView } from "../src/domain/einvoice/schemas";
import { COMPANY_EINVOICE_PATHS, type CompanyEinvoicePage, type CompanyEinvoiceRow } from "../src/domain/einvoice/company";
import type { FlightSeat, ListFlight, TrainItem } from "../src/domain/travel/types";

// Documents are issued by a background job, and a fresh server builds its inventory at first.
const expect = baseExpect.configure({ timeout: 30_000 });

const TRAVELLER = { mobile: "13800000072", name: "杨帆", certNo: "11010519900708001X" };
const COLLEAGUE = { name: "黄磊", certNo: "11010519491231002X" };
const FINANCE = "13800000070";
const yuan = moneyText;

async function post<T>(page: Page, url: string, form: Record<string, string | number>): Promise<T> {
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const env = await (await page.request.post(`/api${url}`, { form: { token, ...form } })).json();
  baseExpect(env.ret, env.msg).toBe(0);
  return env.data as T;
}

/** The cheapest economy fare of the day with seats for two and to spare: within any seeded standard. */
async function cheapFare(page: Page, depDate: string): Promise<FlightSeat> {
  const list = (await post<{ list: ListFlight[] }>(page, "/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate })).list;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 3).sort((a, b) => a.salePrice - b.salePrice)[0];
  baseExpect(seat, "an economy fare").toBeTruthy();
  return verifiedSeat(page, seat.fareKey);
}

/**
 * The page at 1280 and 1440 px, in Chinese and in English: the traveller's name reads on one line
 * (a narrow column broke it after every character), and a screenshot of each is kept to look at.
 * The page is left in Chinese at 1280 px.
 */
async function checkLayout(page: Page, name: string, traveller: () => Locator) {
  for (const locale of ["zh-CN", "en-US"]) {
    await page.evaluate((l) => localStorage.setItem("locale", l), locale);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const cell = traveller();
      await expect(cell).toBeVisible();
      // Lines the name's text takes: the distinct tops of its text's boxes (a row's expand button beside it aside).
      const lines = await cell.evaluate((el) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const box of range.getClientRects()) tops.add(Math.round(box.top));
        }
        return tops.size;
      });
      baseExpect(lines, `${name}: the traveller's name at ${width} px in ${locale}`).toBe(1);
      await page.screenshot({ path: `test-results/${name}-${locale}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("locale", "zh-CN"));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
}

/** At the cashier: the company's credit line pays the whole order. */
async function payByCredit(page: Page) {
  await page.getByRole("tab", { name: "企业授信支付" }).click();
  await expect(page.getByTestId("credit-available")).toBeVisible();
  await payNow(page);
}

/** Waits for 已出票 on an order's page; a page left open follows by itself, one that does not is read again. */
async function waitTicketed(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByTestId("order-status")).toHaveText("已出票").catch(async () => {
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("已出票");
  });
}

/** Asks for every document the section still offers, each made out to the company; answers how many. */
async function requestAll(page: Page, section: Locator): Promise<number> {
  const ask = section.getByRole("button", { name: "申请开具" });
  await expect(ask.first()).toBeVisible();
  const total = await ask.count();
  for (let left = total; left > 0; left--) {
    await ask.first().click();
    const dialog = page.getByRole("dialog", { name: "申请开具报销凭证" });
    await expect(dialog.getByTestId("einvoice-company-title")).not.toHaveText("—");
    await expect(dialog.getByTestId("einvoice-title-select")).toHaveCount(0);
    await dialog.getByRole("button", { name: "提交申请" }).click();
    await expect(dialog).toBeHidden();
    await expect(ask).toHaveCount(left - 1);
  }
  return total;
}

/** The documents of an order as the member's list answers them. */
const documentsOf = (page: Page, orderId: number) => post<EinvoiceOrderView>(page, EINVOICE_PATHS.list, { orderId });

test("报销凭证: business flight and train documents asked, previewed and downloaded; a partial refund reversed; the month's zip lists every document", async ({ browser }) => {
  test.setTimeout(600_000);
  const member = await signedInAs(browser, TRAVELLER.mobile);
  const page = member.page;

  // The flight, on business, for 杨帆 and 黄磊.
  const seat = await cheapFare(page, addDays(chinaDate(Date.now()), 15));
  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
  await page.getByLabel("姓名").first().fill(TRAVELLER.name);
  await page.getByLabel("证件号码").first().fill(TRAVELLER.certNo);
  await page.getByRole("button", { name: "添加乘客" }).click();
  await page.getByLabel("姓名").nth(1).fill(COLLEAGUE.name);
  await page.getByLabel("证件号码").nth(1).fill(COLLEAGUE.certNo);
  await page.getByLabel("联系人姓名").fill(TRAVELLER.name);
  await page.getByLabel("联系人手机").fill(TRAVELLER.mobile);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const flightId = Number(page.url().split("/").pop());
  await page.getByRole("link", { name: "去支付" }).click();
  await payByCredit(page);
  await expect(page.getByText("支付成功")).toBeVisible();

  // The train, on business: a 二等座 on a 北京 → 上海 G train.
  const depDate = daysAhead(16);
  const trains = (await post<{ list: TrainItem[] }>(page, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate, trainTypes: "G" })).list;
  const train = trains.find((t) => t.seats.some((s) => s.seatClass === "O" && s.left >= 1));
  baseExpect(train, "a G train with 二等座").toBeTruthy();
  await page.goto(`/train/train_order_info?trainKey=${encodeURIComponent(train!.trainKey)}&seatClass=O&fromStation=北京&toStation=上海&depDate=${depDate}`);
  await expect(page.getByTestId("order-train")).toContainText(train!.trainNo);
  await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
  await page.getByLabel("乘客 1").fill(TRAVELLER.name);
  await page.getByLabel("证件号码").first().fill(TRAVELLER.certNo);
  await page.getByLabel("联系人姓名").fill(TRAVELLER.name);
  await page.getByLabel("联系人手机").fill(TRAVELLER.mobile);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/train\/train_order_pay\/\d+\/T\d{18}$/);
  const trainId = Number(page.url().split("/").at(-2));
  await payByCredit(page);
  await expect(page).toHaveURL(/\/order\/list/);

  // Both ticketed; every document of each order asked for, and issued.
  const flightPage = `/ticket/OrderDetails/${flightId}`;
  const trainPage = `/train/OrderDetails/${trainId}`;
  const section = page.getByTestId("einvoice-section");
  const states = section.getByTestId("einvoice-status");
  for (const address of [trainPage, flightPage]) {
    await waitTicketed(page, address);
    const asked = await requestAll(page, section);
    // The section follows the documents until the issuer has answered for each.
    await expect(states).toHaveText(Array(asked).fill("已开具"));
  }
  const flightDocs = (await documentsOf(page, flightId)).list;
  const trainDocs = (await documentsOf(page, trainId)).list;
  baseExpect(flightDocs.filter((d) => d.kind === "air").map((d) => d.passengerName).sort()).toEqual([COLLEAGUE.name, TRAVELLER.name].sort());
  baseExpect(trainDocs.some((d) => d.kind === "rail" && d.passengerName === TRAVELLER.name)).toBe(true);
  // A business trip's documents are made out to the company.
  const company = flightDocs[0].buyerName;
  baseExpect([...flightDocs, ...trainDocs].every((d) => d.buyerName === company && d.status === "issued" && d.number)).toBe(true);

  // 黄磊's ticket document: previewed in a frame, downloaded as PDF and XML.
  const rows = section.locator("tr.ant-table-row");
  const ticketRow = (name: string) => rows.filter({ hasText: name }).filter({ hasText: "电子发票（航空运输电子客票行程单）" }).filter({ hasNot: page.locator(".ant-tag", { hasText: "红字" }) });
  const colleagueDoc = flightDocs.find((d) => d.kind === "air" && d.passengerName === COLLEAGUE.name)!;
  const colleagueRow = ticketRow(COLLEAGUE.name);
  await expect(colleagueRow).toContainText(colleagueDoc.number!);
  await expect(colleagueRow).toContainText(yuan(colleagueDoc.totalFen));
  await colleagueRow.getByRole("button", { name: "预览" }).click();
  const preview = page.getByRole("dialog", { name: "预览" });
  await expect(preview.getByTestId("einvoice-preview")).toBeVisible();
  baseExpect(await preview.getByTestId("einvoice-preview").getAttribute("src")).toMatch(/^blob:/);
  await page.screenshot({ path: "test-results/einvoice-preview-1280.png" });
  await preview.getByRole("button", { name: "Close" }).or(preview.locator(".ant-modal-close")).first().click();
  await expect(preview).toBeHidden();

  for (const format of ["pdf", "xml"] as const) {
    const answered = page.waitForResponse((r) => r.url().endsWith(EINVOICE_PATHS[format]) && r.request().method() === "POST");
    const saved = page.waitForEvent("download");
    await colleagueRow.getByRole("button", { name: format === "pdf" ? "下载 PDF" : "下载 XML" }).click();
    const response = await answered;
    baseExpect(response.status()).toBe(200);
    baseExpect(response.headers()["content-type"]).toContain(format === "pdf" ? "application/pdf" : "application/xml");
    const download = await saved;
    baseExpect(download.suggestedFilename()).toBe(`${colleagueDoc.number}.${format}`);
    const bytes = fs.readFileSync((await download.path())!);
    if (format === "pdf") {
      baseExpect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      // The Chinese font's glyphs are embedded: no PDF of this document is a few bytes.
      baseExpect(bytes.length).toBeGreaterThan(10_000);
    } else {
      baseExpect(bytes.toString("utf8")).toContain(colleagueDoc.number!);
    }
  }

  // 黄磊's ticket refunded alone: his document turns 已红冲, with a red-letter row of what went back.
  await page.getByRole("button", { name: "退票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请退票" });
  const quote = dialog.getByTestId("refund-quote");
  await quote.getByRole("row", { name: new RegExp(TRAVELLER.name) }).getByRole("checkbox").uncheck();
  await expect(dialog.getByText("已选 1 / 2 位乘客")).toBeVisible();
  await dialog.getByRole("combobox", { name: "退票原因" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "自愿退票" }).click();
  const refundFen = fenOf(await dialog.getByTestId("refund-amount").innerText());
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(page.getByText("退票申请已提交")).toBeVisible();
  const passengers = page.locator(".ant-table-row", { has: page.getByTestId("ticket-status") });
  await expect(passengers.filter({ hasText: COLLEAGUE.name }).getByTestId("ticket-status")).toHaveText("已退票");

  // The reversal is written when the money is back and issued by the job after it: the page is read again until it shows.
  await expect(async () => {
    await page.reload();
    await expect(ticketRow(COLLEAGUE.name).getByTestId("einvoice-status")).toHaveText("已红冲", { timeout: 5_000 });
    await expect(rows.filter({ has: page.locator(".ant-tag", { hasText: "红字" }) }).getByTestId("einvoice-status")).toHaveText("已开具", { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  const redRow = rows.filter({ has: page.locator(".ant-tag", { hasText: "红字" }) });
  await expect(redRow).toContainText(COLLEAGUE.name);
  await expect(redRow).toContainText(yuan(0 - refundFen));
  await expect(ticketRow(TRAVELLER.name).getByTestId("einvoice-status")).toHaveText("已开具");
  await checkLayout(page, "einvoice-reversed", () => section.getByText(COLLEAGUE.name, { exact: true }).first());
  const afterRefund = (await documentsOf(page, flightId)).list;
  const red = afterRefund.find((d) => d.direction === "red")!;
  baseExpect(red.originalId).toBe(colleagueDoc.id);
  baseExpect(red.totalFen).toBe(0 - refundFen);
  expect(member.errors).toEqual([]);

  // The finance user's month: 发票管理, the month filtered, the zip downloaded and read.
  const finance = await signedInAs(browser, FINANCE);
  const fp = finance.page;
  const month = chinaDate(Date.now()).slice(0, 7);
  await fp.goto("/finance/einvoices");
  const list = fp.getByTestId("einvoice-list");
  const monthField = list.getByLabel("开票月份");
  await monthField.click();
  await monthField.fill(month);
  await monthField.press("Enter");
  await list.getByRole("button", { name: /查\s*询/ }).click();
  const ours: EinvoiceView[] = [...afterRefund, ...trainDocs];
  await expect(list.locator("tr.ant-table-row", { hasText: red.number! })).toContainText(yuan(red.totalFen));
  // Every filed document of the month (issued, or issued and reversed since), as the list answers them.
  const monthDocs: CompanyEinvoiceRow[] = [];
  for (const status of ["issued", "reversed"]) monthDocs.push(...(await post<CompanyEinvoicePage>(fp, COMPANY_EINVOICE_PATHS.list, { month, status, pageSize: 100 })).list);
  const filed = monthDocs.length;
  for (const d of ours) baseExpect(monthDocs.map((m) => m.id)).toContain(d.id);
  await fp.setViewportSize({ width: 1440, height: 900 });
  await fp.screenshot({ path: "test-results/einvoice-manage-1440.png", fullPage: true });

  const saved = fp.waitForEvent("download");
  await list.getByRole("button", { name: "下载本月凭证" }).click();
  const progress = fp.getByRole("dialog", { name: "下载本月凭证" });
  await expect(progress.locator(".ant-progress")).toBeVisible();
  await expect(progress).toContainText(`已打包 ${filed} 份凭证`);
  const download = await saved;
  baseExpect(download.suggestedFilename()).toBe(`报销凭证-${month}.zip`);
  const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
  const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
  baseExpect(names.filter((n) => n.startsWith("PDF/"))).toHaveLength(filed);
  baseExpect(names.filter((n) => n.startsWith("XML/"))).toHaveLength(filed);
  const indexName = names.find((n) => n.endsWith(".xlsx"))!;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await zip.file(indexName)!.async("nodebuffer")) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (name: string) => header.indexOf(name);
  const indexRows: { number: string; direction: string; totalFen: number; taxFen: number; pdf: string }[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const v = (row.values as unknown[]).slice(1);
    // Money cells are yuan numbers: back to fen exactly.
    indexRows.push({ number: String(v[col("发票号码")]), direction: String(v[col("蓝字/红字")]), totalFen: Math.round(Number(v[col("价税合计")]) * 100), taxFen: Math.round(Number(v[col("税额")]) * 100), pdf: String(v[col("PDF 文件")]) });
  });
  baseExpect(indexRows).toHaveLength(filed);
  for (const d of monthDocs) {
    const row = indexRows.find((r) => r.number === d.number);
    baseExpect(row, `document ${d.number} in the index`).toBeTruthy();
    baseExpect({ totalFen: row!.totalFen, taxFen: row!.taxFen, direction: row!.direction }).toEqual({ totalFen: d.totalFen, taxFen: d.taxFen, direction: d.direction === "red" ? "红字" : "蓝字" });
    baseExpect(names).toContain(row!.pdf);
  }
  baseExpect(indexRows.find((r) => r.number === red.number)).toMatchObject({ direction: "红字", totalFen: 0 - refundFen });
  const pdf = await zip.file(indexRows[0].pdf)!.async("nodebuffer");
  baseExpect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // The list as it opens (newest first): the red-letter document's traveller on one line.
  await checkLayout(fp, "einvoice-manage", () => list.locator("tr.ant-table-row", { hasText: red.number! }).getByText(COLLEAGUE.name, { exact: true }));
  await expect(list.locator("tr.ant-table-row", { hasText: red.number! })).toContainText(yuan(red.totalFen));
  expect(finance.errors).toEqual([]);
});
