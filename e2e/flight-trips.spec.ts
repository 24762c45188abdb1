// Round trips and domestic connections as a person books them, as a member (吴刚) whose wallet the
// other specs leave alone. 往返 北京 → 广州 from the search page: the outbound, then the return;
// the order page shows both flights and both prices and their total; paid from the wallet, the
// order is ticketed with a ticket per flight, its detail masks the ID number, and the return alone
// is refunded while the outbound stays 已出票. 哈尔滨 → 三亚 has no direct flight: the results
// offer connections at once; one books as a two-flight order, is ticketed, its second flight's
// ticket alone is changed to the next day, and the order is refunded whole.
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, payNow, signIn, watchConsole } from "./helpers";
import { daysAhead, fenOf, pick, setDate } from "./booking-helpers";
import { moneyText } from "../src/domain/money";

const WHO = "13800000050";
const ID_NO = "11010519491231002X";
const MASKED = "110105********002X";
const money = moneyText;
const SHOTS = "test-results";

async function fillAndSubmit(page: Page) {
  await page.getByLabel("姓名").first().fill("吴刚");
  await page.getByLabel("证件号码").first().fill(ID_NO);
  await page.getByLabel("联系人姓名").fill("吴刚");
  await page.getByLabel("联系人手机").fill(WHO);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  return Number(page.url().split("/").pop());
}

async function payAndTicket(page: Page, id: number) {
  await page.getByRole("link", { name: "去支付" }).click();
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 30_000 });
}

/** The order page's prices: each flight's subtotal adds up to the order total. */
async function expectLegPrices(page: Page) {
  await expect(page.getByTestId("order-leg")).toHaveCount(2);
  const legs = page.getByTestId("leg-payprice");
  await expect(legs).toHaveCount(2);
  const [a, b] = (await legs.allInnerTexts()).map(fenOf);
  expect(a).toBeGreaterThan(0);
  expect(b).toBeGreaterThan(0);
  await expect(page.getByTestId("payprice")).toHaveText(money(a + b));
}

test("往返 北京 → 广州: both flights on one order, ticketed per flight, the return refunded alone", async ({ page }) => {
  test.setTimeout(360_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  await ensurePayPassword(page, WHO);
  await page.goto("/airTicket/query");
  await page.getByText("往返").click();
  await pick(page, "出发城市", "beijing", "北京");
  await pick(page, "到达城市", "广州", "广州");
  await setDate(page, "出发日期", daysAhead(12));
  await setDate(page, "返程日期", daysAhead(15));
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page.getByText(/第一步：选择去程 北京 → 广州/)).toBeVisible();

  const cards = page.locator("[data-flight]");
  await cards.first().getByRole("button", { name: /订票/ }).click();
  const outbound = cards.first().locator(".tp-bk-cabin").first();
  // The service fee is said where the price is, not only in the taxes' popover.
  await expect(outbound.getByTestId("service-fee-note")).toHaveText(/^另加服务费¥\d+/);
  await outbound.getByRole("button", { name: "选为去程" }).click();
  await expect(page.getByText(/第二步：选择返程 广州 → 北京/)).toBeVisible();
  await cards.first().getByRole("button", { name: /订票/ }).click();
  await cards.first().locator(".tp-bk-cabin").first().getByRole("button", { name: "预订" }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?.*nextFareKey=/);

  // Both flights, each priced, and the total of both.
  await expect(page.getByText("航班信息 · 往返")).toBeVisible();
  await expect(page.getByTestId("order-leg").first()).toContainText("去程");
  await expect(page.getByTestId("order-leg").nth(1)).toContainText("返程");
  await expectLegPrices(page);
  await page.screenshot({ path: `${SHOTS}/flight-trips-rt-order-page.png`, fullPage: true });
  const total = await page.getByTestId("payprice").innerText();
  const id = await fillAndSubmit(page);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  await expect(page.getByTestId("order-total")).toHaveText(total);
  await expect(page.getByTestId("order-segment")).toHaveCount(2);
  await payAndTicket(page, id);

  // A ticket per flight; the ID number masked as the train detail masks it.
  const tickets = page.locator(".ant-table-row", { has: page.getByTestId("ticket-status") });
  await expect(tickets).toHaveCount(2);
  await expect(tickets.first().getByTestId("ticket-segment")).toContainText("去程");
  await expect(tickets.nth(1).getByTestId("ticket-segment")).toContainText("返程");
  await expect(tickets.first()).toContainText(MASKED);
  await expect(page.getByText(ID_NO)).toHaveCount(0);

  // The return alone: untick the outbound ticket.
  await page.getByRole("button", { name: "退票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请退票" });
  const quote = dialog.getByTestId("refund-quote");
  const rows = quote.locator(".ant-table-row");
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole("checkbox").uncheck();
  await expect(dialog.getByText("已选 1 / 2 张机票")).toBeVisible();
  const refund = await dialog.getByTestId("refund-amount").innerText();
  await dialog.getByRole("combobox", { name: "退票原因" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "自愿退票" }).click();
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(page.getByText("退票申请已提交")).toBeVisible();

  await expect(tickets.nth(1).getByTestId("ticket-status")).toHaveText("已退票", { timeout: 30_000 });
  await expect(tickets.first().getByTestId("ticket-status")).toHaveText("已出票");
  await expect(page.getByTestId("order-status")).toHaveText("已出票");
  await expect(page.getByTestId("order-partial")).toHaveText("部分退票");
  await expect(tickets.nth(1).getByTestId("ticket-refunded")).toHaveText(refund, { timeout: 30_000 });
  await expect(page.getByTestId("order-money")).toContainText(`已退合计：${refund}`);
  await page.screenshot({ path: `${SHOTS}/flight-trips-rt-detail.png`, fullPage: true });

  // The order centre shows it as a round trip.
  await page.goto("/order/list?type=airTicket");
  const orderNo = (await page.request.post("/api/order/appDometicketOrderViewServlet", { form: { id: String(id), token: (await page.evaluate(() => localStorage.getItem("token")))! } }).then((r) => r.json())).data.orderNo;
  const row = page.getByRole("row", { name: new RegExp(orderNo) });
  await expect(row.getByTestId("order-trip")).toHaveText("往返");
  await expect(row).toContainText("部分退票");
  expect(errors).toEqual([]);
});

