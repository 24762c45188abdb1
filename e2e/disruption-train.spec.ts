// 航变 of a train, in Chinese: a company employee (杨帆) has a paid and issued 北京→上海 二等座; the
// ticketing operator (出票员) signs in to the console, opens 航变登记 and records the train's
// cancellation (confirmed before it notifies anyone), and sees it in the list with one order; the
// train reads 停运 in that day's results; the employee opens the order, sees 列车停运 with a free
// change or a full refund (no accepting a cancelled train), changes free of charge to another
// train of the same day and seat class, pays nothing and ends 已改签 on it; the travel manager
// (刘建国) finds the trip on 航变行程 under 差旅管理 with the employee's choice, and opens the order
// from it.
import { expect, test, type Page } from "./fixtures";
import { payBySandboxAlipay, signedInAs, watchConsole } from "./helpers";
import { daysAhead } from "./booking-helpers";
import { opsSignIn } from "./ops-helpers";
import { TRAIN_ORDER_PATHS } from "../src/domain/orders/train-types";
import type { TrainItem } from "../src/domain/travel/types";

const EMPLOYEE = "13800000072";
const SEAT = "O";

async function trainsOn(page: Page, depDate: string): Promise<TrainItem[]> {
  const reply = await page.request.post("/api/api/v1/train/train_list", { form: { fromStation: "北京", toStation: "上海", depDate, trainTypes: "G" } });
  return ((await reply.json()).data.list as TrainItem[]).filter((t) => t.seats.some((s) => s.seatClass === SEAT && s.left >= 2));
}

