// The message centre's bell: a member pays a flight order by the sandbox Alipay QR (no wallet, so
// nothing another spec spent matters); the header's bell
// counts the new messages, and the message centre lists 已支付 for the order, linking to it.
import { expect, test, type Page } from "./fixtures";
import { payBySandboxAlipay, signIn, watchConsole } from "./helpers";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightListReply, ListFare } from "../src/domain/travel/types";

const MEMBER = "13800000050";

async function unread(page: Page): Promise<number> {
  const label = (await page.getByTestId("notice-bell").getAttribute("aria-label")) ?? "";
  return Number(/(\d+)/.exec(label)?.[1] ?? NaN);
}

/** The cheapest one-adult Beijing–Shanghai fare some weeks ahead, booked through the API. */
async function bookCheapest(page: Page): Promise<{ id: number; orderNo: string }> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const depDate = addDays(chinaDate(Date.now()), 23);
  const { list, servFee }: FlightListReply = (await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } })).json()).data;
  const total = (s: ListFare) => s.salePrice + s.taxes + servFee;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.seatsLeft >= 1).sort((a, b) => total(a) - total(b))[0];
  const r = await page.request.post(`/api${FLIGHT_ORDER_PATHS.book}`, {
    form: {
      token: token!, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-bell-${Date.now()}`, contactName: "张三", contactMobile: MEMBER,
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    },
  });
  const env = await r.json();
  expect(env.ret, env.msg).toBe(0);
  return env.data;
}

test("paying an order raises the bell's count and the message centre lists 已支付, linking to the order", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  await page.goto("/myCenter/messages");
  const bell = page.getByTestId("notice-bell");
  await expect(bell).toHaveAttribute("aria-label", /消息中心，\d+ 条未读/);
  const before = await unread(page);

  const order = await bookCheapest(page);
  await page.goto(`/pay/order/${order.id}`);
  await payBySandboxAlipay(page);
  // The cashier polls the trade: it moves on by itself.
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/, { timeout: 10_000 });

  // The dispatcher delivers within a poll or two; each new page reads the count afresh.
  const paidRow = page.getByRole("row").filter({ hasText: "已支付" }).filter({ hasText: order.orderNo });
  await expect(async () => {
    await page.goto("/myCenter/messages");
    await expect(paidRow).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect.poll(() => unread(page)).toBeGreaterThanOrEqual(before + 2);
  await page.screenshot({ path: "test-results/notification-centre-1280.png", fullPage: true });

  await paidRow.getByRole("link", { name: "查看订单" }).click();
  await expect(page).toHaveURL(new RegExp(`/ticket/OrderDetails/${order.id}$`));
  await expect(page.getByText(order.orderNo).first()).toBeVisible();
  // Opening the message marked it read.
  await page.goto("/myCenter/messages?isRead=0");
  expect(errors).toEqual([]);
});
