// The company's money to the fen, as its finance user (the administrator 刘建国) sees it. Two
// business flights of employees: one over the travel standard with 超标自付, whose own part 杨帆
// pays by the sandbox Alipay QR while the company part goes on the credit line, and one within
// the standard that he pays whole with the company's credit; both are ticketed. The operator generates the statement;
// in the browser the administrator finds both orders on it (the split one with the company part
// only), disputes a line, and once the operator has answered, confirms the statement; the
// operator settles it and the credit used shown in 结算设置 is back to zero. 企业账单 lists both
// orders with what the company paid, and its Excel export (read with exceljs) has every amount
// and every total the page shows. The standard and the preference are put back afterwards.
import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect as baseExpect, test, type Browser, type Locator, type Page } from "./fixtures";
import { formOf, signedInAs } from "./helpers";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { SETTLEMENT_PATHS } from "../src/domain/settlement/paths";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { ListFare, ListFlight } from "../src/domain/travel/types";
import { E2E_OPERATOR_KEY } from "./operator-key";
import { formatFen, moneyText } from "../src/domain/money";
import { fenOf } from "./booking-helpers";

// A fresh server generates its travel inventory in the background at first: pages may answer slowly.
const expect = baseExpect.configure({ timeout: 30_000 });

const yuan = moneyText;
/** A shown amount (¥1,234.50, possibly negative) in fen. */


type Person = { page: Page; errors: string[]; post: (url: string, body?: Record<string, string | number>) => Promise<{ ret: number; msg: string; data: any }> };

async function person(browser: Browser, mobile: string): Promise<Person> {
  const { page, errors } = await signedInAs(browser, mobile);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const post = async (url: string, body: Record<string, string | number> = {}) => (await page.request.post(`/api${url}`, { form: { token, ...body } })).json();
  return { page, errors, post };
}

async function operator(page: Page, path: string, form: Record<string, string | number>) {
  const env = await (await page.request.post(`/api${path}`, { form, headers: { "x-operator-key": E2E_OPERATOR_KEY } })).json();
  expect(env.ret, env.msg).toBe(0);
  return env.data;
}

