// The two ways of buying a train ticket, in Chinese. 12306账号购票: the individual member searches
// 北京南 → 上海虹桥 next week with the keyboard only (Tab to each field, Enter picks a station,
// takes the typed date, then searches), books the cheapest 二等座, is refused a malformed 12306
// account under its field, signs in to the sandbox 12306 (its 常用联系人 are the member's saved
// travellers), picks themself, pays from the wallet (its balance read first: other specs pay
// from it too) and sees 购票方式 on the order list and detail. 免账号购票: the nab query page
// reaches its own order form, and the two variants link to each other.
import { expect, test, type BrowserContext, type Page } from "./fixtures";
import { ORDER_LIST_ADDRESS, ensurePayPassword, payNow, signIn, watchConsole } from "./helpers";
import { daysAhead, fenOf } from "./booking-helpers";
import { idCardCheckChar } from "../src/domain/validators";
import { formatFen } from "../src/domain/money";

const MEMBER = "13800000010";
const SHOTS = "test-results";
const ACCOUNT = "liming_12306";
// 110105 1991-04-12, sequence 551.
const ID_NO = "11010519910412551" + idCardCheckChar("11010519910412551");

/** Presses Tab until the field with this accessible name has the focus. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))) === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Types into the focused place picker and picks the highlighted suggestion with Enter. */
async function typeAndPick(page: Page, typed: string, name: string) {
  await page.keyboard.type(typed);
  await expect(page.getByRole("option", { selected: true })).toContainText(name);
  await page.keyboard.press("Enter");
}

/** Tops the wallet up by the sandbox Alipay QR when it holds less than `needed` fen. */
async function topUp(page: Page, context: BrowserContext, yuan: number) {
  await page.goto("/recharge/index");
  await page.getByLabel("充值金额").fill(String(yuan));
  await page.getByRole("button", { name: "下一步" }).click();
  await page.getByRole("tab", { name: "支付宝" }).click();
  await page.getByRole("button", { name: "支付宝扫码支付" }).click();
  const url = (await page.getByTestId("qr-url").getAttribute("href"))!;
  const phone = await context.newPage();
  await phone.goto(url);
  await phone.getByRole("button", { name: "确认支付" }).click();
  await expect(phone.getByRole("heading", { name: "支付成功" })).toBeVisible();
  await phone.close();
  await expect(page).toHaveURL(/\/recharge\/finish\?/, { timeout: 10_000 });
}

