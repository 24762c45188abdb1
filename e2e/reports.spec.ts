// 企业管理员查看国内机票明细报表：先通过接口为公司员工预订并用钱包支付两张机票订单，再打开报表，
// 核对企业消费与订单数、订单金额与员工自付、超标统计，图表（canvas）渲染出来，控制台没有错误。
// 企业工作台：本月企业消费（按产品对比上月同期）、超标率、待我审批与消费前五的员工，
// 从“账单报表”菜单与工作台都能进入消费报表。
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, formOf, PAY_PASSWORD, watchConsole } from "./helpers";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { createHash } from "node:crypto";
import { BUSINESS_TYPE, PAY_PATHS } from "../src/domain/payments/types";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightItem, FlightSeat } from "../src/domain/travel/types";
import { formatFen } from "../src/domain/money";

const ADMIN = "13800000070";
/** The pay call's tamper check, as the cashier computes it (member id, trade number, fixed phrase). */
const requestVerify = (memberId: number, outTradeNo: string) => createHash("md5").update(`${memberId}|${outTradeNo}|tripPortal#payVerify`).digest("hex");

/**
 * 通过登录接口登录（验证码用测试放行值），把令牌与会员信息写入 localStorage，与登录框登录后一致。
 * 这里不走登录框：本用例关心的是报表页，登录框的关闭动画在繁忙的机器上可能拖过断言时限。
 */
async function signInByApi(page: Page, mobile: string) {
  const r = await page.request.post("/api/login/appNewLogin", { form: { mobilePhone: mobile, loginPsw: createHash("md5").update("demo123456").digest("hex"), accCode: "-9990" } });
  const env = await r.json();
  expect(env.ret, env.msg).toBe(0);
  const { token, ...user } = env.data;
  // The session is written from a page of the site that runs no portal code (the health answer):
  // a portal page still starting with the previous session could write its own user back over it.
  await page.goto("/api/health");
  await page.evaluate(([t, u]) => {
    localStorage.setItem("token", t);
    localStorage.setItem("userInfo", u);
  }, [token as string, JSON.stringify(user)]);
}

async function post(page: Page, url: string, form: Record<string, string | number>) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const r = await page.request.post(`/api${url}`, { form: { ...form, token: token! } });
  const env = await r.json();
  expect(env.ret, `${url}: ${env.msg}`).toBe(0);
  return env.data;
}

