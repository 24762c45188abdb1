// No direct train runs 北京南 → 厦门北: the empty list offers 中转方案, which shows journeys of two
// trains with where and how long the change is, narrows them to one transfer city, sorts them,
// and books a leg like a direct train.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { daysAhead, pick } from "./booking-helpers";

test("no direct train to 厦门北: the transfer options show the change and book a leg", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/train/train_query_list");
  await pick(page, "出发站", "bjn", "北京南");
  await pick(page, "到达站", "xiamenbei", "厦门北");
  const date = page.getByPlaceholder("出发日期", { exact: true });
  await date.click();
  await date.fill(daysAhead(5));
  await date.press("Enter");
  await page.getByRole("button", { name: "搜索" }).click();

  await expect(page.getByText("没有找到符合条件的车次")).toBeVisible();
  await page.getByRole("link", { name: "查看中转方案" }).last().click();
  await expect(page).toHaveURL(/\/train\/train_transfer\?.*fromStation=/);

  const plans = page.locator("[data-transfer]");
  await expect(plans.first()).toBeVisible();
  await expect(page.getByText(/^共 \d+ 个中转方案$/)).toBeVisible();
  // Each plan: two trains and the change between them, with the wait.
  const first = plans.first();
  await expect(first.locator("[data-train]")).toHaveCount(2);
  await expect(first.getByTestId("connection")).toContainText(/换乘.*等候/);
  await page.screenshot({ path: "test-results/train-transfer-1280.png" });

  // Sorted by the lowest fare on the server.
  await page.getByText("价格低-高").click();
  await expect(page).toHaveURL(/sort=price/);
  await expect.poll(async () => {
    const prices = (await plans.locator(".tp-bk-transfer__head .tp-bk-price").allInnerTexts()).map((x) => Number(x.replace(/[^\d.]/g, "")));
    return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
  }).toBe(true);

  // Through one city only.
  await page.getByRole("searchbox", { name: "换乘城市" }).fill("上海");
  await page.getByRole("searchbox", { name: "换乘城市" }).press("Enter");
  await expect(page).toHaveURL(/via=/);
  await expect.poll(async () => {
    const texts = await plans.getByTestId("connection").allInnerTexts();
    return texts.length > 0 && texts.every((x) => x.includes("上海"));
  }).toBe(true);

  await first.locator("[data-train]").first().locator(".tp-bk-seat").filter({ has: page.getByRole("button", { name: /预订/, disabled: false }) }).first().getByRole("button").click();
  await expect(page).toHaveURL(/\/train\/train_order_info\?.*trainKey=.*(北京南|%E5%8C%97%E4%BA%AC%E5%8D%97)/);
  expect(errors).toEqual([]);
});
