// Refunding one traveller of a two-person flight booking, as the business member (赵强) the
// after-sales specs use (booked ten days out, a day neither of the others touches): book two adults
// on the order page (its note says the server's payment window), pay from the wallet, wait for
// 已出票. 退票 lists both passengers ticked; unticking one shows the other's fee and refund alone
// before anything is confirmed. After confirming, the order stays 已出票 with 部分退票, the refunded
// passenger's ticket goes 退票中 → 已退票 with the money back, and the other keeps his.
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, payNow, signIn, watchConsole, verifiedSeat } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightSeat, ListFlight } from "../src/domain/travel/types";
import { moneyText } from "../src/domain/money";

const WHO = "13800000030";
const money = moneyText;
const SHOTS = "test-results";

/** The cheapest economy fare of the day with seats for both and to spare. */
async function cheapFare(page: Page, depDate: string): Promise<FlightSeat> {
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 3).sort((a, b) => a.salePrice - b.salePrice)[0];
  expect(seat, "an economy fare").toBeTruthy();
  return verifiedSeat(page, seat.fareKey);
}

test("退票 of one of two passengers: the fee shown for him alone, then 部分退票 with his ticket refunded and the other's kept", async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, WHO);
  const seat = await cheapFare(page, addDays(chinaDate(Date.now()), 10));

  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(page.getByTestId("payprice")).toHaveText(money(seat.breakdown.ADT.total));
  // The payment window the server runs with (the browser tests' server keeps the default).
  await expect(page.getByTestId("pay-within")).toHaveText("提交后请在 30 分钟内完成支付，超时订单将自动取消并释放座位。");
  await page.getByLabel("姓名").first().fill("赵强");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.getByRole("button", { name: "添加乘客" }).click();
  await page.getByLabel("姓名").nth(1).fill("孙丽");
  await page.getByLabel("证件号码").nth(1).fill("110105198501011007");
  await page.getByLabel("联系人姓名").fill("赵强");
  await page.getByLabel("联系人手机").fill(WHO);
  await expect(page.getByTestId("payprice")).toHaveText(money(2 * seat.breakdown.ADT.total));
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const id = Number(page.url().split("/").pop());
  await page.getByRole("link", { name: "去支付" }).click();
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("已出票", { timeout: 30_000 });
  const passengers = page.locator(".ant-table-row", { has: page.getByTestId("ticket-status") });
  await expect(passengers).toHaveCount(2);

  await page.getByRole("button", { name: "退票" }).click();
  const dialog = page.getByRole("dialog", { name: "申请退票" });
  const quote = dialog.getByTestId("refund-quote");
  const zhao = quote.getByRole("row", { name: /赵强/ });
  const sun = quote.getByRole("row", { name: /孙丽/ });
  await expect(zhao.getByRole("checkbox")).toBeChecked();
  await expect(sun.getByRole("checkbox")).toBeChecked();
  await expect(dialog.getByText("已选 2 / 2 位乘客")).toBeVisible();
  // Each passenger's fee and refund: the last two amounts of the row.
  const amounts = async (row: typeof zhao) => (await row.locator("td").allInnerTexts()).filter((x) => x.startsWith("¥"));
  const [, sunFee, , sunRefund] = await amounts(sun);
  const [, zhaoFee, , zhaoRefund] = await amounts(zhao);
  const fen = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
  await expect(dialog.getByTestId("refund-fee")).toHaveText(money(fen(sunFee) + fen(zhaoFee)));
  await expect(dialog.getByTestId("refund-amount")).toHaveText(money(fen(sunRefund) + fen(zhaoRefund)));

  // Only 孙丽: the totals are hers before anything is confirmed.
  await zhao.getByRole("checkbox").uncheck();
  await expect(dialog.getByText("已选 1 / 2 位乘客")).toBeVisible();
  await expect(dialog.getByTestId("refund-fee")).toHaveText(sunFee);
  await expect(dialog.getByTestId("refund-amount")).toHaveText(sunRefund);
  // Nobody ticked: the shared schema refuses before anything is sent.
  await sun.getByRole("checkbox").uncheck();
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(dialog.getByText("请选择退票的乘客")).toBeVisible();
  await sun.getByRole("checkbox").check();
  await dialog.getByRole("combobox", { name: "退票原因" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "自愿退票" }).click();
  await expect(dialog.getByTestId("refund-amount")).toHaveText(sunRefund);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/flight-partial-refund-dialog-${width}.png` });
  }
  await dialog.getByRole("button", { name: "确认退票" }).click();
  await expect(page.getByText("退票申请已提交")).toBeVisible();

  // The order keeps its tickets for 赵强: still 已出票, marked 部分退票; 孙丽's ticket is refunded.
  await expect(page.getByTestId("order-status")).toHaveText("已出票");
  await expect(page.getByTestId("order-partial")).toHaveText("部分退票");
  await expect(page.getByText("申请部分退票", { exact: true })).toBeVisible();
  await expect(page.getByText(/^ · 已出票 · 赵强 · /)).toBeVisible();
  await expect(passengers.filter({ hasText: "孙丽" }).getByTestId("ticket-status")).toHaveText(/退票中|已退票/);
  await expect(passengers.filter({ hasText: "孙丽" }).getByTestId("ticket-status")).toHaveText("已退票", { timeout: 30_000 });
  await expect(passengers.filter({ hasText: "赵强" }).getByTestId("ticket-status")).toHaveText("已出票");
  const facts = page.getByTestId("refund-facts");
  await expect(facts).toContainText("已退款", { timeout: 30_000 });
  await expect(facts).toContainText("孙丽");
  await expect(facts).toContainText("部分退票");
  await expect(facts).toContainText(sunRefund);
  await expect(facts).toContainText("账户余额");
  await expect(page.getByText(`孙丽：退款 ${sunRefund} 至账户余额（扣除退票费 ${sunFee}）`)).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("已出票");
  // 赵强 may still refund or change his own ticket.
  await expect(page.getByRole("button", { name: "退票" })).toBeVisible();
  await expect(page.getByRole("button", { name: "改签" })).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/flight-partial-refund-detail-${width}.png`, fullPage: true });
  }

  // The order list says so too.
  await page.goto("/order/list?type=airTicket");
  const orderNo = await (await page.request.post("/api/order/appDometicketOrderViewServlet", { form: { id: String(id), token: (await page.evaluate(() => localStorage.getItem("token")))! } })).json();
  const row = page.getByRole("row", { name: new RegExp(orderNo.data.orderNo) });
  await expect(row).toContainText("已出票");
  await expect(row).toContainText("部分退票");
  expect(errors).toEqual([]);
});
