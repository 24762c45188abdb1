// A personal member pays a flight order at the cashier: from the wallet (landing on the air
// order finish page, the order then 已支付), and by the sandbox Alipay QR, whose URL a second
// page opens and confirms while the cashier, polling, moves on by itself. The wallet always asks
// for the pay password: a member without one (王芳) is led to set it and returns to the same order.
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, PAY_PASSWORD, payNow, signIn, watchConsole } from "./helpers";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { createHash } from "node:crypto";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightListReply, ListFare } from "../src/domain/travel/types";
import { formatFen } from "../src/domain/money";

/** Books a one-adult Beijing–Shanghai order through the API, at most `maxFen` (at least `minFen`), returning it. */
async function bookOrder(page: Page, daysAhead: number, maxFen: number, mobile = "13800000010", minFen = 0): Promise<{ id: number; orderNo: string; payprice: number }> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const depDate = addDays(chinaDate(Date.now()), daysAhead);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const { list, servFee }: FlightListReply = (await reply.json()).data;
  // What an adult pays for a fare: its price, taxes and the service fee per ticket.
  const adultTotal = (s: ListFare) => s.salePrice + s.taxes + servFee;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.seatsLeft >= 1 && adultTotal(s) <= maxFen && adultTotal(s) >= minFen).sort((a, b) => adultTotal(a) - adultTotal(b))[0];
  expect(seat, "a fare the wallet can pay").toBeTruthy();
  const r = await page.request.post(`/api${FLIGHT_ORDER_PATHS.book}`, {
    form: {
      token: token!, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-pay-${daysAhead}-${Date.now()}`, contactName: "张三", contactMobile: mobile,
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    },
  });
  const env = await r.json();
  expect(env.ret, env.msg).toBe(0);
  return env.data;
}

/**
 * The order detail after payment: the server's ticketing job picks a paid order up within a
 * second or two, so the status may already be 出票中 or 已出票; the timeline keeps the 已支付 step.
 */
async function expectPaid(page: Page) {
  await expect(page.getByTestId("order-status")).toHaveText(/^(已支付|出票中|已出票)$/);
  await expect(page.getByText(/^ · 已支付 · 系统 · /)).toBeVisible();
}

test("pays a flight order from the wallet and lands on the finish page", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await ensurePayPassword(page, "13800000010");
  const order = await bookOrder(page, 9, 128050);

  await page.goto(`/ticket/OrderDetails/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  await page.getByRole("link", { name: "去支付" }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/order/${order.id}$`));
  await expect(page.getByTestId("pay-amount")).toHaveText(`¥${formatFen(order.payprice)}`);
  await expect(page.getByTestId("countdown")).toContainText("内完成支付");
  await expect(page.getByTestId("wallet-balance")).toHaveText("¥1,280.50");
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/pay-cashier-${width}.png`, fullPage: true });
  }

  await payNow(page);
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/);
  await expect(page.getByText("支付成功")).toBeVisible();
  await expect(page.getByText(`订单号：${order.orderNo}`)).toBeVisible();
  await page.screenshot({ path: "test-results/pay-finish-1440.png", fullPage: true });

  await page.getByRole("main").getByRole("link", { name: "查看订单" }).click();
  await expectPaid(page);
  await expect(page.getByRole("link", { name: "去支付" })).toHaveCount(0);

  // The wallet shows the new balance and the payment in its ledger.
  await page.goto("/myCenter/wallet");
  await expect(page.getByTestId("wallet-page-balance")).toContainText(formatFen(128050 - order.payprice));
  const row = page.getByTestId("wallet-ledger").getByRole("row", { name: new RegExp(order.orderNo) });
  await expect(row).toContainText(`-¥${formatFen(order.payprice)}`);
  await expect(row).toContainText("国内机票支付");
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/pay-wallet-${width}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});

