// 售后队列: a member (赵强) books and pays a Beijing–Shanghai flight and, once it is 已出票, asks
// for its refund; the ticketing operator (出票员), in the console, has first switched the airline's
// own acceptance off so the request waits in the queue (without that the airline would accept it
// a few seconds after the request, before anyone could take it). The operator takes it, reads
// the estimate the member saw, lowers the fee with a reason and confirms; the member's order runs
// on to 已退款 with the adjusted fee, the estimate beside it, the reason, and the money back in
// the wallet. The switch is turned back on whatever happens, so the other specs of this server
// see the airline accept refunds by itself again.
import { expect, test, type Browser, type Page } from "./fixtures";
import { ensurePayPassword, payNow, signIn, watchConsole, verifiedSeat } from "./helpers";
import { opsSignIn } from "./ops-helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightSeat, ListFlight } from "../src/domain/travel/types";
import { formatFen, moneyText } from "../src/domain/money";
import { AFTER_SALES_PATHS } from "../src/domain/ops/after-sales-paths";
import { OPS_TOKEN_HEADER } from "../src/domain/ops/paths";

const WHO = "13800000030";
const money = moneyText;
const fenOf = (text: string) => Math.round(Number(text.replace(/[¥,]/g, "")) * 100);
const REASON = "航司同意减免部分退票费";

async function cheapFare(page: Page, depDate: string): Promise<FlightSeat> {
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list = (await reply.json()).data.list as ListFlight[];
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 2).sort((a, b) => a.salePrice - b.salePrice)[0];
  expect(seat, "an economy fare").toBeTruthy();
  return verifiedSeat(page, seat.fareKey);
}

/** The operator's console in a context of its own (its session is per tab, apart from the member's). */
async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: "zh-CN", viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" })).newPage();
  await opsSignIn(page, "ops-ticket");
  await page.getByRole("menuitem", { name: /售后队列/ }).click();
  await expect(page.getByRole("heading", { name: "售后队列" })).toBeVisible();
  return page;
}

/** Turns the airline's own acceptance back on through the operator's call, if it is off. */
async function autoAcceptOn(ops: Page): Promise<void> {
  const token = await ops.evaluate(() => sessionStorage.getItem("opsToken"));
  if (!token) return;
  const r = await ops.request.post(`/api${AFTER_SALES_PATHS.setPolicy}`, { form: { autoAccept: "true" }, headers: { [OPS_TOKEN_HEADER]: token } });
  expect((await r.json()).ret).toBe(0);
}