/** 为一位员工预订一张北京—上海的经济舱并用钱包支付，返回实付金额（分）。 */
async function bookAndPay(page: Page, daysAhead: number, traveller: { name: string; certNo: string }): Promise<number> {
  const depDate = addDays(chinaDate(Date.now()), daysAhead);
  const list: FlightItem[] = (await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } })).json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s: FlightSeat) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => a.salePrice - b.salePrice)[0];
  expect(seat, "有可售的经济舱").toBeTruthy();
  const order = await post(page, FLIGHT_ORDER_PATHS.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-report-${daysAhead}-${Date.now()}`, contactName: traveller.name, contactMobile: ADMIN,
    "passengers.0.name": traveller.name, "passengers.0.certType": 1, "passengers.0.certNo": traveller.certNo,
  });
  const memberId = await page.evaluate(() => JSON.parse(localStorage.getItem("userInfo") ?? "{}").id as number);
  const trade = await post(page, PAY_PATHS.create, { orderId: order.id, method: "wallet" });
  const paid = await post(page, PAY_PATHS.wallet, { outTradeNo: trade.outTradeNo, requestVerify: requestVerify(Number(memberId), trade.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay, payPassword: createHash("md5").update(PAY_PASSWORD).digest("hex") });
  expect(paid.status).toBe("paid");
  return order.payprice;
}

test("企业管理员打开国内机票明细报表，看到合计与图表", async ({ page }) => {
  // 两次预订与支付走真实接口，再加载图表库：比单页测试多用些时间。
  test.setTimeout(360_000);
  const errors = watchConsole(page);
  await signInByApi(page, ADMIN);
  await ensurePayPassword(page, ADMIN);
  // The demo company already has a booking history: the report must grow by exactly what is
  // booked here, over the page's default range (this month and the five before it).
  const today = chinaDate(Date.now());
  const [y, m] = today.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 - 5, 1)).toISOString().slice(0, 10);
  type Row = { key: string; name: string; orders: number; spendFen: number };
  type Detail = {
    summary: { spendFen: number; orders: number; orderFen: number; selfPayFen: number; overStandard: { orders: number; ratePermille: number | null; amountFen: number } };
    byDepartment: Row[];
    byRoute: Row[];
  };
  const before: Detail = await post(page, "/report/domAir/detail", { startDate: first, endDate: today });
  const unassignedBefore = before.byDepartment.find((r) => r.key === "0" || r.name === "未分配部门")?.spendFen ?? 0;
  const routeBefore = before.byRoute.find((r) => r.name.includes("北京-上海"))?.orders ?? 0;
  const spend = (await bookAndPay(page, 6, { name: "陈静", certNo: "11010519491231002X" })) + (await bookAndPay(page, 12, { name: "杨帆", certNo: "110105198001010016" }));

  await page.goto("/myCenter/report_form_dom_air");
  await expect(page).toHaveURL(/\/finance\/reportDetailed\?type=domAir$/);
  await expect(page.getByRole("heading", { name: "国内机票明细报表" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("report-spend")).toContainText(formatFen(before.summary.spendFen + spend), { timeout: 30_000 });
  await expect(page.getByTestId("report-orders")).toContainText(String(before.summary.orders + 2));
  await expect(page.getByTestId("report-savings")).toContainText("¥");
  // 订单金额 = 企业消费 + 员工自付；超标统计来自订单的标准判定（本用例的订单未超标，数字与接口一致）。
  const now: Detail = await post(page, "/report/domAir/detail", { startDate: first, endDate: today });
  expect(now.summary.orderFen).toBe(now.summary.spendFen + now.summary.selfPayFen);
  await expect(page.getByTestId("report-order-amount")).toContainText(formatFen(now.summary.orderFen));
  await expect(page.getByTestId("report-self-paid")).toContainText(formatFen(now.summary.selfPayFen));
  const over = page.getByTestId("report-over-standard");
  await expect(over).toContainText("超标分析");
  await expect(page.getByTestId("report-over-orders")).toContainText(String(now.summary.overStandard.orders));
  await expect(page.getByTestId("report-over-amount")).toContainText(formatFen(now.summary.overStandard.amountFen));
  await expect(page.getByText("订单尚未记录超标标记")).toHaveCount(0);

  // 四张图：月度消费、热门航线、部门排行、全价节省占比，均画在 canvas 上。
  for (const id of ["chart-monthly", "chart-routes", "chart-departments", "chart-savings"]) {
    await expect(page.getByTestId(id).locator("canvas").first()).toBeVisible({ timeout: 20_000 });
  }
  const tables = page.getByTestId("report-tables");
  await expect(tables.getByRole("row", { name: /未分配部门/ })).toContainText(formatFen(unassignedBefore + spend));
  await tables.getByRole("tab", { name: "按航线" }).click();
  await expect(tables.getByRole("row", { name: /北京-上海/ })).toContainText(String(routeBefore + 2));

  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/report-domair-${width}.png`, fullPage: true });
  }

  // 其他产品：真实查询，没有订单时显示空状态。
  await page.getByRole("tab", { name: "酒店" }).click();
  await expect(page).toHaveURL(/type=hotel$/);
  await expect(page.getByRole("heading", { name: "酒店明细报表" })).toBeVisible();
  await expect(page.getByTestId("report-empty")).toBeVisible();
  await expect(page.getByTestId("report-orders")).toContainText("0");
  await page.screenshot({ path: "test-results/report-hotel-1440.png", fullPage: true });
  expect(errors).toEqual([]);
});


/**
 * 员工 13800000072 因公预订一张超出差旅标准的机票（超标自付开启：超出限额的部分加 200 元由员工扫码支付，
 * 其余由企业授信支付），原因“会议或客户要求”。标准与偏好事后恢复。返回订单金额与员工自付部分（分）。
 */
