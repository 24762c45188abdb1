// A member books a 政府采购 (公务机票) fare: searches 北京 → 上海 with 公务机票 ticked, sees each
// flight's 政府采购 fare beside the public ones, opens the GP order page from it, fills the
// passenger with their budget unit and official card (a card whose check digit is wrong is
// refused at its field), watches the price panel add up, submits and lands at the cashier, then
// finds the order in 公务机票订单 (and not in 机票订单) and opens its detail with the budget unit
// and the card masked to its last four digits.
//
// The member is 孙立 (13800000040). The order is left unpaid: no other test's wallet or order list
// is touched (GP orders stay out of the 机票订单 tab other specs read).
import { expect, test, type Page } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { daysAhead, pick, setDate } from "./booking-helpers";
import type { FareVerifyReply } from "../src/domain/travel/types";
import { formatFen } from "../src/domain/money";

const MEMBER = "13800000040";
const SHOTS = "test-results";
const CARD = "6283660012345670";

async function shoot(page: Page, name: string) {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/gp-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("searches 北京 → 上海 with 公务机票, books a 政府采购 fare with 预算单位 and 公务卡号, and finds it in 公务机票订单", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  const depDate = daysAhead(16);

  await page.goto("/airTicket/query");
  await pick(page, "出发城市", "bj", "北京");
  await pick(page, "到达城市", "sh", "上海");
  await setDate(page, "出发日期", depDate);
  await page.getByTestId("gp-switch").click();
  await expect(page.getByRole("radio", { name: "往返" })).toBeDisabled();
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/gp=1/);

  // The first flight whose cabins include a 政府采购 fare.
  const cards = page.locator("[data-flight]");
  await expect(cards.first()).toBeVisible();
  const card = cards.first();
  await card.getByRole("button", { name: /订票/ }).click();
  const gpCabin = card.locator(".tp-bk-cabin", { has: page.getByTestId("gp-fare-tag") });
  await expect(gpCabin).toHaveCount(1);
  await expect(gpCabin).toContainText("政府采购");
  await expect(gpCabin).toContainText("需填写预算单位与公务卡");
  // The public fares are still there beside it.
  expect(await card.locator(".tp-bk-cabin").count()).toBeGreaterThan(1);
  await gpCabin.getByRole("button", { name: "退改签规则" }).hover();
  await expect(page.locator(".ant-popover:visible").getByText("起飞前7天(含)以上")).toBeVisible();
  await expect(page.locator(".ant-popover:visible")).toContainText("免费");
  await page.mouse.move(0, 0);
  await expect(page.locator(".ant-popover:visible")).toHaveCount(0);
  await shoot(page, "search");

  const fareKey = (await gpCabin.getAttribute("data-fare"))!;
  expect(fareKey).toMatch(/\|Y\|GP$/);
  await gpCabin.getByRole("button", { name: "预订" }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info_office\?/);
  expect(new URL(page.url()).searchParams.get("fareKey")).toBe(fareKey);

  // What the page verified: the GP fare it must show and charge.
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const v: FareVerifyReply = (await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/verify", { form: { token, fareKey } })).json()).data;
  expect(v.available).toBe(true);
  const fare = v.seat!;
  await expect(page.getByTestId("flight-summary")).toContainText("政府采购");
  await expect(page.getByTestId("gp-eligibility")).toContainText("预算单位");
  // The GP fee table the refund and change are priced on: free far out.
  const rules = page.getByTestId("gp-rules");
  await expect(rules.locator("tbody tr")).toHaveCount(4);
  await expect(rules.locator("tbody tr").first()).toContainText("免费");
  await expect(rules.locator("tbody tr").last()).toContainText("票面价 10%");

  await page.getByLabel("姓名", { exact: true }).fill("孙立");
  await page.getByLabel("证件号码").fill("11010519491231002X");
  await page.getByLabel("预算单位").fill("北京市财政局");
  // A card number whose last digit does not check is refused at its field, before anything is sent.
  await page.getByLabel("公务卡号").fill("6283 6600 1234 5671");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page.getByText("公务卡号校验位不正确，请核对卡号")).toBeVisible();
  await expect(page).toHaveURL(/\/airTicket\/order_info_office\?/);

  const panel = page.getByTestId("price-panel");
  await expect(panel).toContainText("成人 × 1");
  await expect(panel).toContainText(`¥${formatFen(fare.salePrice)}`);
  await expect(panel).toContainText(`¥${formatFen(fare.adtTaxeCn)}`);
  await expect(page.getByTestId("payprice")).toHaveText(`¥${formatFen(fare.breakdown.ADT.total)}`);
  await page.getByLabel("公务卡号").fill(`${CARD.slice(0, 4)} ${CARD.slice(4, 8)} ${CARD.slice(8, 12)} ${CARD.slice(12)}`);
  await expect(page.getByText("公务卡号校验位不正确，请核对卡号")).toHaveCount(0);
  await shoot(page, "order-info");

  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\/order\/\d+$/);
  const orderId = page.url().split("/").pop()!;
  await expect(page.getByTestId("pay-amount")).toHaveText(`¥${formatFen(fare.breakdown.ADT.total)}`);

  await page.goto("/order/list?type=gp");
  const list = page.getByTestId("gp-order-list");
  const row = list.locator("tr", { hasText: "孙立" }).first();
  await expect(row).toContainText("北京 → 上海");
  await expect(row).toContainText("待支付");
  const orderNo = (await row.getByRole("link").first().textContent())!.trim();
  await shoot(page, "order-list");
  // Not among the ordinary flight orders.
  await page.goto("/order/list?type=airTicket");
  await expect(page.getByRole("tab", { name: "机票订单", selected: true })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(orderNo) })).toHaveCount(0);

  await page.goto(`/ticket/OrderDetails/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("待支付");
  await expect(page.getByRole("heading", { name: "公务机票订单详情" })).toBeVisible();
  await expect(page.getByTestId("order-gp")).toHaveText("政府采购");
  const passenger = page.locator("tr.ant-table-row", { hasText: "孙立" }).getByTestId("gp-passenger");
  await expect(passenger).toContainText("北京市财政局");
  await expect(passenger).toContainText("**** **** **** 5670");
  await expect(page.locator("body")).not.toContainText(CARD);
  await shoot(page, "detail");
  await page.getByRole("link", { name: "返回订单列表" }).click();
  await expect(page.getByRole("tab", { name: "公务机票订单", selected: true })).toBeVisible();
  expect(errors).toEqual([]);
});
