// The ticketing queue, end to end: a member (赵强) books and pays a flight for a passenger the
// embedded airline refers to its staff (its scripted scenario: that booking is never ticketed
// automatically, so the operator always gets to it first, with no race against a clock). The
// ticketing operator signs in to the console, finds the order in 出票队列 (its menu count shows),
// takes it, tries to fail it without a reason (refused), then fails it with one, confirming the
// refund. The member then reads 出票失败 with the reason and the refund on the order, and the
// wallet is back where it was, the refund in its ledger.
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, payNow, signIn, verifiedSeat, watchConsole } from "./helpers";
import { opsSignIn } from "./ops-helpers";
import { fenOf } from "./booking-helpers";
import { MANUAL_TICKETING_NAME } from "../server/suppliers/flight/manual-ticketing";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { formatFen, moneyText } from "../src/domain/money";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import type { FlightSeat, ListFlight } from "../src/domain/travel/types";

const WHO = "13800000030";
const money = moneyText;
const REASON = "航司系统拒绝出票：旅客姓名与证件信息不符";

async function cheapFare(page: Page, depDate: string): Promise<FlightSeat> {
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 2).sort((a, b) => a.salePrice - b.salePrice)[0];
  expect(seat, "an economy fare").toBeTruthy();
  return verifiedSeat(page, seat.fareKey);
}

async function walletBalance(page: Page): Promise<number> {
  await page.goto("/myCenter/wallet");
  const balance = page.getByTestId("wallet-page-balance");
  await expect(balance).toContainText(/\d/);
  return fenOf((await balance.textContent())!);
}

test("出票失败: the operator takes a paid order first and fails it with a reason; the member sees why and the money back", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signIn(page, WHO);
  await ensurePayPassword(page, WHO);
  const before = await walletBalance(page);

  // The member books for the passenger the airline refers to its staff, and pays from the wallet.
  const seat = await cheapFare(page, addDays(chinaDate(Date.now()), 11));
  const price = seat.breakdown.ADT.total;
  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(page.getByTestId("payprice")).toHaveText(money(price));
  await page.getByLabel("姓名").first().fill(MANUAL_TICKETING_NAME);
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.getByLabel("联系人姓名").fill("赵强");
  await page.getByLabel("联系人手机").fill(WHO);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const id = Number(page.url().split("/").pop());
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const detail = await (await page.request.post(`/api${FLIGHT_ORDER_PATHS.detail}`, { form: { id: String(id), token } })).json();
  expect(detail.ret, detail.msg).toBe(0);
  const orderNo = detail.data.orderNo as string;
  await page.getByRole("link", { name: "去支付" }).click();
  await expect(page.getByTestId("pay-amount")).toHaveText(money(price));
  await payNow(page);
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("出票中");

  // The ticketing operator, in a console of their own.
  const opsContext = await browser.newContext();
  const op = await opsContext.newPage();
  const opErrors = watchConsole(op);
  await opsSignIn(op, "ops-ticket");
  await expect(op).toHaveURL(/\/ops\/ticketing$/);
  const menu = op.getByRole("menu", { name: "运营后台菜单" });
  await expect(menu.getByRole("menuitem", { name: /出票队列/ })).toBeVisible();
  await expect(op.getByTestId("ops-menu-count-ticketing")).toContainText(/\d/);

  const filters = op.getByRole("form", { name: "出票队列筛选" });
  await filters.getByLabel("订单号").fill(orderNo);
  await filters.getByRole("button", { name: /查\s?询/ }).click();
  const row = op.getByRole("row", { name: new RegExp(orderNo) });
  await expect(row).toContainText(MANUAL_TICKETING_NAME);
  await expect(row).toContainText(money(price));
  await expect(row).toContainText("未受理");
  await op.screenshot({ path: "test-results/ops-ticketing-queue-1280.png", fullPage: true });
  await row.getByRole("button", { name: /受\s?理/ }).click();
  await expect(op.getByText("已受理该订单")).toBeVisible();

  const drawer = op.getByTestId("ticketing-detail");
  await expect(drawer.getByTestId("ticketing-status")).toHaveText("出票中");
  await expect(drawer.getByTestId("ticketing-holder")).toContainText("我受理的");
  await expect(drawer.getByRole("form", { name: "录入票号" })).toBeVisible();
  await drawer.getByRole("button", { name: "出票失败" }).click();
  const dialog = op.getByRole("dialog", { name: "出票失败" });
  await expect(dialog).toContainText(money(price));
  // The reason is required: the shared schema says so before anything is sent.
  await dialog.getByRole("button", { name: "出票失败并退款" }).click();
  await op.getByRole("button", { name: "确认退款" }).click();
  await expect(dialog.getByText("请填写失败原因")).toBeVisible();
  await dialog.getByLabel("失败原因").fill(REASON);
  await dialog.getByRole("button", { name: "出票失败并退款" }).click();
  await expect(op.getByText(`确认出票失败并退款 ${money(price)}？`)).toBeVisible();
  await op.getByRole("button", { name: "确认退款" }).click();
  await expect(op.getByText("已做出票失败处理，款项已退回")).toBeVisible();
  await expect(drawer).toContainText("订单已不在出票队列中（当前状态：出票失败）");
  await expect(drawer).toContainText(`出票失败：${REASON}`);
  await op.screenshot({ path: "test-results/ops-ticketing-failed-1280.png", fullPage: true });
  expect(opErrors).toEqual([]);
  await opsContext.close();

  // The member reads what happened, and has the money back.
  await page.goto(`/ticket/OrderDetails/${id}`);
  await expect(page.getByTestId("order-status")).toHaveText("出票失败");
  await expect(page.getByText(`出票失败：${REASON}；已退款 ${money(price)} 至账户余额`)).toBeVisible();
  // 已退 shows the whole price back, not "—".
  await expect(page.getByTestId("ticket-refunded")).toHaveText(money(price));
  await page.screenshot({ path: "test-results/ops-ticketing-member-1280.png", fullPage: true });
  expect(await walletBalance(page)).toBe(before);
  const ledger = page.getByTestId("wallet-ledger").getByRole("row", { name: new RegExp(orderNo) });
  await expect(ledger.filter({ hasText: "退款" }).first()).toContainText(formatFen(price));
  expect(errors).toEqual([]);
});
