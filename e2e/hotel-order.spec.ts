// A member books a hotel room end to end: searches hotels in 上海, opens an economy hotel, books a
// room for 2 nights (the price panel adds up), pays from the wallet, lands on the order detail
// (待确认, then 已确认 once the hotel confirms), finds the order in 酒店订单, opens it again and
// cancels it (free cancellation: the dialog shows the refund first, then the whole price goes
// back to the wallet).
import { expect, test } from "./fixtures";
import { ensurePayPassword, payNow, signIn, watchConsole } from "./helpers";
import { daysAhead, pick, setDate, fenOf } from "./booking-helpers";
import { moneyText } from "../src/domain/money";

const yuan = fenOf;

test("a member books a 上海 hotel room for 2 nights, pays from the wallet and follows the order", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, "13800000010");
  await page.goto("/hotel/index");
  await pick(page, "目的地", "sh", "上海");
  await setDate(page, "入住日期", daysAhead(4));
  await setDate(page, "离店日期", daysAhead(6));
  await expect(page.getByText("共2晚")).toBeVisible();
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/\/hotel\/list\?.*cityCode=3101/);

  // An economy hotel: two nights fit the demo wallet.
  const hotels = page.locator("[data-hotel]");
  await page.getByRole("combobox", { name: "星级" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "经济型" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/stars=2/);
  await expect.poll(async () => {
    const texts = await hotels.allInnerTexts();
    return texts.length > 0 && texts.every((x) => x.includes("经济型"));
  }).toBe(true);
  const name = await hotels.first().locator(".tp-bk-hotel__name").innerText();
  await hotels.first().locator(".tp-bk-hotel__name a").click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  // A free-cancellation rate, so the booking can be cancelled at the end and the wallet made whole.
  const room = page.locator("[data-room]").filter({ has: page.locator(".tp-bk-cancel--free") }).filter({ has: page.getByRole("button", { name: /^预订/ }) }).first();
  await expect(room).toBeVisible();
  const roomName = (await room.getAttribute("data-room"))!;
  await room.getByRole("button", { name: /预订/ }).click();

  await expect(page).toHaveURL(/\/hotel\/orderInfo\?.*roomTypeId=/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText(roomName).first()).toBeVisible();
  const panel = page.getByTestId("price-panel");
  await expect(panel.getByText(daysAhead(4))).toBeVisible();
  await expect(panel.getByText(daysAhead(5))).toBeVisible();
  // The panel adds up: the two nights' subtotals make the total.
  const lines = await panel.locator("> div").allInnerTexts();
  const nightly = lines.slice(0, 2).map((l) => yuan(l.split("\n").pop()!.split(/\s+/).pop()!));
  const total = yuan(await page.getByTestId("price-total").innerText());
  expect(nightly[0] + nightly[1]).toBe(total);
  expect(total).toBeLessThanOrEqual(128050);

  // One guest per room: a second room adds a guest row, back to one removes it.
  await page.locator('.ant-select-selection-item[title="1 间"]').click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "2 间" }).click();
  await expect(page.getByLabel("房间 2 入住人")).toBeVisible();
  await page.locator('.ant-select-selection-item[title="2 间"]').click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "1 间" }).click();
  await expect(page.getByLabel("房间 2 入住人")).toHaveCount(0);

  // An empty guest name is refused in the browser by the shared schema.
  await page.getByLabel("房间 1 入住人").fill("");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page.getByText("请填写入住人姓名")).toBeVisible();
  await page.getByLabel("房间 1 入住人").fill("张三");
  await page.getByLabel("联系人姓名").fill("张三");
  await page.getByLabel("联系人手机").fill("13800000010");
  await page.screenshot({ path: "test-results/hotel-order-info-1280.png", fullPage: true });
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/pay\/hotel\/H\d{18}$/);
  const orderNo = page.url().split("/").pop()!;
  await expect(page.getByTestId("pay-amount")).toHaveText(await page.getByTestId("pay-amount").innerText());
  expect(yuan(await page.getByTestId("pay-amount").innerText())).toBe(total);
  await page.screenshot({ path: "test-results/hotel-pay-1280.png", fullPage: true });
  await payNow(page);

  await expect(page).toHaveURL(new RegExp(`/hotel/OrderDetails/${orderNo}$`));
  await expect(page.getByText("订单支付成功")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText(/^(待确认|已确认)$/);
  await expect(page.getByText(/^ · 待确认 · 系统 · /)).toBeVisible();
  await expect(page.getByText("张三").first()).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(`¥${(total / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);

  await page.goto("/hotel/orderList");
  await expect(page.getByRole("tab", { name: "酒店订单", selected: true })).toBeVisible();
  const row = page.getByTestId("hotel-order-list").locator("tr", { hasText: orderNo });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/待确认|已确认/);
  await expect(row).toContainText(name);
  // The status filter goes to the server.
  await page.getByTestId("hotel-order-list").getByRole("combobox").first().click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "已取消" }).click();
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page.getByText("没有符合条件的订单")).toBeVisible();
  await page.getByRole("button", { name: "重置" }).click();
  await expect(row).toBeVisible();
  await page.screenshot({ path: "test-results/hotel-order-list-1280.png", fullPage: true });

  await row.getByRole("link", { name: orderNo }).click();
  await expect(page).toHaveURL(new RegExp(`/hotel/OrderDetails/${orderNo}$`));
  // The hotel confirms shortly after payment.
  await expect(page.getByTestId("order-status")).toHaveText("已确认", { timeout: 20_000 }).catch(async () => {
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("已确认", { timeout: 15_000 });
  });
  await expect(page.getByText(/^ · 已确认 · 系统 · /)).toBeVisible();
  await page.screenshot({ path: "test-results/hotel-order-detail-1280.png", fullPage: true });

  // Before check-in the guest and the arrival time can be changed; the shared schema checks first.
  await page.getByRole("button", { name: "修改订单" }).click();
  const edit = page.getByRole("dialog", { name: "修改订单" });
  await edit.getByLabel("联系人手机").fill("1380000");
  await edit.getByRole("button", { name: "保存修改" }).click();
  await expect(edit.getByText("请输入正确的手机号码")).toBeVisible();
  await edit.getByLabel("联系人手机").fill("13800000010");
  await edit.getByLabel("房间 1 入住人").fill("李四");
  await edit.getByTitle("18:00 前到店").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "22:00" }).click();
  await page.screenshot({ path: "test-results/hotel-order-modify-1280.png", fullPage: true });
  await edit.getByRole("button", { name: "保存修改" }).click();
  await expect(page.getByText("订单已修改")).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(page.getByTestId("order-status")).toHaveText("已确认");
  await expect(page.getByText("入住人 张三 → 李四")).toBeVisible();
  await expect(page.getByText(/22:00/).first()).toBeVisible();

  // Cancelling a confirmed free-cancellation booking first shows what it will do — the server's
  // quote under the rate's policy: nothing kept, the whole price back, free until check-in day
  // 18:00 — then refunds to the wallet.
  await page.getByRole("button", { name: "取消订单" }).click();
  const dialog = page.getByRole("dialog", { name: "取消订单" });
  const quote = dialog.getByTestId("cancel-quote");
  await expect(quote).toBeVisible();
  await expect(quote).toContainText("已付金额");
  await expect(dialog.getByTestId("cancel-fee")).toHaveText("¥0.00");
  expect(yuan(await dialog.getByTestId("cancel-refund").innerText())).toBe(total);
  await expect(dialog.getByTestId("cancel-free-until")).toHaveText(`${daysAhead(4)} 18:00 前取消免费`);
  await page.screenshot({ path: "test-results/hotel-order-cancel-quote-1280.png", fullPage: true });
  await dialog.getByRole("button", { name: "确定取消" }).click();
  await expect(page.getByText("订单已取消")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("已退款");
  await expect(page.getByText(/^ · 已退款 · 系统 · /)).toBeVisible();
  await expect(page.getByRole("button", { name: "取消订单" })).toHaveCount(0);

  // The wallet names the money that came back as the hotel's refund, not as its payment.
  await page.goto("/myCenter/wallet");
  const rows = page.getByTestId("wallet-ledger").getByRole("row").filter({ hasText: orderNo });
  await expect(rows.filter({ hasText: "酒店退款" })).toContainText(`+${moneyText(total)}`);
  await expect(rows.filter({ hasText: "酒店支付" })).toContainText(`-${moneyText(total)}`);
  expect(errors).toEqual([]);
});
