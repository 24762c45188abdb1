// 在线选座 and a child's ID card on the train order page, walked as a person: a 北京 → 天津 二等座 for an adult
// who picks F and a 7-year-old whose ID card, once typed, turns the ticket to 儿童票 (the panel
// shows the child fare); the child asks for F too. Paid from the wallet and issued, the detail
// says the adult sits in F as chosen and that the child's F could not be held (the railway seats an
// order in one row, one F per row) and was assigned.
import { expect, test, type Page } from "./fixtures";
import { ORDER_LIST_ADDRESS, ensurePayPassword, payNow, signIn, watchConsole } from "./helpers";
import { daysAhead, fenOf, pick, setDate } from "./booking-helpers";
import { idCardCheckChar } from "../src/domain/validators";
import { childTrainFare } from "../src/domain/travel/train";

/** 商务会员, as in the train order spec (13800000010's train orders are counted by the variants spec). */
const MEMBER = "13800000030";
const SEVEN_YEARS_OLD = (() => {
  const first17 = "110105201906010" + "21";
  return first17 + idCardCheckChar(first17);
})();

async function chooseSeat(page: Page, index: number, seat: string) {
  await page.getByRole("combobox", { name: "选座" }).nth(index).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: seat }).first().click();
}

test("an adult picks F, a 7-year-old's ID card turns the ticket to 儿童票, and the detail says which choice was held", async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  await ensurePayPassword(page, MEMBER);
  await page.goto("/train/train_query_list");
  await pick(page, "出发站", "bj", "北京");
  // A short 城际 trip: the two tickets stay within what this member's wallet holds.
  await pick(page, "到达站", "tj", "天津");
  await setDate(page, "出发日期", daysAhead(5));
  await page.getByRole("button", { name: "搜索" }).click();
  const train = page.locator("[data-train]").filter({ has: page.locator('[data-seat="二等座"] button:not([disabled])') }).first();
  await expect(train).toBeVisible();
  const fare = fenOf(await train.locator('[data-seat="二等座"] .tp-bk-price').innerText());
  await train.locator('[data-seat="二等座"]').getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/train\/train_order_info\?.*seatClass=O/);

  await page.getByLabel("乘客 1").fill("张三");
  await page.getByLabel("证件号码").fill("11010519491231002X");
  await chooseSeat(page, 0, "F");
  await page.getByRole("button", { name: "添加乘客" }).click();
  await page.getByLabel("乘客 2").fill("张小明");
  // Typed on a 成人票, the card of a child under 14 on the travel date switches it to 儿童票.
  await expect(page.getByTestId("passenger-1")).toContainText("成人票");
  await page.getByLabel("证件号码").nth(1).fill(SEVEN_YEARS_OLD);
  await expect(page.getByTestId("passenger-1")).toContainText("儿童票");
  await expect(page.getByTestId("passenger-1")).toContainText("已设为儿童票");
  await chooseSeat(page, 1, "F");
  await page.getByLabel("联系人姓名").fill("张三");
  await page.getByLabel("联系人手机").fill(MEMBER);
  const panel = page.getByTestId("price-panel");
  await expect(panel).toContainText("儿童票");
  expect(fenOf(await page.getByTestId("price-total").innerText())).toBe(fare + childTrainFare(fare) + 1000);
  await page.screenshot({ path: "test-results/train-seat-choice-1280.png", fullPage: true });
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/train\/train_order_pay\/\d+\/T\d{18}$/);
  expect(fenOf(await page.getByTestId("pay-amount").innerText())).toBe(fare + childTrainFare(fare) + 1000);
  const orderId = page.url().split("/").at(-2)!;
  await payNow(page);
  await expect(page).toHaveURL(ORDER_LIST_ADDRESS);

  await page.goto(`/train/OrderDetails/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 20_000 }).catch(async () => {
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 15_000 });
  });
  const passengers = page.getByTestId("order-passengers");
  await expect(passengers).toContainText(/\d{2}车\d{2}F号/);
  await expect(passengers).toContainText("已选座 F");
  await expect(passengers).toContainText("未能按所选座位出票，已随机分配");
  await page.screenshot({ path: "test-results/train-seat-choice-detail-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});