async function bookOverStandard(page: Page): Promise<{ payprice: number; selfFen: number }> {
  const depDate = addDays(chinaDate(Date.now()), 16);
  const list: FlightItem[] = (await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } })).json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((x: FlightSeat) => x.cabinClass === "Y" && x.seatsLeft >= 1).sort((a, b) => b.salePrice - a.salePrice)[0];
  const levels = (await post(page, "/member/center/standard/list", { pageNum: 1, pageSize: 50 })).list as { tripLevelId: number; tripLevelName: string }[];
  const level = levels.find((l) => l.tripLevelName === "普通员工")!;
  const before = await post(page, "/member/center/standard/detail", { tripLevelId: level.tripLevelId });
  const save = (overAction: string, std: Record<string, unknown>) => post(page, "/member/center/standard/save", formOf({ tripLevelId: level.tripLevelId, overAction, ...std }));
  await save("reason", { ...before.standard, flight: { cabins: ["Y"], maxDiscount: null, maxPriceFen: seat.salePrice - 30_000, lowestFareHours: null } });
  const prefs = await post(page, "/api/v1/trip_manager/preference_info", {});
  await post(page, "/api/v1/trip_manager/preference_save", formOf({ ...prefs, overSelfPay: 1 }));
  try {
    await signInByApi(page, "13800000072");
    const order = await post(page, FLIGHT_ORDER_PATHS.book, {
      fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-over-${Date.now()}`, contactName: "杨帆", contactMobile: "13800000072",
      travelType: "business", overReason: "会议或客户要求", "passengers.0.name": "杨帆", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    });
    const memberId = await page.evaluate(() => JSON.parse(localStorage.getItem("userInfo") ?? "{}").id as number);
    const trade = await post(page, PAY_PATHS.create, { orderId: order.id, method: "alipay" });
    const verify = requestVerify(Number(memberId), trade.outTradeNo);
    const qr = await post(page, PAY_PATHS.precreate, { outTradeNo: trade.outTradeNo, requestVerify: verify, businessType: BUSINESS_TYPE.dometicketOrderPay });
    // 沙箱二维码打开本站的手机收银台：员工确认支付自己的那部分。
    await page.goto(qr.qrUrl);
    await page.getByRole("button", { name: "确认支付" }).click();
    await expect(page.getByRole("heading", { name: "支付成功" })).toBeVisible();
    return { payprice: order.payprice, selfFen: trade.amount };
  } finally {
    await signInByApi(page, ADMIN);
    await save(before.overAction, before.standard);
    await post(page, "/api/v1/trip_manager/preference_save", formOf({ ...prefs, overSelfPay: 0 }));
  }
}

test("企业工作台显示本月消费、超标率与待审批，账单报表菜单与工作台都能进入消费报表", async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await signInByApi(page, ADMIN);
  const today = chinaDate(Date.now());
  const month = { startDate: `${today.slice(0, 7)}-01`, endDate: today };
  type Summary = { spendFen: number; selfPayFen: number; overStandard: { orders: number; reasons: { reason: string | null; orders: number }[] } };
  const before: Summary = (await post(page, "/report/domAir/detail", month)).summary;
  const over = await bookOverStandard(page);
  expect(over.selfFen).toBeGreaterThan(0);

  // 报表：超标订单、原因与员工自付随这张订单增加，企业消费只加企业授信支付的部分。
  const after: Summary = (await post(page, "/report/domAir/detail", month)).summary;
  expect(after.overStandard.orders).toBe(before.overStandard.orders + 1);
  expect(after.selfPayFen).toBe(before.selfPayFen + over.selfFen);
  expect(after.spendFen).toBe(before.spendFen + over.payprice - over.selfFen);
  expect(after.overStandard.reasons.find((r) => r.reason === "会议或客户要求")?.orders).toBeGreaterThan(0);

  type Overview = {
    approvals: { trip: number; order: number };
    products: { type: string; spendFen: number; previousSpendFen: number }[];
    total: { spendFen: number; orders: number };
    overStandard: { orders: number; ratePermille: number | null };
    topTravellers: { name: string; spendFen: number }[];
  };
  const figures: Overview = await post(page, "/member/center/companyspend", {});

  await page.goto("/company/index");
  const section = page.getByTestId("spend-overview");
  await expect(section).toContainText("本月差旅消费", { timeout: 30_000 });
  await expect(page.getByTestId("spend-total")).toContainText(formatFen(figures.total.spendFen));
  expect(figures.overStandard.orders).toBeGreaterThan(0);
  const rate = figures.overStandard.ratePermille;
  await expect(page.getByTestId("spend-over-rate")).toContainText(rate === null ? "—" : `${Math.floor(rate / 10)}${rate % 10 ? `.${rate % 10}` : ""}%`);
  await expect(page.getByTestId("spend-approvals")).toContainText(String(figures.approvals.trip + figures.approvals.order));
  if (figures.total.orders > 0) {
    const air = figures.products.find((p) => p.type === "domAir")!;
    await expect(page.getByTestId("spend-products").getByRole("row", { name: /国内机票/ })).toContainText(formatFen(air.spendFen));
    await expect(page.getByTestId("top-travellers")).toContainText(figures.topTravellers[0].name);
  }
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing wider than the window: the section fits without a horizontal scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await section.screenshot({ path: `test-results/workbench-spend-${width}.png` });
  }
  await page.screenshot({ path: "test-results/workbench-company-1280.png", fullPage: true });

  // 工作台的入口打开消费报表。
  await page.getByTestId("open-spend-report").click();
  await expect(page).toHaveURL(/\/finance\/reportDetailed\?type=domAir$/);
  await expect(page.getByTestId("report-over-standard")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("report-over-reasons")).toContainText("会议或客户要求");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId("report-filters").getByRole("button", { name: "查询" }).click();
  await page.screenshot({ path: "test-results/report-over-standard-1280.png", fullPage: true });

  // 账单报表菜单里也有它（与企业账单同列），菜单项随页面高亮。
  await page.goto("/company/index");
  await page.getByRole("navigation", { name: "账户菜单" }).getByRole("button", { name: /账单报表/ }).hover();
  // The header's dropdown, not the side menu's item of the same name (hidden in its closed group).
  const entry = page.locator(".ant-dropdown:not(.ant-dropdown-hidden)").getByRole("menuitem", { name: "差旅消费报表" });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/finance\/reportDetailed\?type=domAir$/);
  await expect(page.getByRole("heading", { name: "国内机票明细报表" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".tp-frame__nav").getByRole("menuitem", { name: "差旅消费报表" })).toHaveClass(/ant-menu-item-selected/);
  expect(errors).toEqual([]);
});
