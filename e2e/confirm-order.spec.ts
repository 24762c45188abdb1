// A partner that settles with its company monthly (天禾商旅, payLabel 确认订单): its employee
// 周文博 enters by the signed link, and paying reads 确认订单 everywhere — the order's action,
// the cashier's title and its button — with the company's credit line offered first; confirming
// settles the order on that credit, and the finish page says the order was confirmed.
import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { watchConsole } from "./helpers";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { ListFlight } from "../src/domain/travel/types";

test("a monthly-settling partner's member confirms an order on the company's credit instead of paying", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const appId = "TH2019000001";
  const timestamp = Date.now();
  const sign = crypto.createHmac("sha256", "demo-secret-tianhe").update(`${appId}${timestamp}`).digest("hex");
  await page.goto(`/th_business_index?appId=${appId}&sign=${sign}&timestamp=${timestamp}&access_type=THIRD_PARTY`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;

  const depDate = addDays(chinaDate(Date.now()), 15);
  const list: ListFlight[] = (await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } })).json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => a.salePrice - b.salePrice)[0];
  const booked = await (await page.request.post(`/api${FLIGHT_ORDER_PATHS.book}`, {
    form: {
      token, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-confirm-${Date.now()}`, contactName: "周文博", contactMobile: "13800000081", travelType: "private",
      "passengers.0.name": "周文博", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    },
  })).json();
  expect(booked.ret, booked.msg).toBe(0);

  await page.goto(`/ticket/OrderDetails/${booked.data.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  await expect(page.getByRole("link", { name: "去支付" })).toHaveCount(0);
  await page.getByRole("link", { name: "确认订单" }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/order/${booked.data.id}$`));
  await expect(page.getByRole("heading", { name: "确认订单" })).toBeVisible();
  // The company's credit is the first (open) way to settle.
  await expect(page.getByRole("tab").first()).toHaveText("企业授信支付");
  await expect(page.getByRole("tab", { selected: true })).toHaveText("企业授信支付");
  await page.screenshot({ path: "test-results/confirm-order-cashier-1280.png", fullPage: true });
  await page.getByRole("button", { name: "确认订单" }).click();
  // The finish page says the order was confirmed, never that it was paid.
  await expect(page.getByText("订单确认成功")).toBeVisible();
  await expect(page.getByText("订单已确认")).toBeVisible();
  await expect(page.getByText(/支付成功|支付完成/)).toHaveCount(0);
  await page.goto(`/ticket/OrderDetails/${booked.data.id}`);
  await expect(page.getByTestId("order-status")).toHaveText(/^(已支付|出票中|已出票)$/);
  expect(errors).toEqual([]);
});