/** A business booking of one adult through the order API (the booking page is not what this spec tests). */
async function bookBusiness(who: Person, seat: ListFare, passenger: { name: string; certNo: string; mobile: string }, overReason?: string) {
  const env = await who.post(FLIGHT_ORDER_PATHS.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-finance-${passenger.mobile}-${Date.now()}`,
    contactName: passenger.name, contactMobile: passenger.mobile, travelType: "business", ...(overReason ? { overReason } : {}),
    "passengers.0.name": passenger.name, "passengers.0.certType": 1, "passengers.0.certNo": passenger.certNo,
  });
  expect(env.ret, env.msg).toBe(0);
  return env.data as { id: number; orderNo: string; payprice: number };
}

async function waitTicketed(page: Page, orderId: number) {
  await page.goto(`/ticket/OrderDetails/${orderId}`);
  // The airline tickets a few seconds after payment; the page follows by itself.
  await expect(page.getByTestId("order-status")).toHaveText("已出票");
}

/** The bill's rows on screen: order number, the fee lines, order amount, self-paid part and settled amount, in fen. */
async function billRowsOnPage(bill: Locator) {
  const headers = (await bill.locator(".ant-table-thead th").allInnerTexts()).map((h) => h.trim());
  const at = (name: string) => headers.findIndex((h) => h.startsWith(name));
  const rows = [];
  for (const row of await bill.locator(".ant-table-tbody tr.ant-table-row").all()) {
    const cells = row.locator(":scope > td");
    const fees: Record<string, number> = {};
    for (const line of await cells.nth(at("费用明细")).locator(":scope > div").allInnerTexts()) {
      const [label, amount] = line.trim().split(/\s+/);
      fees[label] = fenOf(amount);
    }
    const total = (await cells.nth(at("订单金额")).innerText()).split("\n").map((s) => s.trim()).filter(Boolean);
    rows.push({
      orderNo: (await cells.nth(at("订单")).innerText()).split("\n")[0].trim(),
      fees,
      totalFen: fenOf(total[0]),
      selfPayFen: total[1] ? fenOf(total[1]) : 0,
      settledFen: fenOf(await cells.nth(at("结算金额")).innerText()),
    });
  }
  return rows;
}

test("企业财务：超标自付与企业授信的订单对账、异议、确认、结清，企业账单与导出的 Excel 分毫不差", async ({ browser }) => {
  test.setTimeout(600_000);
  const admin = await person(browser, "13800000070");
  const companyId = (await admin.post(SETTLEMENT_PATHS.settings)).data.companyId as number;

  // Two fares of one day: the dearest economy fare goes over a price limit 500 yuan under it; the cheapest is within it.
  const depDate = addDays(chinaDate(Date.now()), 18);
  const list: ListFlight[] = (await admin.post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate })).data.list;
  const economy = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => b.salePrice - a.salePrice);
  const [dear, cheap] = [economy[0], economy[economy.length - 1]];
  const limitFen = dear.salePrice - 50_000;
  expect(cheap.salePrice, "a fare within the standard").toBeLessThanOrEqual(limitFen);

  const levels = (await admin.post("/member/center/standard/list", { pageNum: "1", pageSize: "50" })).data.list as { tripLevelId: number; tripLevelName: string }[];
  const restore: (() => Promise<unknown>)[] = [];
  try {
    // 杨帆's level (普通员工) gets a flight price limit between the two fares.
    for (const level of levels.filter((l) => l.tripLevelName === "普通员工")) {
      const before = (await admin.post("/member/center/standard/detail", { tripLevelId: String(level.tripLevelId) })).data;
      const save = (overAction: string, std: Record<string, unknown>) => admin.post("/member/center/standard/save", formOf({ tripLevelId: level.tripLevelId, overAction, ...std }));
      restore.push(() => save(before.overAction, before.standard));
      const saved = await save("reason", { ...before.standard, flight: { cabins: ["Y"], maxDiscount: null, maxPriceFen: limitFen, lowestFareHours: null } });
      expect(saved.ret, saved.msg).toBe(0);
    }
    const prefs = (await admin.post("/api/v1/trip_manager/preference_info")).data;
    restore.push(() => admin.post("/api/v1/trip_manager/preference_save", formOf(prefs)));
    const on = await admin.post("/api/v1/trip_manager/preference_save", formOf({ ...prefs, overSelfPay: 1 }));
    expect(on.ret, on.msg).toBe(0);
    const reason = (prefs.overReasons as string[])[0];

    // 杨帆 books the dear fare on business: over the standard, the excess is his to pay.
    const yang = await person(browser, "13800000072");
    const split = await bookBusiness(yang, dear, { name: "杨帆", certNo: "11010519900708001X", mobile: "13800000072" }, reason);
    await yang.page.goto(`/pay/order/${split.id}`);
    const selfFen = fenOf(await yang.page.getByTestId("pay-amount").innerText());
    const companyFen = split.payprice - selfFen;
    expect(selfFen).toBeGreaterThan(0);
    expect(companyFen).toBeGreaterThan(0);
    await expect(yang.page.getByTestId("pay-company-part")).toContainText(formatFen(companyFen));
    await yang.page.getByRole("tab", { name: "支付宝" }).click();
    await yang.page.getByRole("button", { name: "支付宝扫码支付" }).click();
    const link = yang.page.getByTestId("qr-url");
    await expect(link).toBeVisible();
    const phone = await yang.page.context().newPage();
    await phone.goto((await link.getAttribute("href"))!);
    await expect(phone.getByText(yuan(selfFen))).toBeVisible();
    await phone.getByRole("button", { name: "确认支付" }).click();
    await expect(phone.getByRole("heading", { name: "支付成功" })).toBeVisible();
    await phone.close();
    await expect(yang.page.getByText("支付成功")).toBeVisible();

    // He books the cheap fare on business too, within the standard, and pays it whole with the company's credit.
    const full = await bookBusiness(yang, cheap, { name: "杨帆", certNo: "11010519900708001X", mobile: "13800000072" });
    await yang.page.goto(`/pay/order/${full.id}`);
    await expect(yang.page.getByTestId("pay-amount")).toHaveText(yuan(full.payprice));
    await yang.page.getByRole("tab", { name: "企业授信支付" }).click();
    await expect(yang.page.getByTestId("credit-available")).toBeVisible();
    await yang.page.getByRole("button", { name: "立即支付" }).click();
    await expect(yang.page.getByText("支付成功")).toBeVisible();

    await waitTicketed(yang.page, split.id);
    await waitTicketed(yang.page, full.id);

    // The operator bills the month so far and sends the statement.
    const generated = await operator(admin.page, SETTLEMENT_PATHS.operatorGenerate, { companyId });
    const lineOf = (orderNo: string) => generated.lines.filter((l: { orderNo: string | null }) => l.orderNo === orderNo);
    expect(lineOf(split.orderNo).map((l: { amountFen: number }) => l.amountFen)).toEqual([companyFen]);
    expect(lineOf(full.orderNo).map((l: { amountFen: number }) => l.amountFen)).toEqual([full.payprice]);
    await operator(admin.page, SETTLEMENT_PATHS.operatorSend, { id: generated.id });

    // The administrator reads the statement in the browser.
    const page = admin.page;
    await page.goto("/finance/settlementSet");
    const row = page.getByTestId("settlement-statements").getByRole("row", { name: new RegExp(generated.statementNo) });
    await expect(row).toContainText("待确认");
    await expect(row).toContainText(yuan(generated.totalFen));
    await row.getByRole("link", { name: "查看" }).click();
    const detail = page.getByTestId("settlement-statement");
    await expect(detail.getByTestId("statement-total")).toHaveText(yuan(generated.totalFen));
    const splitLine = detail.getByRole("row", { name: new RegExp(split.orderNo) });
    const fullLine = detail.getByRole("row", { name: new RegExp(full.orderNo) });
    await expect(splitLine).toContainText(yuan(companyFen));
    await expect(splitLine).not.toContainText(yuan(split.payprice));
    await expect(fullLine).toContainText(yuan(full.payprice));
    // The lines add up to the total shown.
    const amounts = await detail.locator(".ant-table-tbody").first().locator("tr.ant-table-row").evaluateAll((trs) => trs.map((tr) => tr.children[5]!.textContent ?? ""));
    expect(amounts.reduce((a, t) => a + fenOf(t), 0)).toBe(generated.totalFen);
    await page.screenshot({ path: "test-results/finance-statement-1280.png", fullPage: true });

    // A line is disputed; the operator accepts it (adjusted on the next statement).
    await fullLine.getByRole("button", { name: "提出异议" }).click();
    const dialog = page.getByRole("dialog", { name: "对明细提出异议" });
    await dialog.getByLabel("异议原因").fill("该笔行程改期后重复计费，请核实");
    await dialog.getByRole("button", { name: "提交异议" }).click();
    await expect(dialog).toBeHidden();
    await expect(fullLine).toContainText("异议待处理");
    await expect(detail.getByRole("button", { name: "确认对账单" })).toHaveCount(0);
    const disputed = (await operator(admin.page, SETTLEMENT_PATHS.operatorDetail, { id: generated.id })).lines.find((l: { orderNo: string | null }) => l.orderNo === full.orderNo);
    await operator(admin.page, SETTLEMENT_PATHS.operatorAnswer, { lineId: disputed.id, decision: "accept", reason: "核实属实，下期调整" });

    // Once answered, the administrator confirms the statement.
    await page.reload();
    await expect(fullLine).toContainText("核实属实，下期调整");
    await detail.getByRole("button", { name: "确认对账单" }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: /^确\s*认$/ }).click();
    await expect(page.getByText("对账单已确认")).toBeVisible();
    await expect(detail.getByText("已确认", { exact: true })).toBeVisible();

    // The operator records the payment; the credit used is back to zero.
    const settled = await operator(admin.page, SETTLEMENT_PATHS.operatorSettle, { id: generated.id });
    expect(settled.status).toBe("settled");
    await page.goto("/finance/settlementSet?tab=settings");
    const used = page.getByTestId("settlement-settings").locator(".ant-statistic", { hasText: "已用额度" });
    await expect(used.locator(".ant-statistic-content")).toHaveText("¥0.00");
    await page.goto("/finance/settlementSet");
    await expect(page.getByTestId("settlement-statements").getByRole("row", { name: new RegExp(generated.statementNo) })).toContainText("已结清");

    // 企业账单 of today: both orders, with what the company paid.
    const today = chinaDate(Date.now());
    await page.goto("/finance/enterpriseBill");
    const bill = page.getByTestId("bill-list");
    await expect(page.getByTestId("bill-totals")).toBeVisible();
    await bill.getByPlaceholder("开始日期").click();
    await bill.getByPlaceholder("开始日期").fill(today);
    await bill.getByPlaceholder("开始日期").press("Enter");
    await bill.getByPlaceholder("结束日期").fill(today);
    await bill.getByPlaceholder("结束日期").press("Enter");
    await bill.getByRole("button", { name: /查\s*询/ }).click();
    // Every row of the day on one page.
    await bill.locator(".ant-pagination-options .ant-select").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "50 条/页" }).click();
    const countText = await bill.getByText(/^共 \d+ 条$/).innerText();
    const count = Number(countText.replace(/\D/g, ""));
    expect(count).toBeLessThanOrEqual(50);
    await expect(bill.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(count);
    const rows = await billRowsOnPage(bill);
    const splitRow = rows.find((r) => r.orderNo === split.orderNo)!;
    const fullRow = rows.find((r) => r.orderNo === full.orderNo)!;
    expect(splitRow).toMatchObject({ totalFen: split.payprice, selfPayFen: selfFen, settledFen: companyFen });
    expect(fullRow).toMatchObject({ totalFen: full.payprice, selfPayFen: 0, settledFen: full.payprice });
    const totals = page.getByTestId("bill-totals");
    await expect(totals).toContainText(`合计（${count} 笔）`);
    const pageTotal = async (key: string) => fenOf(await page.getByTestId(`bill-total-${key}`).innerText());
    await page.screenshot({ path: "test-results/finance-bill-1280.png", fullPage: true });

    // The export holds the same rows and totals, to the fen.
    const download = page.waitForEvent("download");
    await bill.getByRole("button", { name: "导出 Excel" }).click();
    const file = await download;
    await expect(page.getByRole("dialog").getByText(`已导出 ${count} 行`)).toBeVisible();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("企业账单")!;
    expect(sheet.rowCount).toBe(1 + count + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cellFen = (r: number, name: string) => {
      const c = header.indexOf(name);
      expect(c, name).toBeGreaterThanOrEqual(0);
      return Math.round(Number(sheet.getRow(r).getCell(c + 1).value ?? 0) * 100);
    };
    const FEES: [string, string, string][] = [["票价", "票价（元）", "ticketFen"], ["税费", "税费（元）", "taxFen"], ["服务费", "服务费（元）", "serviceFeeFen"], ["保险", "保险（元）", "insuranceFen"]];
    rows.forEach((r, i) => {
      const at = 2 + i;
      expect(sheet.getRow(at).getCell(header.indexOf("订单号") + 1).value).toBe(r.orderNo);
      for (const [label, column] of FEES) expect(cellFen(at, column), `${r.orderNo} ${label}`).toBe(r.fees[label] ?? 0);
      expect(cellFen(at, "订单金额（元）"), r.orderNo).toBe(r.totalFen);
      expect(cellFen(at, "个人自付（元）"), r.orderNo).toBe(r.selfPayFen);
      expect(cellFen(at, "结算金额（元）"), r.orderNo).toBe(r.settledFen);
    });
    const last = sheet.rowCount;
    expect(sheet.getRow(last).getCell(1).value).toBe("合计");
    for (const [, column, key] of FEES) expect(cellFen(last, column), `合计 ${column}`).toBe(await pageTotal(key));
    expect(cellFen(last, "订单金额（元）")).toBe(await pageTotal("totalFen"));
    expect(cellFen(last, "个人自付（元）")).toBe(await pageTotal("selfPayFen"));
    expect(cellFen(last, "结算金额（元）")).toBe(await pageTotal("settledFen"));
    // And the page's totals are its rows' sums.
    expect(rows.reduce((a, r) => a + r.settledFen, 0)).toBe(await pageTotal("settledFen"));
    expect(rows.reduce((a, r) => a + r.totalFen, 0)).toBe(await pageTotal("totalFen"));

    expect(yang.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  } finally {
    for (const undo of restore.reverse()) expect(((await undo()) as { ret: number }).ret).toBe(0);
  }
});
