// After-sales of a ticketed flight, as a business member (赵强) whose wallet the other specs leave
// alone: book Beijing–Shanghai on the order page, pay from the wallet, wait for 已出票, then
// 退票 shows the fee per passenger before anything is confirmed, and the refund runs 退票申请中 →
// 已退款 with the money back in the wallet. A second order is changed to the next day's full
// fare: the dialog shows the change fee and the fare difference, the cashier takes the amount as
// 机票改签, and the order ends 已改签 on the new flight. A third, insured, is refunded before its
// flight: the estimate says 含保险退保 with the premium, and the policy ends 已退保.
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, payNow, signIn, watchConsole, verifiedSeat } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightSeat, ListFlight } from "../src/domain/travel/types";
import { moneyText } from "../src/domain/money";

const WHO = "13800000030";
const money = moneyText;
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function flights(page: Page, depDate: string): Promise<ListFlight[]> {
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  return (await reply.json()).data.list;
}

/** The cheapest economy fare of a day with seats to spare. */
async function cheapFare(page: Page, depDate: string): Promise<FlightSeat> {
  const seat = (await flights(page, depDate)).flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 2).sort((a, b) => a.salePrice - b.salePrice)[0];
  expect(seat, "an economy fare").toBeTruthy();
  return verifiedSeat(page, seat.fareKey);
}

/** Books one adult on the order page and pays from the wallet at the cashier; answers the order's id once it is 已出票. */
async function bookPaidTicket(page: Page, seat: FlightSeat, passenger: { name: string; certNo: string }): Promise<number> {
  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(page.getByTestId("payprice")).toHaveText(money(seat.breakdown.ADT.total));
  await page.getByLabel("姓名").first().fill(passenger.name);
  await page.getByLabel("证件号码").first().fill(passenger.certNo);
  await page.getByLabel("联系人姓名").fill(passenger.name);
  await page.getByLabel("联系人手机").fill(WHO);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const id = Number(page.url().split("/").pop());
  await page.getByRole("link", { name: "去支付" }).click();
  await expect(page.getByTestId("pay-amount")).toHaveText(money(seat.breakdown.ADT.total));
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.goto(`/ticket/OrderDetails/${id}`);
  // The airline tickets a few seconds after payment; the page follows by itself.
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 30_000 });
  return id;
}

