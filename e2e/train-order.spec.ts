// A member (商务会员) books a train ticket end to end: searches 北京 → 上海 trains, books a 二等座 for
// themself (the price panel adds the fare and the service fee), pays from the wallet, lands on the
// 火车票订单 tab, opens the order and waits for 已出票 with a seat number, asks for 退票 (the
// railway's fee and the refund are shown before confirming), confirms, and sees 已退票. Changes:
// to a train no dearer (completed at once), and to a dearer 一等座 (the difference shown, the order
// in 改签待支付, the difference paid at the cashier as 火车票改签, the new ticket issued).
import { expect, test } from "./fixtures";
import { ORDER_LIST_ADDRESS, ensurePayPassword, payNow, signIn, watchConsole } from "./helpers";
import { daysAhead, pick, setDate, fenOf } from "./booking-helpers";

const fen = fenOf;
const SHOTS = "test-results";
/** 商务会员 with wallet balance that no other browser test spends. */
const MEMBER = "13800000030";

test("a member books a 北京 → 上海 二等座, pays from the wallet, waits for 已出票 and returns the ticket", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, MEMBER);
  await page.goto("/train/train_query_list");
  await pick(page, "出发站", "bj", "北京");
  await pick(page, "到达站", "sh", "上海");
  await setDate(page, "出发日期", daysAhead(3));
  await page.getByRole("button", { name: "搜索" }).click();

  // The first high-speed train with 二等座 left, once the filter has applied.
  await page.getByText("只看高铁动车").click();
  await expect(page).toHaveURL(/gd=1/);
  await expect.poll(async () => {
    const numbers = await page.locator("[data-train]").evaluateAll((els) => els.map((e) => e.getAttribute("data-train") ?? ""));
    return numbers.length > 0 && numbers.every((n) => /^[GDC]/.test(n));
  }).toBe(true);
  const train = page.locator("[data-train]").filter({ has: page.locator('[data-seat="二等座"] button:not([disabled])') }).first();
  await expect(train).toBeVisible();
  const trainNo = (await train.getAttribute("data-train"))!;
  const fare = fen(await train.locator('[data-seat="二等座"] .tp-bk-price').innerText());
  await train.locator('[data-seat="二等座"]').getByRole("button", { name: /预订/ }).click();

  await expect(page).toHaveURL(/\/train\/train_order_info\?.*trainKey=.*seatClass=O/);
  await expect(page.getByTestId("order-train")).toContainText(trainNo);
  await expect(page.getByText("二等座").first()).toBeVisible();
  // A certificate number that fails its check is refused in the browser by the shared schema.
  await page.getByLabel("乘客 1").fill("张三");
  await page.getByLabel("证件号码").fill("110105194912310021");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page.getByText("证件号码格式不正确")).toBeVisible();
  await page.getByLabel("证件号码").fill("11010519491231002X");
  await page.getByLabel("联系人姓名").fill("张三");
  await page.getByLabel("联系人手机").fill(MEMBER);
  // The panel adds up: one adult fare plus the service fee.
  const panel = page.getByTestId("price-panel");
  await expect(panel).toContainText("成人票");
  await expect(panel).toContainText("服务费");
  const total = fen(await page.getByTestId("price-total").innerText());
  expect(total).toBe(fare + 500);
  await page.screenshot({ path: `${SHOTS}/train-order-info-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/train\/train_order_pay\/\d+\/T\d{18}$/);
  const orderNo = page.url().split("/").pop()!;
  expect(fen(await page.getByTestId("pay-amount").innerText())).toBe(total);
  await page.screenshot({ path: `${SHOTS}/train-pay-1280.png`, fullPage: true });
  await payNow(page);

  // trainPay goes to the train order list.
  await expect(page).toHaveURL(ORDER_LIST_ADDRESS);
  await expect(page.getByRole("tab", { name: "火车票订单", selected: true })).toBeVisible();
  const row = page.getByTestId("train-order-list").locator("tr", { hasText: orderNo });
  await expect(row).toBeVisible();
  await expect(row).toContainText(trainNo);
  await expect(row).toContainText(/出票中|已出票/);
  await page.screenshot({ path: `${SHOTS}/train-order-list-1280.png`, fullPage: true });

  await row.getByRole("link", { name: orderNo }).click();
  await expect(page).toHaveURL(/\/train\/OrderDetails\/\d+$/);
  // The railway issues the ticket a few seconds after payment.
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 20_000 }).catch(async () => {
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 15_000 });
  });
  await expect(page.getByTestId("order-passengers")).toContainText(/\d{2}车\d{2}[ABCDF]号/);
  await expect(page.getByText(/^ · 已出票 · 系统 · /)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/train-order-detail-1280.png`, fullPage: true });

  // 退票 first shows the railway's fee (3 days before departure: 5 %, to half a yuan) and the refund.
  await page.getByRole("button", { name: "退票" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("refund-quote")).toBeVisible();
  await expect(dialog).toContainText(/当前退票费率 (5|10)%/);
  const quoted = await dialog.getByTestId("refund-total").innerText();
  const [refund, fee] = [...quoted.matchAll(/¥([\d,.]+)/g)].map((m) => fen(m[1]));
  expect(fee).toBeGreaterThan(0);
  expect(fee % 50).toBe(0);
  expect(refund + fee).toBe(fare);
  await page.screenshot({ path: `${SHOTS}/train-refund-quote-1280.png`, fullPage: true });
  await dialog.getByRole("button", { name: "确认退票" }).click();

  await expect(page.getByText(/退票成功/)).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("已退票");
  await expect(page.getByTestId("order-refunded")).toHaveText(`¥${(refund / 100).toFixed(2)}`);
  await expect(page.getByText(/^ · 已退票 · /)).toBeVisible();
  await expect(page.getByRole("button", { name: "退票" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/train-order-refunded-1280.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("a member changes a ticketed 二等座 to another train no dearer: the change is quoted, confirmed and shown as 已改签", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, MEMBER);
  await page.goto(`/train/train_query_list?fromStation=北京&toStation=上海&depDate=${daysAhead(4)}&gd=1`);
  const trains = page.locator("[data-train]").filter({ has: page.locator('[data-seat="二等座"] button:not([disabled])') });
  await expect(trains.nth(1)).toBeVisible();
  // From the dearest 二等座 to another train's: a dearer change would need the difference paid.
  const prices = await trains.locator('[data-seat="二等座"] .tp-bk-price').allInnerTexts();
  const from = prices.map(fen).reduce((best, p, i, all) => (p > all[best] ? i : best), 0);
  const to = from === 0 ? 1 : 0;
  const difference = fen(prices[from]) - fen(prices[to]);
  const first = (await trains.nth(from).getAttribute("data-train"))!;
  const second = (await trains.nth(to).getAttribute("data-train"))!;
  await trains.nth(from).locator('[data-seat="二等座"]').getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/train\/train_order_info\?/);
  await page.getByLabel("乘客 1").fill("张三");
  await page.getByLabel("证件号码").fill("11010519491231002X");
  await page.getByLabel("联系人姓名").fill("张三");
  await page.getByLabel("联系人手机").fill(MEMBER);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/train\/train_order_pay\/\d+\/T\d{18}$/);
  const orderId = page.url().split("/").at(-2)!;
  await payNow(page);
  await expect(page).toHaveURL(ORDER_LIST_ADDRESS);

  await page.goto(`/train/OrderDetails/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 20_000 }).catch(async () => {
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 15_000 });
  });
  await page.getByRole("button", { name: "改签" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox").nth(0).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: new RegExp(`^${second}\\s`) }).click();
  await dialog.getByRole("combobox").nth(1).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "二等座" }).click();
  await expect(dialog.getByTestId("change-quote")).toContainText(`改签至 ${second}`);
  await expect(dialog.getByTestId("change-quote")).toContainText(difference > 0 ? "退还差额" : "票价相同，无需补退差额");
  await page.screenshot({ path: `${SHOTS}/train-change-quote-1280.png`, fullPage: true });
  await dialog.getByRole("button", { name: "确认改签" }).click();

  await expect(page.getByText("改签成功")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("已改签");
  await expect(page.getByText(`${second}　`).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`^${first} `))).toBeVisible();
  await expect(page.getByTestId("order-passengers")).toContainText(/\d{2}车\d{2}[ABCDF]号/);
  await expect(page.getByRole("button", { name: "改签" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "退票" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/train-order-changed-1280.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("a member changes a ticketed 二等座 to a dearer 一等座: sees the difference, pays it at the cashier and gets the new ticket", async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, MEMBER);
  await page.goto(`/train/train_query_list?fromStation=北京&toStation=上海&depDate=${daysAhead(5)}&gd=1`);
  const second = page.locator("[data-train]").filter({ has: page.locator('[data-seat="二等座"] button:not([disabled])') });
  await expect(second.first()).toBeVisible();
  const from = second.first();
  const trainNo = (await from.getAttribute("data-train"))!;
  const fare = fenOf(await from.locator('[data-seat="二等座"] .tp-bk-price').innerText());
  // Another train's 一等座, dearer than the 二等座 booked.
  const firstClass = page.locator("[data-train]").filter({ has: page.locator('[data-seat="一等座"] button:not([disabled])') });
  await expect(firstClass.first()).toBeVisible();
  let dearerNo = "";
  let dearerFare = 0;
  for (const row of await firstClass.all()) {
    const no = (await row.getAttribute("data-train"))!;
    const price = fenOf(await row.locator('[data-seat="一等座"] .tp-bk-price').innerText());
    if (no !== trainNo && price > fare) {
      dearerNo = no;
      dearerFare = price;
      break;
    }
  }
  expect(dearerNo).not.toBe("");
  const difference = dearerFare - fare;

  await from.locator('[data-seat="二等座"]').getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/train\/train_order_info\?/);
  await page.getByLabel("乘客 1").fill("张三");
  await page.getByLabel("证件号码").fill("11010519491231002X");
  await page.getByLabel("联系人姓名").fill("张三");
  await page.getByLabel("联系人手机").fill(MEMBER);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/train\/train_order_pay\/\d+\/T\d{18}$/);
  const [orderId, orderNo] = page.url().split("/").slice(-2);
  const paid = fenOf(await page.getByTestId("pay-amount").innerText());
  await payNow(page);
  await expect(page).toHaveURL(ORDER_LIST_ADDRESS);

  await page.goto(`/train/OrderDetails/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 20_000 }).catch(async () => {
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 15_000 });
  });
  await page.getByRole("button", { name: "改签" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox").nth(0).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: new RegExp(`^${dearerNo}\\s`) }).click();
  await dialog.getByRole("combobox").nth(1).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "一等座" }).click();
  // The difference and no change fee, before anything is held.
  const quote = dialog.getByTestId("change-quote");
  await expect(quote).toContainText(`改签至 ${dearerNo}`);
  await expect(quote).toContainText("补差价");
  await expect(dialog.getByTestId("change-money")).toContainText(`需补差价 ¥${(difference / 100).toFixed(2)}（改签至较高票价不收改签费）`);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/train-change-dearer-quote-${width}.png`, fullPage: true });
  }
  await dialog.getByRole("button", { name: "确认改签并支付" }).click();

  // The cashier takes the difference as 火车票改签.
  await expect(page).toHaveURL(new RegExp(`/train/train_order_pay/${orderId}/${orderNo}$`));
  expect(fenOf(await page.getByTestId("pay-amount").innerText())).toBe(difference);
  await expect(page.getByText("火车票改签")).toBeVisible();
  await expect(page.getByText(new RegExp(`^改签至 ${dearerNo} .*一等座`))).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/train-change-dearer-pay-${width}.png`, fullPage: true });
  }
  // Before paying, the order shows the change waiting for it, with the original ticket still held.
  await page.goto(`/train/OrderDetails/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("改签待支付");
  await expect(page.getByTestId("change-pending")).toContainText(dearerNo);
  await expect(page.getByTestId("change-pending")).toContainText(`¥${(difference / 100).toFixed(2)}`);
  await expect(page.getByText(`${trainNo}　`).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "取消改签" })).toBeVisible();
  await expect(page.getByRole("button", { name: "退票" })).toHaveCount(0);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/train-change-dearer-pending-${width}.png`, fullPage: true });
  }
  await page.getByRole("link", { name: "支付差价" }).click();
  await payNow(page);

  // trainChangeTicket lands on the train order list; the order carries the new ticket.
  await expect(page).toHaveURL(ORDER_LIST_ADDRESS);
  await expect(page.getByRole("tab", { name: "火车票订单", selected: true })).toBeVisible();
  await page.goto(`/train/OrderDetails/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("已改签");
  await expect(page.getByText(`${dearerNo}　`).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`^${trainNo} `))).toBeVisible();
  await expect(page.getByTestId("order-passengers")).toContainText(/\d{2}车\d{2}[A-F]号/);
  await expect(page.getByTestId("order-change-paid")).toHaveText(`¥${(difference / 100).toFixed(2)}`);
  await expect(page.getByTestId("order-total")).toHaveText(`¥${((paid + difference) / 100).toFixed(2)}`);
  await expect(page.getByText(/^ · 已改签 · 系统 · /)).toBeVisible();
  await expect(page.getByRole("button", { name: "退票" })).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/train-change-dearer-done-${width}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});
