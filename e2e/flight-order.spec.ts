// A personal member books a domestic flight for themself and a child through the order page,
// sees the child fare and the total add up, lands on the order as 待支付 with the time left to
// pay, cancels it, and finds it 已取消 in the order centre.
import { expect, test } from "./fixtures";
import { signIn, watchConsole, verifiedSeat } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { ListFlight } from "../src/domain/travel/types";
import { formatFen } from "../src/domain/money";

test("book Beijing–Shanghai for an adult and a child, then cancel the unpaid order", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");

  const depDate = addDays(chinaDate(Date.now()), 7);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 2);
  expect(seat, "an economy fare with two seats").toBeTruthy();
  const fare = await verifiedSeat(page, seat!.fareKey);

  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(fare.fareKey)}`);
  await expect(page.getByTestId("flight-summary")).toContainText("北京");
  await expect(page.getByTestId("payprice")).toHaveText(`¥${formatFen(fare.breakdown.ADT.total)}`);

  await page.getByLabel("姓名").first().fill("张三");
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.getByRole("button", { name: "添加乘客" }).click();
  await page.getByLabel("姓名").nth(1).fill("张小宝");
  // Born 1 May 2019: a child (2 to under 12) on the travel date.
  await page.getByLabel("证件号码").nth(1).fill("110105201905010021");
  await expect(page.getByTestId("passenger-1")).toContainText("儿童");
  const panel = page.getByTestId("price-panel");
  await expect(panel).toContainText("儿童 × 1");
  await expect(panel).toContainText(`¥${formatFen(fare.childCabinPrice)}`);
  await expect(page.getByTestId("payprice")).toHaveText(`¥${formatFen(fare.breakdown.ADT.total + fare.breakdown.CHD.total)}`);

  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  await expect(page.getByTestId("countdown")).toContainText("内完成支付");
  const orderNo = (await page.getByText(/^订单号：/).textContent())!.replace("订单号：", "").trim();

  await page.getByRole("button", { name: "取消订单" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "确定取消" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已取消");
  await expect(page.getByRole("button", { name: "取消订单" })).toHaveCount(0);

  await page.goto("/order/list?type=airTicket");
  const row = page.getByRole("row", { name: new RegExp(orderNo) });
  await expect(row).toContainText("已取消");
  await expect(row).toContainText("张三、张小宝");
  expect(errors).toEqual([]);
});

test("a saved passenger fills a passenger row with the whole certificate number", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000020");
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const saved = await (await page.request.post("/api/new_beneficiary/add", {
    form: { token, name: "王晓明", mobilePhone: "13912345678", "certificates.0.certType": "1", "certificates.0.certNo": "11010519491231002X" },
  })).json();
  expect(saved.ret, saved.msg).toBe(0);

  const depDate = addDays(chinaDate(Date.now()), 9);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await page.getByRole("combobox", { name: "从常用乘客中选择" }).click();
  // The list shows the number masked; the row gets it whole.
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "王晓明" }).click();
  await expect(page.getByLabel("姓名").first()).toHaveValue("王晓明");
  await expect(page.getByLabel("证件号码").first()).toHaveValue("11010519491231002X");
  await expect(page.getByTestId("passenger-0")).toContainText("成人");
  await page.screenshot({ path: "test-results/order-saved-passenger-1280.png", fullPage: true });
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  expect(errors).toEqual([]);
});
