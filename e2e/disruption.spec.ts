// 航变: a member (赵强) books and pays a Beijing–Shanghai flight; the operator records its
// cancellation through the operator route; the order centre flags the order 航变, its detail says
// the flight is cancelled and offers a free change or a full refund; the member changes free of
// charge to another flight of the same day and cabin, pays nothing, and the order ends 已改签 on it.
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, payNow, signIn, watchConsole, verifiedSeat } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightSeat, ListFlight } from "../src/domain/travel/types";
import { moneyText } from "../src/domain/money";
import { DISRUPTION_PATHS } from "../src/domain/disruptions";
import { E2E_OPERATOR_KEY } from "./operator-key";

const WHO = "13800000030";
const money = moneyText;

async function flights(page: Page, depDate: string): Promise<ListFlight[]> {
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  return (await reply.json()).data.list;
}

test("航变: the operator cancels the flight, the member sees 航变 in the order centre and changes free of charge, paying nothing", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  await ensurePayPassword(page, WHO);
  const depDate = addDays(chinaDate(Date.now()), 15);
  const day = await flights(page, depDate);
  const cheapest = day.flatMap((f) => f.seats.map((s) => ({ f, s }))).filter((x) => x.s.cabinClass === "Y" && x.s.seatsLeft >= 2).sort((a, b) => a.s.salePrice - b.s.salePrice)[0];
  expect(cheapest, "an economy fare").toBeTruthy();
  const seat: FlightSeat = await verifiedSeat(page, cheapest.s.fareKey);
  const flightNo = cheapest.f.flightNo;

  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await page.getByLabel("姓名").first().fill("赵强");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.getByLabel("联系人姓名").fill("赵强");
  await page.getByLabel("联系人手机").fill(WHO);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const id = Number(page.url().split("/").pop());
  await page.getByRole("link", { name: "去支付" }).click();
  await expect(page.getByTestId("pay-amount")).toHaveText(money(seat.breakdown.ADT.total));
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 30_000 });
  const paid = (await page.getByTestId("order-total").innerText()).trim();

  // The operator records the cancellation, with the operator key the browser tests' servers are started with.
  const form = { kind: "flightCancelled", no: flightNo, date: depDate, reason: "天气原因" };
  const recorded = await (await page.request.post(`/api${DISRUPTION_PATHS.record}`, { form, headers: { "x-operator-key": E2E_OPERATOR_KEY } })).json();
  expect(recorded.ret, recorded.msg).toBe(0);
  expect(recorded.data.orderIds).toContain(id);

  // The order centre flags it.
  await page.goto("/order/list");
  const row = page.getByRole("row").filter({ hasText: flightNo }).first();
  await expect(row.getByTestId("order-disruption-tag")).toHaveText("航变");
  await page.screenshot({ path: "test-results/disruption-order-centre-1280.png", fullPage: true });

  await page.goto(`/ticket/OrderDetails/${id}`);
  const section = page.getByTestId("order-disruption");
  await expect(section).toContainText("航班取消");
  await expect(section).toContainText(`${flightNo}（${depDate}）已取消`);
  await expect(section).toContainText("原因：天气原因");
  // A cancelled flight cannot be kept: no accept button.
  await expect(section.getByRole("button", { name: "接受新时刻" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "全额退票" })).toBeVisible();
  await page.screenshot({ path: "test-results/disruption-detail-1280.png", fullPage: true });

  await section.getByRole("button", { name: "免费改签" }).click();
  const dialog = page.getByRole("dialog", { name: "免费改签" });
  const fares = dialog.getByTestId("free-change-flights");
  await expect(fares).toBeVisible();
  await expect(fares).not.toContainText(flightNo);
  const first = fares.locator("tbody tr.ant-table-row").first();
  const newFlightNo = (await first.locator("strong").innerText()).trim();
  await first.click();
  await expect(dialog.getByTestId("free-change-total")).toContainText("无需支付");
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/disruption-free-change-${width}.png` });
  }
  await dialog.getByRole("button", { name: "确认免费改签" }).click();
  await expect(page.getByText("已提交免费改签")).toBeVisible();
  // Nothing to pay: no cashier, the airline confirms by itself.
  await expect(page).toHaveURL(new RegExp(`/ticket/OrderDetails/${id}$`));
  await expect(page.getByTestId("disruption-status")).toHaveText("已免费改签");
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("已改签", { timeout: 30_000 });
  await expect(page.getByTestId("flight-summary")).toContainText(newFlightNo);
  await expect(page.getByTestId("change-facts")).toContainText("¥0.00");
  await expect(page.getByTestId("order-total")).toHaveText(paid);
  await page.screenshot({ path: "test-results/disruption-changed-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});