test("退票: the estimate shows the fee before confirming, then 退票申请中 and 已退款 with the money back", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, WHO);
  const seat = await cheapFare(page, addDays(chinaDate(Date.now()), 8));
  const id = await bookPaidTicket(page, seat, { name: "赵强", certNo: "11010519491231002X" });

  await page.getByRole("button", { name: "退票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请退票" });
  const quote = dialog.getByTestId("refund-quote");
  await expect(quote.getByRole("columnheader", { name: "退票费率" })).toBeVisible();
  const row = quote.getByRole("row", { name: /赵强/ });
  await expect(row).toContainText(money(seat.salePrice));
  await expect(row).toContainText("%");
  const fee = (await dialog.getByTestId("refund-fee").innerText()).trim();
  const refund = (await dialog.getByTestId("refund-amount").innerText()).trim();
  expect(fee).toMatch(/^¥[\d,]+\.\d\d$/);
  await page.screenshot({ path: "test-results/flight-refund-dialog-1280.png", fullPage: true });

  // A reason is required; the shared schema says so before anything is sent.
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(dialog.getByText("请选择退票原因")).toBeVisible();
  await dialog.getByRole("combobox", { name: "退票原因" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "自愿退票" }).click();
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(page.getByText("退票申请已提交")).toBeVisible();
  await expect(page.getByText(/^ · 退票申请中 · /)).toBeVisible();
  await expect(page.getByTestId("refund-facts")).toContainText(refund);

  await expect(page.getByTestId("order-status")).toHaveText("已退款", { timeout: 30_000 });
  await expect(page.getByText(/^ · 退票处理中 · 系统 · /)).toBeVisible();
  await expect(page.getByText(/^ · 已退票 · 系统 · /)).toBeVisible();
  await expect(page.getByText(`退款 ${refund} 至账户余额（扣除退票费 ${fee}）`)).toBeVisible();
  await expect(page.getByTestId("refund-facts")).toContainText("账户余额");
  await expect(page.getByRole("button", { name: "退票" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/flight-refund-done-1280.png", fullPage: true });
  expect(id).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test("改签 to the next day's flight: the change fee is shown, the difference paid in the cashier, the order 已改签", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, WHO);
  const depDate = addDays(chinaDate(Date.now()), 9);
  const seat = await cheapFare(page, depDate);
  const id = await bookPaidTicket(page, seat, { name: "赵强", certNo: "11010519491231002X" });
  // The next day's full economy fare: dearer than the discount fare booked.
  const next = (await flights(page, addDays(depDate, 1))).flatMap((flight) => flight.seats.map((s) => ({ flight, seat: s })))
    .find((x) => x.seat.cabinClass === "Y" && x.seat.cabinCode === "Y" && x.seat.salePrice > seat.salePrice && x.seat.seatsLeft >= 2)!;
  expect(next, "a dearer fare the next day").toBeTruthy();

  await page.getByRole("button", { name: "改签" }).click();
  const dialog = page.getByRole("dialog", { name: "机票改签" });
  await expect(dialog.getByLabel("新的出发日期")).toHaveValue(new RegExp(addDays(depDate, 1)));
  const fare = dialog.locator(`tr[data-row-key="${next.seat.fareKey}"]`);
  await fare.scrollIntoViewIfNeeded();
  await fare.click();
  const quote = dialog.getByTestId("change-quote");
  await expect(quote.getByRole("columnheader", { name: "改签费" })).toBeVisible();
  await expect(quote.getByRole("columnheader", { name: "票价差" })).toBeVisible();
  await expect(quote).toContainText(next.flight.flightNo);
  await expect(quote.getByRole("row", { name: /赵强/ })).toContainText(money(next.seat.salePrice - seat.salePrice));
  const total = (await dialog.getByTestId("change-total").innerText()).trim();
  expect(total).not.toBe("¥0.00");
  await page.screenshot({ path: "test-results/flight-change-dialog-1280.png", fullPage: true });

  await dialog.getByRole("button", { name: "确认改签" }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/order/${id}$`));
  await expect(page.getByTestId("pay-amount")).toHaveText(total);
  await expect(page.getByText("机票改签", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/flight-change-cashier-1280.png", fullPage: true });
  await payNow(page);
  // changeTicket goes to the flight order list; the page takes the type from the address and removes it.
  await expect(page).toHaveURL(/\/order\/list(\?type=airTicket)?$/);
  await expect(page.getByRole("tab", { name: "机票订单", selected: true })).toBeVisible();

  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("已改签");
  await expect(page.getByTestId("flight-summary")).toContainText(next.flight.flightNo);
  await expect(page.getByTestId("change-facts")).toContainText(total);
  await expect(page.getByText(/^ · 改签申请中 · 赵强 · /)).toBeVisible();
  await expect(page.getByText(/^ · 已改签 · 系统 · /)).toBeVisible();
  await page.screenshot({ path: "test-results/flight-change-done-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("退票 of an insured ticket before the flight: the estimate includes the premium surrendered, and the policy ends 已退保", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, WHO);
  const seat = await cheapFare(page, addDays(chinaDate(Date.now()), 12));
  const policy = seat.insurance[0];
  expect(policy, "an insurance the fare offers").toBeTruthy();

  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await page.getByLabel("姓名").first().fill("赵强");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.getByLabel("保险").first().click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: policy.name }).click();
  await page.getByLabel("联系人姓名").fill("赵强");
  await page.getByLabel("联系人手机").fill(WHO);
  await expect(page.getByTestId("payprice")).toHaveText(money(seat.breakdown.ADT.total + policy.salePrice));
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const id = Number(page.url().split("/").pop());
  await page.getByRole("link", { name: "去支付" }).click();
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 30_000 });
  const insurance = `${money(policy.salePrice)} · `;
  await expect(page.getByText(`${insurance}已投保`)).toBeVisible();

  await page.getByRole("button", { name: "退票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请退票" });
  const quote = dialog.getByTestId("refund-quote");
  await expect(quote.getByRole("columnheader", { name: "保险退保" })).toBeVisible();
  await expect(quote.getByRole("row", { name: /赵强/ })).toContainText(money(policy.salePrice));
  await expect(dialog.getByTestId("refund-insurance")).toHaveText(`含保险退保 ${money(policy.salePrice)}`);
  const refund = (await dialog.getByTestId("refund-amount").innerText()).trim();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/flight-refund-insurance-dialog-${width}.png` });
  }
  await dialog.getByRole("combobox", { name: "退票原因" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "自愿退票" }).click();
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(page.getByText("退票申请已提交")).toBeVisible();
  await expect(page.getByText(/^ · 退票申请中 · /)).toBeVisible();
  await expect(page.getByText(/^退票原因：自愿退票；应退 .*含保险退保/)).toBeVisible();

  await expect(page.getByTestId("order-status")).toHaveText("已退款", { timeout: 30_000 });
  await expect(page.getByText(`${insurance}已退保`)).toBeVisible();
  await expect(page.getByTestId("refund-insurance-back")).toHaveText(money(policy.salePrice));
  await expect(page.getByTestId("refund-facts")).toContainText(refund);
  await expect(page.getByText(new RegExp(`^退款 ${esc(refund)} 至账户余额（扣除退票费 ¥[\\d,.]+，含保险退保 ${esc(money(policy.salePrice))}）$`))).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/flight-refund-insurance-done-${width}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});