test("哈尔滨 → 三亚 has no direct flight: a connection is offered, booked as one order, ticketed and refunded whole", async ({ page }) => {
  test.setTimeout(360_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  await ensurePayPassword(page, WHO);
  await page.goto("/airTicket/query");
  await pick(page, "出发城市", "haerbin", "哈尔滨");
  await pick(page, "到达城市", "三亚", "三亚");
  await setDate(page, "出发日期", daysAhead(13));
  await page.getByRole("button", { name: "搜索" }).click();

  await expect(page.getByText("没有直飞航班，为您推荐以下中转方案")).toBeVisible();
  const plans = page.getByTestId("transit-results").locator("[data-itinerary]");
  await expect(plans.first()).toBeVisible();
  await expect(plans.first().getByTestId("service-fee-note").first()).toHaveText(/^另加服务费¥\d+/);
  await page.screenshot({ path: `${SHOTS}/flight-trips-transit-results.png` });
  await plans.first().getByRole("button", { name: "预订" }).first().click();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?.*nextFareKey=/);

  await expect(page.getByText("航班信息 · 中转")).toBeVisible();
  await expect(page.getByTestId("order-leg").first()).toContainText("哈尔滨");
  await expect(page.getByTestId("order-leg").nth(1)).toContainText("三亚");
  await expectLegPrices(page);
  const id = await fillAndSubmit(page);
  await expect(page.getByTestId("order-connection")).toBeVisible();
  await payAndTicket(page, id);
  const tickets = page.locator(".ant-table-row", { has: page.getByTestId("ticket-status") });
  await expect(tickets).toHaveCount(2);
  await expect(tickets.first()).toContainText(MASKED);

  // The second flight's ticket alone is changed to the next day: the dialog searches that flight's route.
  await page.getByRole("button", { name: "改签" }).click();
  const change = page.getByRole("dialog", { name: "机票改签" });
  const picks = change.getByTestId("change-passengers").locator(".ant-table-row");
  await expect(picks).toHaveCount(2);
  await picks.first().getByRole("checkbox").uncheck();
  await picks.nth(1).getByRole("checkbox").check();
  await expect(change.getByText(/改签只能选择同一航线（.+ → 三亚）/)).toBeVisible();
  const fare = change.locator("tr[data-row-key*=\"|\"]").first();
  await fare.scrollIntoViewIfNeeded();
  await fare.click();
  const changeTotal = (await change.getByTestId("change-total").innerText()).trim();
  await change.getByRole("button", { name: "确认改签" }).click();
  if (changeTotal !== "¥0.00") {
    await expect(page).toHaveURL(new RegExp(`/pay/order/${id}$`));
    await payNow(page);
    await expect(page).toHaveURL(/\/order\/list/);
    await page.goto(`/ticket/OrderDetails/${id}`);
  }
  await expect(tickets.nth(1).getByTestId("ticket-status")).toHaveText("已改签", { timeout: 30_000 });
  await expect(tickets.first().getByTestId("ticket-status")).toHaveText("已出票");
  await expect(tickets.nth(1).getByTestId("ticket-changed-to")).toBeVisible();

  // Both tickets together: the whole order is refunded.
  await page.getByRole("button", { name: "退票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请退票" });
  await expect(dialog.getByText("已选 2 / 2 张机票")).toBeVisible();
  await dialog.getByRole("combobox", { name: "退票原因" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "自愿退票" }).click();
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(page.getByText("退票申请已提交")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("已退款", { timeout: 40_000 });
  await expect(tickets.first().getByTestId("ticket-status")).toHaveText("已退票");
  await expect(tickets.nth(1).getByTestId("ticket-status")).toHaveText("已退票");
  expect(errors).toEqual([]);
});
