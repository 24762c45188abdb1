// A business (因公) booking over the travel standard, in Chinese: the traveller 13800000073
// (差旅专员, economy only, over-standard bookings need approval) books a business-class fare,
// sees the standard's verdict before booking and the order 待审批 with the time left after; the
// seeded flow's approvers (the department head 13800000071, then the administrator 13800000070)
// approve it from 订单审批, where the order's flight, passengers, amount and reason show; the
// traveller then finds it 待支付 and pays it at the cashier. An order booked under a trip
// application shows its 出差事由 in the inbox and, in the detail, the application with a link.
import { expect, test, type Page } from "./fixtures";
import { payNow, signedInAs, signIn, watchConsole } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { ListFlight } from "../src/domain/travel/types";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";


/** Opens 订单审批, finds the traveller's order there and approves it. */
async function approveOrder(page: Page, flightNo: string, shot: string) {
  await page.goto("/travel/audit/order");
  const row = page.getByTestId("audit-todo").getByRole("row", { name: new RegExp(flightNo) });
  await expect(row).toContainText("黄磊");
  await expect(row).toContainText("审批中");
  await page.screenshot({ path: `test-results/business-inbox-${shot}-1280.png`, fullPage: true });
  await row.getByRole("link", { name: "审批" }).click();
  await expect(page).toHaveURL(/\/travel\/audit\/details\?id=\d+&kind=order$/);
  // Opened from 订单审批, the details sit under it.
  await expect(page.locator(".ant-breadcrumb")).toContainText("订单审批");
  await expect(page.locator(".ant-breadcrumb")).not.toContainText("行程审批");
  const order = page.getByTestId("order-subject");
  await expect(order).toContainText(flightNo);
  await expect(order).toContainText("会议或客户要求");
  await expect(order).toContainText("黄磊");
  await expect(page.getByTestId("approval-verdict")).toContainText("舱位超标");
  await expect(order).toContainText("票价保留剩余");
  await expect(page.getByText("订单信息", { exact: true })).toBeVisible();
  await page.screenshot({ path: `test-results/business-approval-${shot}-1280.png`, fullPage: true });
  await page.getByLabel("审批意见").fill("同意，客户会议需要");
  await page.getByRole("button", { name: "同意" }).click();
  await expect(page.getByText("已同意", { exact: true })).toBeVisible();
  await expect(page.getByTestId("decision")).toHaveCount(0);
}

test("an over-standard business booking waits for the two-level approval, then is paid", async ({ browser }) => {
  test.setTimeout(360_000);
  const traveller = await signedInAs(browser, "13800000073");
  let page = traveller.page;

  // A business-class fare: over the economy-only standard of 差旅专员.
  const depDate = addDays(chinaDate(Date.now()), 9);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const found = list.flatMap((flight) => flight.seats.map((seat) => ({ flight, seat }))).find((x) => x.seat.cabinClass === "C" && x.seat.seatsLeft >= 1);
  expect(found, "a business-class fare").toBeTruthy();
  const { flight, seat } = found!;

  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(page.getByTestId("flight-summary")).toContainText("北京");
  await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
  const verdict = page.getByTestId("standard-verdict");
  await expect(verdict).toContainText("超标");
  await expect(verdict).toContainText("舱位超标：可乘坐经济舱，所选为公务舱");
  await expect(page.getByText("该订单提交后需审批，审批通过后方可支付")).toBeVisible();
  // The note under the submit button says when to pay for an order that waits for approval.
  await expect(page.getByText("提交后订单进入审批，审批通过后请在座位保留时间内完成支付，超时订单将自动取消并释放座位。")).toBeVisible();
  await page.getByRole("combobox", { name: "超标原因" }).click();
  await page.getByTitle("会议或客户要求").click();
  await page.getByLabel("姓名").first().fill("黄磊");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.screenshot({ path: "test-results/business-order-info-1280.png", fullPage: true });

  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByTestId("order-status")).toHaveText("待审批");
  await expect(page.getByTestId("countdown")).toContainText("审批剩余");
  await expect(page.getByTestId("approval-waiting")).toContainText("陈静");
  await expect(page.getByTestId("order-verdict")).toContainText("舱位超标");
  await expect(page.getByRole("link", { name: "去支付" })).toHaveCount(0);
  const orderNo = (await page.getByText(/^订单号：/).textContent())!.replace("订单号：", "").trim();
  await page.screenshot({ path: "test-results/business-order-approving-1280.png", fullPage: true });

  await page.goto("/order/list?type=airTicket");
  const row = page.getByRole("row", { name: new RegExp(orderNo) });
  await expect(row).toContainText("待审批");
  await expect(row).toContainText("审批剩余");
  await page.screenshot({ path: "test-results/business-order-list-1280.png", fullPage: true });

  // The seeded flow: the department head, then the administrator.
  const head = await signedInAs(browser, "13800000071");
  await approveOrder(head.page, flight.flightNo, "head");
  await expect(head.page.getByTestId("approval-status")).toHaveText("审批中");
  const admin = await signedInAs(browser, "13800000070");
  await approveOrder(admin.page, flight.flightNo, "admin");
  await expect(admin.page.getByTestId("approval-status")).toHaveText("已通过");

  // Payable now: the company's credit line pays it at the cashier.
  page = traveller.page;
  await page.goto(detailUrl);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  await expect(page.getByTestId("countdown")).toContainText("内完成支付");
  await page.getByRole("link", { name: "去支付" }).click();
  await expect(page).toHaveURL(/\/pay\/order\/\d+$/);
  const payAmount = await page.getByTestId("pay-amount").textContent();
  expect(payAmount).toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole("tab", { name: "企业授信支付" }).click();
  await expect(page.getByTestId("credit-available")).toBeVisible();
  await page.screenshot({ path: "test-results/business-pay-1280.png", fullPage: true });
  await payNow(page);
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/);
  await expect(page.getByText("支付成功")).toBeVisible();
  await expect(page.getByText(`订单号：${orderNo}`)).toBeVisible();

  for (const who of [traveller, head, admin]) expect(who.errors).toEqual([]);
});

