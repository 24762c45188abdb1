// Monthly settlement in the browser: an employee pays a flight order on the company's credit at
// the cashier; the operator generates and sends the statement (its back office calls the API);
// the company administrator opens 结算设置, sees the statement with its totals, and disputes one
// line with a reason, then the line of a refunded order (tagged 退款) the same way; the credit
// limit the operator grants shows there read-only.
import { expect as baseExpect, test, type Page } from "./fixtures";
import { createHash } from "node:crypto";
import { payNow, signIn, watchConsole } from "./helpers";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { FLIGHT_ORDER_STATUS } from "../src/domain/orders/flight";
import { SETTLEMENT_PATHS } from "../src/domain/settlement/schemas";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightListReply, ListFare } from "../src/domain/travel/types";
import { E2E_OPERATOR_KEY as OPERATOR_KEY } from "./operator-key";
import { formatFen, moneyText } from "../src/domain/money";

// A fresh server generates its travel inventory in the background at first, and pages answer
// slowly while it does: every wait here allows for that.
const expect = baseExpect.configure({ timeout: 30_000 });

async function bookOrder(page: Page, daysAhead: number, mobile: string): Promise<{ id: number; orderNo: string; payprice: number }> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const depDate = addDays(chinaDate(Date.now()), daysAhead);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const { list, servFee }: FlightListReply = (await reply.json()).data;
  // What an adult pays for a fare: its price, taxes and the service fee per ticket.
  const adultTotal = (s: ListFare) => s.salePrice + s.taxes + servFee;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.seatsLeft >= 1 && s.cabinClass === "Y").sort((a, b) => adultTotal(a) - adultTotal(b))[0];
  expect(seat, "an economy fare").toBeTruthy();
  const r = await page.request.post(`/api${FLIGHT_ORDER_PATHS.book}`, {
    form: {
      token: token!, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-settle-${daysAhead}-${Date.now()}`, contactName: "杨帆", contactMobile: mobile,
      "passengers.0.name": "杨帆", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    },
  });
  const env = await r.json();
  expect(env.ret, env.msg).toBe(0);
  return env.data;
}

// The order detail page's refund calls (FLIGHT_AFTER_SALES_PATHS): that module's schemas pull in
// code the spec runner does not load, so the two paths are named here.
const REFUND_PATHS = { tip: "/order/getRefundTip", submit: "/order/AppNewRefundSubmitServlet" } as const;

/** Waits for the airline to ticket the order, asks for its refund and waits for the money back; answers the refund in fen. */
async function refundOnceTicketed(page: Page, id: number): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const status = async () => (await (await page.request.post(`/api${FLIGHT_ORDER_PATHS.detail}`, { form: { token: token!, id } })).json()).data.status as number;
  await expect.poll(status, { timeout: 60_000 }).toBe(FLIGHT_ORDER_STATUS.ticketed);
  const tip = await (await page.request.post(`/api${REFUND_PATHS.tip}`, { form: { token: token!, id } })).json();
  expect(tip.ret, tip.msg).toBe(0);
  const asked = await (await page.request.post(`/api${REFUND_PATHS.submit}`, { form: { token: token!, id, reason: "自愿退票" } })).json();
  expect(asked.ret, asked.msg).toBe(0);
  await expect.poll(status, { timeout: 60_000 }).toBe(FLIGHT_ORDER_STATUS.moneyRefunded);
  return tip.data.refund;
}

async function operator(page: Page, path: string, form: Record<string, string | number>) {
  const r = await page.request.post(`/api${path}`, { form, headers: { "x-operator-key": OPERATOR_KEY } });
  const env = await r.json();
  expect(env.ret, env.msg).toBe(0);
  return env.data;
}

async function companyIdOf(page: Page): Promise<number> {
  const login = await page.request.post("/api/login/appNewLogin", { form: { mobilePhone: "13800000070", loginPsw: createHash("md5").update("demo123456").digest("hex"), accCode: "-9990" } });
  const token = (await login.json()).data.token as string;
  const info = await (await page.request.post(`/api${SETTLEMENT_PATHS.settings}`, { form: { token } })).json();
  expect(info.ret, info.msg).toBe(0);
  return info.data.companyId;
}

test("an employee pays on credit; the administrator sees the statement and disputes one line", async ({ page }) => {
  test.setTimeout(480_000);
  const errors = watchConsole(page);

  // The employee pays at the cashier with the company's credit.
  await signIn(page, "13800000072");
  const order = await bookOrder(page, 12, "13800000072");
  await page.goto(`/pay/order/${order.id}`);
  await page.getByRole("tab", { name: "企业授信支付" }).click();
  await expect(page.getByTestId("credit-available")).toBeVisible();
  await page.screenshot({ path: "test-results/settlement-credit-pay-1280.png", fullPage: true });
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();

  // A second credit order is ticketed and refunded before the statement: its refund is a negative line.
  const refunded = await bookOrder(page, 13, "13800000072");
  await page.goto(`/pay/order/${refunded.id}`);
  await page.getByRole("tab", { name: "企业授信支付" }).click();
  await expect(page.getByTestId("credit-available")).toBeVisible();
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  const refundFen = await refundOnceTicketed(page, refunded.id);

  // The operator's back office bills it and sends the statement.
  const companyId = await companyIdOf(page);
  const statement = await operator(page, SETTLEMENT_PATHS.operatorGenerate, { companyId });
  expect(statement.lines.map((l: { orderNo: string }) => l.orderNo)).toContain(order.orderNo);
  const refundLine = statement.lines.find((l: { orderNo: string; kind: string }) => l.orderNo === refunded.orderNo && l.kind === "refund");
  expect(refundLine, "the refund's line").toBeTruthy();
  expect(refundLine.amountFen).toBe(-refundFen);
  await operator(page, SETTLEMENT_PATHS.operatorSend, { id: statement.id });

  // The administrator opens the settlement page.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, "13800000070");
  await page.goto("/finance/settlementSet");
  await expect(page.getByRole("tab", { name: "对账单" })).toBeVisible();
  const row = page.getByTestId("settlement-statements").getByRole("row", { name: new RegExp(statement.statementNo) });
  await expect(row).toContainText("待确认");
  await expect(row).toContainText(`¥${formatFen(statement.totalFen)}`);
  await page.screenshot({ path: "test-results/settlement-list-1280.png", fullPage: true });
  await row.getByRole("link", { name: "查看" }).click();

  const detail = page.getByTestId("settlement-statement");
  await expect(detail.getByTestId("statement-total")).toHaveText(`¥${formatFen(statement.totalFen)}`);
  await expect(detail.getByText("部门汇总")).toBeVisible();
  await expect(detail.getByRole("cell", { name: "市场部" }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/settlement-statement-1280.png", fullPage: true });

  // Dispute the line of this order, with a reason.
  const line = detail.getByRole("row", { name: new RegExp(order.orderNo) });
  await line.getByRole("button", { name: "提出异议" }).click();
  const dialog = page.getByRole("dialog", { name: "对明细提出异议" });
  await dialog.getByRole("button", { name: "提交异议" }).click();
  await expect(dialog.getByText("请填写异议原因").or(dialog.getByText(/异议原因至少2个字符/))).toBeVisible();
  await dialog.getByLabel("异议原因").fill("该行程已取消，不应计费");
  await page.screenshot({ path: "test-results/settlement-dispute-1280.png", fullPage: true });
  await dialog.getByRole("button", { name: "提交异议" }).click();
  await expect(dialog).toBeHidden();
  await expect(line).toContainText("异议待处理");
  await expect(line).toContainText("异议原因：该行程已取消，不应计费");
  await expect(detail.getByText("有 1 条异议等待运营方处理")).toBeVisible();
  await expect(detail.getByRole("button", { name: "确认对账单" })).toHaveCount(0);

  // The refund's line is tagged 退款 (the charge of the same order is not) and is disputed the same way.
  const orderRows = detail.getByRole("row", { name: new RegExp(refunded.orderNo) });
  await expect(orderRows).toHaveCount(2);
  const refundRow = orderRows.filter({ has: page.getByTestId("line-refund-tag") });
  await expect(refundRow.getByTestId("line-refund-tag")).toHaveText("退款");
  await expect(refundRow).toContainText(moneyText(-refundFen));
  await expect(orderRows.filter({ hasNot: page.getByTestId("line-refund-tag") })).toContainText(`¥${formatFen(refunded.payprice)}`);
  await refundRow.getByRole("button", { name: "提出异议" }).click();
  const refundDialog = page.getByRole("dialog", { name: "对明细提出异议" });
  await expect(refundDialog.getByTestId("line-refund-tag")).toBeVisible();
  await expect(refundDialog.getByText(/异议成立后，该笔退款将在下期对账单中冲回/)).toBeVisible();
  await refundDialog.getByLabel("异议原因").fill("退票费应按 5% 收取，退款少了");
  await refundDialog.getByRole("button", { name: "提交异议" }).click();
  await expect(refundDialog).toBeHidden();
  await expect(refundRow).toContainText("异议待处理");
  await expect(refundRow).toContainText("异议原因：退票费应按 5% 收取，退款少了");
  await expect(detail.getByText("有 2 条异议等待运营方处理")).toBeVisible();
  await page.screenshot({ path: "test-results/settlement-disputed-1280.png", fullPage: true });

  // The operator grants the credit line; the settings show it read-only.
  await operator(page, SETTLEMENT_PATHS.operatorCreditLimit, { companyId, creditLimitFen: 60_000_000 });
  // The settings: a settlement day is required; day 31 with a confirmer is saved.
  await page.goto("/finance/settlementSet?tab=settings");
  const settings = page.getByTestId("settlement-settings");
  await expect(settings.getByText("已用额度")).toBeVisible();
  await expect(settings.getByText("600,000.00")).toBeVisible();
  await expect(settings.getByTestId("credit-by-operator")).toContainText("授信额度由运营方核定，企业管理员不能修改");
  await expect(settings.getByRole("spinbutton")).toHaveCount(0);
  await settings.getByRole("button", { name: "保存设置" }).click();
  await expect(settings.getByText("结算日须为 1 到 31 之间的整数")).toBeVisible();
  await settings.getByRole("combobox", { name: "结算日" }).click();
  await page.keyboard.type("31");
  await page.getByTitle("每月 31 日").click();
  await settings.getByRole("combobox", { name: "可确认对账单的成员" }).click();
  await page.getByTitle("陈静（研发部）").click();
  await page.keyboard.press("Escape");
  await settings.getByRole("button", { name: "保存设置" }).click();
  await expect(page.getByText("结算设置已保存")).toBeVisible();
  await expect(settings.getByText("下一个结算日", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/settlement-settings-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});