test("航变: the ticketing operator records a train's cancellation in the console, the employee changes free of charge, the travel manager sees the trip", async ({ browser }) => {
  test.setTimeout(300_000);
  const { page, errors } = await signedInAs(browser, EMPLOYEE);
  const depDate = daysAhead(12);
  const day = await trainsOn(page, depDate);
  expect(day.length, "two trains with 二等座 left").toBeGreaterThanOrEqual(2);
  const train = day[0];

  // Booked (因私) and paid through the sandbox Alipay: no wallet of another spec is touched.
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const booked = await (await page.request.post(`/api${TRAIN_ORDER_PATHS.book}`, {
    form: {
      token, trainKey: train.trainKey, seatClass: SEAT, clientKey: `disruption-train-${Date.now()}`, travelType: "private", contactName: "杨帆", contactMobile: EMPLOYEE,
      "passengers.0.name": "杨帆", "passengers.0.certType": "1", "passengers.0.certNo": "11010519491231002X", "passengers.0.passengerType": "adult",
    },
  })).json();
  expect(booked.ret, booked.msg).toBe(0);
  const { id, orderNo } = booked.data as { id: number; orderNo: string };
  await page.goto(`/train/train_order_pay/${id}/${orderNo}`);
  await payBySandboxAlipay(page);
  await page.goto(`/train/OrderDetails/${id}`);
  // The railway issues the ticket a few seconds after payment; the page shows it when opened again.
  await expect.poll(async () => {
    await page.reload();
    return (await page.getByTestId("order-status").innerText()).trim();
  }, { timeout: 60_000 }).toBe("已出票");
  const paid = (await page.getByTestId("order-total").innerText()).trim();

  // The ticketing operator records the cancellation in the console.
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  const opsErrors = watchConsole(ops);
  await opsSignIn(ops, "ops-ticket");
  await ops.getByRole("menuitem", { name: "航变登记" }).click();
  await expect(ops).toHaveURL(/\/ops\/disruptions$/);
  await ops.getByRole("button", { name: "录入航变" }).click();
  const form = ops.getByRole("form", { name: "航变信息" });
  // An antd select opens from its box (the shown choice covers the search input).
  await form.locator(".ant-select", { has: ops.getByRole("combobox", { name: "航变类型" }) }).click();
  await ops.locator(".ant-select-dropdown:visible").getByTitle("列车停运").click();
  await expect(form.getByLabel("新出发时间")).toHaveCount(0);
  await form.getByLabel("航班号/车次").fill(train.trainNo);
  await form.getByLabel("日期").fill(depDate);
  await form.getByLabel("日期").press("Enter");
  await form.getByLabel("原因").fill("线路施工");
  await form.getByRole("button", { name: "录入并通知出行人" }).click();
  // Recording notifies travellers: confirmed first.
  const confirm = ops.locator(".ant-modal-confirm");
  await expect(confirm).toContainText("确认录入航变？");
  await expect(confirm).toContainText(`${train.trainNo}（${depDate}）将登记为取消/停运`);
  for (const width of [1280, 1440]) {
    await ops.setViewportSize({ width, height: 900 });
    await ops.screenshot({ path: `test-results/disruption-train-ops-record-${width}.png` });
  }
  await confirm.getByRole("button", { name: "确认录入" }).click();
  await expect(ops.getByText("已录入航变，影响 1 个订单，已通知出行人")).toBeVisible();
  const recorded = ops.getByTestId("ops-disruptions").getByRole("row").filter({ hasText: train.trainNo }).first();
  await expect(recorded).toContainText("列车停运");
  await expect(recorded.getByTestId("disruption-orders")).toHaveText("1");
  await ops.screenshot({ path: "test-results/disruption-train-ops-list-1440.png", fullPage: true });

  // The train no longer sells that day: it reads 停运 (not 无票) with 预订 turned off.
  await page.goto(`/train/train_query_list?fromStation=北京&toStation=上海&depDate=${depDate}&gd=1`);
  await expect(page.getByRole("button", { name: `预订 ${train.trainNo} 二等座` })).toBeDisabled();
  await expect(page.locator(`[data-train="${train.trainNo}"]`).getByTestId("train-stopped")).toHaveText("停运");

  // The employee's order: 列车停运, a free change or a full refund.
  await page.goto(`/train/OrderDetails/${id}`);
  const section = page.getByTestId("order-disruption");
  await expect(section).toContainText("列车停运");
  await expect(section).toContainText(`${train.trainNo}（${depDate}）已取消`);
  await expect(section).toContainText("原因：线路施工");
  await expect(section.getByRole("button", { name: "接受新时刻" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "全额退票" })).toBeVisible();
  await section.getByRole("button", { name: "免费改签" }).click();
  const dialog = page.getByRole("dialog", { name: "免费改签" });
  const trains = dialog.getByTestId("free-change-trains");
  await expect(trains).toBeVisible();
  await expect(trains).not.toContainText(train.trainNo);
  const first = trains.locator("tbody tr.ant-table-row").first();
  const newTrainNo = (await first.locator("strong").innerText()).trim();
  await first.click();
  await expect(dialog.getByTestId("free-change-total")).toContainText("无需支付");
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/disruption-train-free-change-${width}.png` });
  }
  await dialog.getByRole("button", { name: "确认免费改签" }).click();
  await expect(page.getByText("已免费改签，新车票已出票")).toBeVisible();
  await expect(page.getByTestId("disruption-status")).toHaveText("已免费改签");
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("已改签");
  await expect(page.getByRole("heading", { name: new RegExp(newTrainNo) })).toBeVisible();
  // Nothing paid, nothing refunded: the order's total is what was paid for the first train.
  await expect(page.getByTestId("order-total")).toHaveText(paid);
  await expect(page.getByTestId("order-refunded")).toHaveCount(0);

  // The travel manager's 航变行程 under 差旅管理.
  const admin = await signedInAs(browser, "13800000070");
  await admin.page.goto("/travel/travelManage/disruptions");
  const list = admin.page.getByTestId("trip-disruptions");
  const row = list.getByRole("row").filter({ hasText: orderNo });
  await expect(row).toContainText("列车停运");
  await expect(row).toContainText("杨帆");
  await expect(row.getByTestId("trip-disruption-status")).toHaveText("已免费改签");
  // Filtered: not yet chosen finds nothing of it; chosen finds it again.
  await list.locator(".ant-select", { has: admin.page.getByRole("combobox", { name: "是否已处理" }) }).click();
  await admin.page.locator(".ant-select-dropdown:visible").getByTitle("未处理").click();
  await list.getByRole("button", { name: /查\s?询/ }).click();
  await expect(list.getByRole("row").filter({ hasText: orderNo })).toHaveCount(0);
  for (const width of [1280, 1440]) {
    await admin.page.setViewportSize({ width, height: 900 });
    await admin.page.screenshot({ path: `test-results/disruption-train-manager-${width}.png`, fullPage: true });
  }
  await list.getByRole("button", { name: /重\s?置/ }).click();
  await list.getByRole("row").filter({ hasText: orderNo }).getByRole("link", { name: "查看订单" }).click();
  await expect(admin.page).toHaveURL(new RegExp(`/train/OrderDetails/${id}$`));
  await expect(admin.page.getByTestId("order-status")).toHaveText("已改签");

  expect(errors).toEqual([]);
  expect(opsErrors).toEqual([]);
  expect(admin.errors).toEqual([]);
  await opsContext.close();
});