test("售后队列: the operator takes a refund, adjusts its fee with a reason; the member sees the adjusted fee, the reason and the money back", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  await ensurePayPassword(page, WHO);
  const seat = await cheapFare(page, addDays(chinaDate(Date.now()), 12));
  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await page.getByLabel("姓名").first().fill("赵强");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.getByLabel("联系人姓名").fill("赵强");
  await page.getByLabel("联系人手机").fill(WHO);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const id = Number(page.url().split("/").pop());
  await page.getByRole("link", { name: "去支付" }).click();
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 30_000 });
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const orderNo = (await (await page.request.post("/api/order/appDometicketOrderViewServlet", { form: { id: String(id), token: token! } })).json()).data.orderNo as string;

  const ops = await operatorPage(browser);
  const opsErrors = watchConsole(ops);
  // The estimate the member reads, and the fee the operator sets (read after the switch is back on).
  const figures = { fee: 0, refund: 0, newFee: 0 };
  try {
    // Every request now waits for a person: the airline accepts none by itself.
    const auto = ops.getByRole("switch", { name: "航司自动受理无人领取的申请" });
    await expect(auto).toBeChecked();
    await auto.click();
    await expect(ops.getByText("已关闭：全部申请留在售后队列等待处理")).toBeVisible();
    await expect(auto).not.toBeChecked();

    // The member asks for the refund and reads the estimate.
    await page.getByRole("button", { name: "退票" }).click();
    const dialog = page.getByRole("dialog", { name: "申请退票" });
    const fee = fenOf(await dialog.getByTestId("refund-fee").innerText());
    const refund = fenOf(await dialog.getByTestId("refund-amount").innerText());
    await dialog.getByRole("combobox", { name: "退票原因" }).click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "自愿退票" }).click();
    await dialog.getByRole("button", { name: "确认退票" }).click();
    await expect(page.getByText("退票申请已提交")).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("退票申请中");

    // The operator finds it by its order number and takes it.
    const filters = ops.getByRole("form", { name: "售后申请筛选" });
    await filters.getByLabel("订单号").fill(orderNo);
    await filters.getByRole("button", { name: /查\s?询/ }).click();
    const row = ops.getByRole("row").filter({ hasText: orderNo });
    await expect(row).toContainText("退票申请中");
    await expect(row).toContainText(`手续费 ${money(fee)}，应退 ${money(refund)}`);
    await row.getByRole("button", { name: /领\s?取/ }).click();
    await expect(ops.getByText("已领取", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: /处\s?理/ }).click();

    // The estimate the member saw, beside the decision; a fee lowered by 50 yuan (or to nothing).
    const panel = ops.getByRole("dialog").filter({ hasText: `售后申请 ${orderNo}` });
    await expect(panel.getByTestId("after-sales-estimate")).toHaveText(/手续费 .*，应退 .*/);
    await expect(panel.getByTestId("after-sales-estimate")).toContainText(money(fee));
    const newFee = Math.max(0, fee - 5_000);
    Object.assign(figures, { fee, refund, newFee });
    const form = panel.getByRole("form", { name: "调整手续费" });
    await form.getByLabel("新手续费（元）").fill(formatFen(newFee).replace(/,/g, ""));
    await form.getByLabel("原因（会员可见）").fill(REASON);
    await ops.screenshot({ path: "test-results/ops-after-sales-adjust-1440.png", fullPage: true });
    await form.getByRole("button", { name: "调整并受理" }).click();
    const confirm = ops.getByRole("tooltip").filter({ hasText: "确认按手续费" });
    await expect(confirm).toContainText(`应退 ${money(refund + fee - newFee)}`);
    await confirm.getByRole("button", { name: /确\s?定/ }).click();
    await expect(ops.getByText("已调整手续费并受理", { exact: true }).first()).toBeVisible();
    await expect(row).toContainText("已调整手续费并受理");
    await expect(row).toContainText(`手续费 ${money(newFee)}，应退 ${money(refund + fee - newFee)}`);

    // The switch back on: the airline accepts by itself again.
    await auto.click();
    await expect(ops.getByText("已开启：无人领取的申请由航司自动受理")).toBeVisible();
  } finally {
    await autoAcceptOn(ops);
  }

  // The member: the refund runs on to 已退款 with the adjusted fee, the estimate and the reason.
  const { fee, refund, newFee } = figures;
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("已退款", { timeout: 30_000 });
  const facts = page.getByTestId("refund-facts");
  await expect(facts.getByTestId("refund-record-fee")).toHaveText(money(newFee));
  await expect(facts.getByTestId("refund-quoted-fee")).toHaveText(money(fee));
  await expect(facts.getByTestId("refund-record-amount")).toHaveText(money(refund + fee - newFee));
  await expect(facts.getByTestId("refund-decision-reason")).toHaveText(REASON);
  await expect(facts).toContainText("调整后退票费");
  await expect(facts).toContainText("账户余额");
  await expect(page.getByText(`退款 ${money(refund + fee - newFee)} 至账户余额（扣除退票费 ${money(newFee)}）`)).toBeVisible();
  await expect(page.getByTestId("ticket-refunded")).toHaveText(money(refund + fee - newFee));
  await page.screenshot({ path: "test-results/ops-after-sales-member-1280.png", fullPage: true });
  expect(errors).toEqual([]);
  expect(opsErrors).toEqual([]);
});