test("pays by the sandbox Alipay QR when the wallet is short: a second page confirms and the cashier moves on by itself", async ({ page, context }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  // Dearer than the wallet ever held: the wallet's tab says so and asks for nothing.
  const order = await bookOrder(page, 10, Number.MAX_SAFE_INTEGER, "13800000010", 128050 + 1);

  await page.goto(`/pay/order/${order.id}`);
  await expect(page.getByText("账户余额不足，请选择其他支付方式")).toBeVisible();
  await expect(page.getByLabel("支付密码")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "立即支付" })).toBeDisabled();
  await page.getByRole("tab", { name: "支付宝" }).click();
  await page.getByRole("button", { name: "支付宝扫码支付" }).click();
  const link = page.getByTestId("qr-url");
  await expect(link).toBeVisible();
  await expect(page.locator(".ant-qrcode canvas")).toBeVisible();
  await page.screenshot({ path: "test-results/pay-qr-1280.png", fullPage: true });
  const url = (await link.getAttribute("href"))!;
  expect(new URL(url).pathname).toMatch(/^\/sandbox\/cashier\/P\d+$/);

  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 760 });
  await phone.goto(url);
  await expect(phone.getByText(`¥${formatFen(order.payprice)}`)).toBeVisible();
  await phone.getByRole("button", { name: "确认支付" }).click();
  await expect(phone.getByRole("heading", { name: "支付成功" })).toBeVisible();

  // The cashier polls every 2.5 s: it notices within a few seconds.
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/, { timeout: 8_000 });
  await expect(page.getByText("支付成功")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "查看订单" }).click();
  await expectPaid(page);
  expect(errors).toEqual([]);
});

test("a member without a pay password is led from the cashier to set it and comes back to pay the same order", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  // 王芳 (13800000020) has no pay password in the demo data.
  const mobile = "13800000020";
  await signIn(page, mobile);
  const order = await bookOrder(page, 11, 86500, mobile);

  // The pay authorization code spends the same wallet: it too leads to setting the password first.
  await page.goto("/myCenter/pay_authorization_code");
  await expect(page.getByTestId("set-pay-password")).toContainText("余额支付须验证支付密码，您还没有设置支付密码");
  await expect(page.getByRole("button", { name: "生成付款码" })).toHaveCount(0);

  await page.goto(`/pay/order/${order.id}`);
  const prompt = page.getByTestId("set-pay-password");
  await expect(prompt).toContainText("余额支付须验证支付密码，您还没有设置支付密码");
  await expect(page.getByRole("button", { name: "立即支付" })).toBeDisabled();
  await prompt.getByRole("button", { name: "设置支付密码" }).click();

  // The account settings' own form: an SMS code to the member's own phone, the password twice.
  await expect(page).toHaveURL(/\/myCenter\/setting\?back=/);
  await expect(page.getByText("设置支付密码后将返回收银台，继续支付原订单")).toBeVisible();
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect.poll(async () => (await (await page.request.get(`/api/dev/sms-outbox?mobilePhone=${mobile}`)).json()).data.length).toBeGreaterThan(0);
  const code = (await (await page.request.get(`/api/dev/sms-outbox?mobilePhone=${mobile}`)).json()).data[0].code as string;
  await page.getByRole("textbox", { name: "请输入短信验证码" }).fill(code);
  await page.getByLabel("支付密码", { exact: true }).fill(PAY_PASSWORD);
  await page.getByLabel("确认支付密码").fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "设置支付密码" }).click();

  // Back at the cashier of the same order, which now asks for the password and pays.
  await expect(page).toHaveURL(new RegExp(`/pay/order/${order.id}$`));
  await expect(page.getByTestId("pay-amount")).toHaveText(`¥${formatFen(order.payprice)}`);
  await expect(page.getByTestId("set-pay-password")).toHaveCount(0);
  await page.getByLabel("支付密码").fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/);
  await expect(page.getByText(`订单号：${order.orderNo}`)).toBeVisible();
  expect(errors).toEqual([]);
});