test("12306账号购票: a keyboard search, the 12306 sign-in, the account's passenger, the wallet, and 购票方式 on the order", async ({ page, context }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, MEMBER);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  // The member saves themself as a traveller: the sandbox's 12306 account lists them.
  const saved = await (await page.request.post("/api/new_beneficiary/add", { form: { token, name: "李明", "certificates.0.certType": "1", "certificates.0.certNo": ID_NO } })).json();
  expect(saved.ret, saved.msg).toBe(0);

  await page.goto("/train/train_ab_query_list");
  await expect(page.getByRole("heading", { name: "火车票查询（12306账号购票）" })).toBeVisible();
  await expect(page.getByTestId("train-channel")).toContainText("12306账号购票");
  // The keyboard only: Tab to each field, Enter picks, takes the date, then searches.
  await tabTo(page, "出发站");
  await typeAndPick(page, "bjn", "北京南");
  await tabTo(page, "到达站");
  await typeAndPick(page, "shanghaihongqiao", "上海虹桥");
  await tabTo(page, "出发日期");
  const depDate = daysAhead(7);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(depDate);
  await page.keyboard.press("Enter");
  await expect(page.getByPlaceholder("出发日期", { exact: true })).toHaveValue(new RegExp(`^${depDate}`));
  await expect(page).toHaveURL(/\/train\/train_ab_query_list$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/train/train_ab_query_list\\?.*depDate=${depDate}`));
  await expect(page.locator("[data-train]").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/train-ab-query-1280.png`, fullPage: true });

  // The cheapest 二等座 left.
  const trains = page.locator("[data-train]").filter({ has: page.locator('[data-seat="二等座"] button:not([disabled])') });
  const prices = (await trains.locator('[data-seat="二等座"] .tp-bk-price').allInnerTexts()).map(fenOf);
  const fare = Math.min(...prices);
  const train = trains.nth(prices.indexOf(fare));
  const trainNo = (await train.getAttribute("data-train"))!;
  await train.locator('[data-seat="二等座"]').getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/train\/train_ab_order_info\?.*trainKey=.*seatClass=O/);
  await expect(page.getByRole("heading", { name: "填写火车票订单（12306账号购票）" })).toBeVisible();
  await expect(page.getByTestId("order-train")).toContainText(trainNo);
  await expect(page.getByText("请先登录12306账号，乘车人从该账号的常用联系人中选择")).toBeVisible();

  // A malformed account is refused in the browser by the shared rule.
  const section = page.getByTestId("account-12306");
  await section.getByLabel("12306账号").fill("9liming");
  await section.getByLabel("密码").fill("Secret_2026");
  await section.getByRole("button", { name: "登录12306" }).click();
  await expect(section.getByText("12306账号须为字母开头的 6–30 位字母、数字或下划线，或账号绑定的手机号")).toBeVisible();
  await section.getByLabel("12306账号").fill(ACCOUNT);
  await section.getByRole("button", { name: "登录12306" }).click();
  await expect(section.getByText(`已登录12306账号 ${ACCOUNT}`)).toBeVisible();
  await page.getByTestId("account-passengers").getByText("李明").click();
  await expect(page.getByLabel("乘客 1")).toHaveValue("李明");
  await expect(page.getByTestId("price-total")).toHaveText(`¥${((fare + 500) / 100).toFixed(2)}`);
  await page.screenshot({ path: `${SHOTS}/train-ab-order-info-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/train\/train_order_pay\/\d+\/T\d{18}$/);
  const payUrl = page.url();
  const orderNo = payUrl.split("/").pop()!;
  const total = fenOf(await page.getByTestId("pay-amount").innerText());
  expect(total).toBe(fare + 500);
  // The wallet as it is now (other specs pay from it too); topped up if the ticket does not fit.
  let balance = fenOf(await page.getByTestId("wallet-balance").innerText());
  if (balance < total) {
    await topUp(page, context, Math.ceil((total - balance) / 100) + 1);
    await page.goto(payUrl);
    balance = fenOf(await page.getByTestId("wallet-balance").innerText());
  }
  await payNow(page);
  await expect(page).toHaveURL(ORDER_LIST_ADDRESS);
  const row = page.getByTestId("train-order-list").locator("tr", { hasText: orderNo });
  await expect(row).toContainText(`购票方式：12306账号购票：${ACCOUNT}`);
  await row.getByRole("link", { name: orderNo }).click();
  await expect(page).toHaveURL(/\/train\/OrderDetails\/\d+$/);
  // The address changes at once, while the list stays on screen until the detail's code arrives:
  // the detail's heading says it is there (the list rows carry the same test id).
  await expect(page.getByRole("heading", { name: "火车票订单详情" })).toBeVisible();
  await expect(page.getByTestId("order-channel")).toHaveText(`12306账号购票：${ACCOUNT}`);
  await page.screenshot({ path: `${SHOTS}/train-ab-order-detail-1280.png`, fullPage: true });

  await page.goto("/myCenter/wallet");
  await expect(page.getByTestId("wallet-page-balance")).toContainText(formatFen(balance - total));

  // The saved traveller goes again: the member's list is as the other specs expect it.
  expect((await (await page.request.post("/api/new_beneficiary/delete", { form: { token, id: String(saved.data.id) } })).json()).ret).toBe(0);
  expect(errors).toEqual([]);
});

test("免账号购票: the nab query page books on its own order form, and the two variants link to each other", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, MEMBER);
  const depDate = daysAhead(8);
  await page.goto(`/train/train_nab_query_list?fromStation=北京南&toStation=上海虹桥&depDate=${depDate}`);
  await expect(page.getByRole("heading", { name: "火车票查询（免账号购票）" })).toBeVisible();
  await expect(page.getByTestId("train-channel")).toContainText("免账号购票");
  // To the 12306 account page with the same search, and back.
  await page.getByRole("link", { name: "改用12306账号购票" }).click();
  await expect(page).toHaveURL(new RegExp(`/train/train_ab_query_list\\?.*depDate=${depDate}`));
  await expect(page.getByRole("heading", { name: "火车票查询（12306账号购票）" })).toBeVisible();
  await page.getByRole("link", { name: "改用免账号购票" }).click();
  await expect(page).toHaveURL(new RegExp(`/train/train_nab_query_list\\?.*depDate=${depDate}`));
  await expect(page.getByRole("heading", { name: "火车票查询（免账号购票）" })).toBeVisible();

  const train = page.locator("[data-train]").filter({ has: page.locator('[data-seat="二等座"] button:not([disabled])') }).first();
  await train.locator('[data-seat="二等座"]').getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/train\/train_nab_order_info\?.*trainKey=.*seatClass=O/);
  await expect(page.getByRole("heading", { name: "填写火车票订单（免账号购票）" })).toBeVisible();
  // The ordinary form: any passenger, no 12306 account.
  await expect(page.getByLabel("乘客 1")).toBeEditable();
  await expect(page.getByTestId("account-12306")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/train-nab-order-info-1280.png`, fullPage: true });
  // The same train on the 12306 account's order form.
  await page.getByRole("link", { name: "改用12306账号购票" }).click();
  await expect(page).toHaveURL(/\/train\/train_ab_order_info\?.*trainKey=.*seatClass=O/);
  await expect(page.getByTestId("account-12306")).toBeVisible();
  expect(errors).toEqual([]);
});
