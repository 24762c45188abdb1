// 超标自付 in Chinese: the administrator turns the preference on in 差旅偏好 (with 普通员工's flight
// price limit set 300 yuan plus the allowance under a fare); the employee 13800000072 books that
// fare on business, is told the excess is theirs to pay, picks a reason, and at the cashier pays
// only ¥300.00 by the sandbox Alipay QR while the page says the rest goes on the company's credit;
// the order is paid. The standard and preference are put back afterwards for the other specs.
import { expect, test } from "./fixtures";
import { formOf, signedInAs } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightItem, FlightSeat } from "../src/domain/travel/types";



test("the traveller pays only the part over the standard; the company's credit pays the rest", async ({ browser }) => {
  test.setTimeout(300_000);
  const admin = await signedInAs(browser, "13800000070");
  const token = (await admin.page.evaluate(() => localStorage.getItem("token")))!;
  const post = async (url: string, body: Record<string, string> = {}) => (await admin.page.request.post(`/api${url}`, { form: { token, ...body } })).json();

  const depDate = addDays(chinaDate(Date.now()), 15);
  const list: FlightItem[] = (await post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate })).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s: FlightSeat) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => b.salePrice - a.salePrice)[0];

  const levels = (await post("/member/center/standard/list", { pageNum: "1", pageSize: "50" })).data.list as { tripLevelId: number; tripLevelName: string }[];
  const level = levels.find((l) => l.tripLevelName === "普通员工")!;
  const before = (await post("/member/center/standard/detail", { tripLevelId: String(level.tripLevelId) })).data;
  const save = (overAction: string, std: Record<string, unknown>) => post("/member/center/standard/save", formOf({ tripLevelId: level.tripLevelId, overAction, ...std }));
  const limited = await save("reason", { ...before.standard, flight: { cabins: ["Y"], maxDiscount: null, maxPriceFen: seat.salePrice - 50_000, lowestFareHours: null } });
  expect(limited.ret, limited.msg).toBe(0);

  try {
    // 差旅偏好: the administrator turns 超标自付 on.
    await admin.page.goto("/travel/travelManage/preferenSettings");
    const toggle = admin.page.getByRole("switch", { name: "超标自付" });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
    await admin.page.screenshot({ path: "test-results/self-pay-preferences-1280.png", fullPage: true });
    await admin.page.getByRole("button", { name: "保存" }).click();
    await expect(admin.page.getByText("偏好设置已保存").first()).toBeVisible();

    const { page, errors } = await signedInAs(browser, "13800000072");
    await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
    await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
    await expect(page.getByTestId("self-pay")).toContainText("¥300.00");
    await page.getByLabel("超标原因").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "会议或客户要求" }).click();
    await page.getByLabel("姓名").first().fill("杨帆");
    await page.getByLabel("证件号码").first().fill("11010519491231002X");
    await page.screenshot({ path: "test-results/self-pay-order-info-1280.png", fullPage: true });
    await page.getByRole("button", { name: "提交订单" }).click();
    await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
    await page.getByRole("link", { name: "去支付" }).click();
    await expect(page.getByTestId("pay-amount")).toHaveText("¥300.00");
    await expect(page.getByTestId("pay-company-part")).toContainText("由企业授信支付");
    await page.getByRole("tab", { name: "支付宝" }).click();
    await page.getByRole("button", { name: "支付宝扫码支付" }).click();
    const link = page.getByTestId("qr-url");
    await expect(link).toBeVisible();
    await page.screenshot({ path: "test-results/self-pay-cashier-1280.png", fullPage: true });
    const phone = await page.context().newPage();
    await phone.goto((await link.getAttribute("href"))!);
    await expect(phone.getByText("¥300.00")).toBeVisible();
    await phone.getByRole("button", { name: "确认支付" }).click();
    await expect(phone.getByRole("heading", { name: "支付成功" })).toBeVisible();
    await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/, { timeout: 10_000 });
    await expect(page.getByText("支付成功")).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await save(before.overAction, before.standard);
    const prefs = (await post("/api/v1/trip_manager/preference_info")).data;
    await post("/api/v1/trip_manager/preference_save", formOf({ ...prefs, overSelfPay: 0 }));
  }
  expect(admin.errors).toEqual([]);
});