test("asks for the pay password when one is set, shows a wrong one's refusal, pays with the right one", async ({ page }) => {
  const errors = watchConsole(page);
  // 商务会员 (13800000030), whose pay password the browser specs set (an SMS code to their own phone).
  const mobile = "13800000030";
  await signIn(page, mobile);
  await ensurePayPassword(page, mobile);
  const order = await bookOrder(page, 11, 86500, mobile);

  await page.goto(`/pay/order/${order.id}`);
  const password = page.getByLabel("支付密码");
  await expect(password).toBeVisible();
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page.getByText("请输入支付密码")).toBeVisible();
  await password.fill("000000");
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page.getByText(/^支付密码错误，还可尝试\d次$/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/pay/order/${order.id}$`));

  await password.fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/);
  await expect(page.getByText(`订单号：${order.orderNo}`)).toBeVisible();

  // The pay authorization code spends the same wallet: it asks the same password, once per visit.
  await page.goto("/myCenter/pay_authorization_code");
  await page.getByRole("button", { name: "生成付款码" }).click();
  await expect(page.getByText("请输入支付密码")).toBeVisible();
  await page.getByRole("textbox", { name: /支付密码/ }).fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "生成付款码" }).click();
  const payCode = page.getByTestId("pay-code");
  await expect(payCode).toHaveText(/^\d{4}( \d{4}){3} \d{2}$/);
  const first = await payCode.textContent();
  await page.getByRole("button", { name: "刷新" }).click();
  await expect(payCode).not.toHaveText(first!);
  await expect(page.getByRole("textbox", { name: /支付密码/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("pays a hotel order from the wallet with the pay password: the toast, then the hotel order's detail", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  // The distributor (40): the only browser test that sets his pay password, so the wallet payments of
  // the other specs' members never meet a password box.
  const mobile = "13800000040";
  await signIn(page, mobile);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  expect((await (await page.request.post("/api/common/sendCode", { form: { token, mobilePhone: mobile, type: "paypwd" } })).json()).ret).toBe(0);
  const code = (await (await page.request.get(`/api/dev/sms-outbox?mobilePhone=${mobile}`)).json()).data[0].code as string;
  const set = await (await page.request.post("/api/member/updatePayPswd", { form: { token, payPswd: createHash("md5").update(PAY_PASSWORD).digest("hex"), smsCode: code } })).json();
  expect(set.ret, set.msg).toBe(0);

  // One night in a Shanghai hotel, booked through the API.
  const stay = { checkIn: addDays(chinaDate(Date.now()), 9), checkOut: addDays(chinaDate(Date.now()), 10) };
  const hotels = (await (await page.request.post("/api/hotel/search/list_credit", { form: { cityCode: "3101", ...stay, pageSize: "20" } })).json()).data.list as { hotelId: number }[];
  let booked: { orderNo: string } | null = null;
  for (const hotel of hotels) {
    const rooms = (await (await page.request.post("/api/hotel/search/priceinfo_credit", { form: { hotelId: String(hotel.hotelId), ...stay } })).json()).data.rooms as { roomTypeId: number; total: number; bookable: boolean; roomsLeft: number }[];
    const room = rooms.find((r) => r.bookable && r.roomsLeft >= 1 && r.total <= 200_000);
    if (!room) continue;
    const r = await (await page.request.post("/api/api/v1/trip_manager/hotel_domestic_order/book", {
      form: { token, hotelId: String(hotel.hotelId), roomTypeId: String(room.roomTypeId), ...stay, roomCount: "1", price: String(room.total), clientKey: `e2e-hotel-pwd-${Date.now()}`, contactName: "李明", contactMobile: mobile, arrivalTime: "18:00", "guests.0.name": "李明" },
    })).json();
    expect(r.ret, r.msg).toBe(0);
    booked = r.data;
    break;
  }
  expect(booked, "a room the wallet can pay").toBeTruthy();

  await page.goto(`/pay/hotel/${booked!.orderNo}`);
  await page.getByLabel("支付密码").fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "立即支付" }).click();
  await expect(page.getByText("订单支付成功")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/hotel/OrderDetails/${booked!.orderNo}$`));
  await expect(page.getByTestId("order-status")).toHaveText(/^(待确认|已确认)$/);
  expect(errors).toEqual([]);
});