test("a fare over a standard that forbids it is refused on business, and 因私 books without the standard", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000072");
  const depDate = addDays(chinaDate(Date.now()), 11);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "C" && s.seatsLeft >= 1)!;
  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(page.getByTestId("standard-verdict")).toContainText("舱位超标");
  await expect(page.getByText("所选航班超出您的差旅标准，不能因公预订，请重新选择航班或改为因私预订")).toBeVisible();
  await page.getByLabel("姓名").first().fill("杨帆");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page.getByText(/超出您的差旅标准，不能因公预订（舱位超标/)).toBeVisible();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?/);
  await page.screenshot({ path: "test-results/business-forbidden-1280.png", fullPage: true });

  await page.getByText("因私", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "因私" })).toBeChecked();
  await expect(page.getByTestId("standard-verdict")).toHaveCount(0);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  expect(errors).toEqual([]);
});

test("the approver sees the order's 出差事由 in 订单审批 and, in the detail, the trip application with a link to it", async ({ browser }) => {
  test.setTimeout(360_000);
  const purpose = "杭州客户年度合作洽谈";
  const traveller = await signedInAs(browser, "13800000073");
  const head = await signedInAs(browser, "13800000071");
  const admin = await signedInAs(browser, "13800000070");
  const api = async (page: Page, url: string, form: Record<string, string | number>) => {
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const env = await (await page.request.post(`/api${url}`, { form: { token: token!, ...form } })).json();
    expect(env.ret, env.msg).toBe(0);
    return env.data;
  };

  // The traveller's trip application, approved by the department head and the administrator.
  const start = addDays(chinaDate(Date.now()), 12);
  const app = await api(traveller.page, "/credit/add_apply_note", {
    purpose, scope: "domestic", startDate: start, endDate: addDays(start, 2), fromCity: "北京", "toCities.0": "上海", "toCities.1": "杭州",
    "externalTravellers.0.name": "王五", "modes.0": "flight", budgetFen: 600000, submit: 1,
  });
  await api(head.page, "/credit/op_apply_note", { approvalId: app.approval.id, action: "approve" });
  await api(admin.page, "/credit/op_apply_note", { approvalId: app.approval.id, action: "approve" });

  // A business-class fare (over the standard) booked under that application: it waits for approval.
  const list: ListFlight[] = (await (await traveller.page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate: start } })).json()).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "C" && s.seatsLeft >= 1)!;
  const order = await api(traveller.page, FLIGHT_ORDER_PATHS.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-purpose-${Date.now()}`, contactName: "黄磊", contactMobile: "13800000073",
    "passengers.0.name": "黄磊", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    travelType: "business", overReason: "会议或客户要求", applyId: app.id,
  });

  // 订单审批: the row names the trip's purpose.
  const page = head.page;
  await page.goto("/travel/audit/order");
  const row = page.getByTestId("audit-todo").getByRole("row", { name: new RegExp(purpose) });
  await expect(row.getByTestId("audit-purpose")).toHaveText(purpose);
  await page.screenshot({ path: "test-results/business-inbox-purpose-1280.png", fullPage: true });
  await row.getByRole("link", { name: "审批" }).click();
  await expect(page).toHaveURL(/\/travel\/audit\/details\?id=\d+&kind=order$/);
  const subject = page.getByTestId("order-subject");
  await expect(subject).toContainText(order.orderNo);
  await expect(page.getByTestId("approval-purpose")).toHaveText(purpose);
  const linked = page.getByTestId("approval-application");
  await expect(linked).toContainText(app.noteNo);
  await expect(linked).toContainText("北京 → 上海、杭州");
  await expect(linked).toContainText(`${start} 至 ${addDays(start, 2)}`);
  // Nothing of the order runs past the window at 1280 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: "test-results/business-approval-application-1280.png", fullPage: true });

  // The link opens the application's own approval, which this approver decided.
  await linked.getByRole("link", { name: app.noteNo }).click();
  await expect(page).toHaveURL(new RegExp(`/travel/audit/details\\?id=${app.approval.id}$`));
  await expect(page.getByTestId("approval-status")).toHaveText("已通过");
  await expect(page.getByText(purpose).first()).toBeVisible();

  // The head turns the order down, so no approval of this test waits in anyone's inbox.
  const waiting = await api(page, "/credit/get_approve_apply_note", { subjectType: "order", pageSize: 100 });
  const approvalId = waiting.list.find((r: { subjectId: number }) => r.subjectId === order.id).id;
  await api(page, "/credit/op_apply_note", { approvalId, action: "reject", comment: "改期后再订" });
  for (const who of [traveller, head, admin]) expect(who.errors).toEqual([]);
});
