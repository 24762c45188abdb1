// Rewards and the pay authorization code, in Chinese. A member recommended by 13800000010 (周涛,
// 13800000113) books a flight and pays it by the sandbox QR (their wallet is empty), the airline's
// jobs ticket it, and the referrer finds its 推荐收益 on 奖励明细, moves it to the wallet on 奖励转出
// and sees the wallet balance go up by that much. Then the referrer's 支付授权码 page shows an
// 18-digit code with its QR and countdown, 刷新 replaces it, and a counter's signed charge turns
// the page to 已付款.
import { expect, test, type Browser, type Page } from "./fixtures";
import crypto from "node:crypto";
import { ensurePayPassword, PAY_PASSWORD, signIn, watchConsole } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightItem } from "../src/domain/travel/types";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { PAY_PATHS } from "../src/domain/payments/types";
import { RECOMMEND_RATE_BP, rateOf } from "../src/domain/payments/rewards";
import { payCodeSignText } from "../src/domain/payments/pay-code";
import { THIRD_PARTY_SITES } from "../src/access/partners";
import { fenToYuan, formatFen } from "../src/domain/money";
import { fenOf } from "./booking-helpers";

const REFERRER = "13800000010";
const RECRUIT = "13800000113";
// The cashier's requestVerify (src/domain/payments/verify.ts), with node's MD5: that module's
// crypto-js import does not load in the test runner's ESM loader.
const requestVerify = (memberId: number, outTradeNo: string) => crypto.createHash("md5").update(`${memberId}|${outTradeNo}|tripPortal#payVerify`).digest("hex");

async function session(page: Page): Promise<{ token: string; id: number }> {
  return page.evaluate(() => ({ token: localStorage.getItem("token") ?? "", id: Number(JSON.parse(localStorage.getItem("userInfo") ?? "{}").id) }));
}

async function api(page: Page, url: string, form: Record<string, string | number>) {
  const reply = await page.request.post(`/api${url}`, { form: { ...form, device: "web" } });
  const body = await reply.json();
  expect(body.ret, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

/** The recruit books one adult on an economy fare and pays by the sandbox QR; answers the ticket amount once 已出票. */
async function recruitBuysTicket(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, RECRUIT);
  const { token, id } = await session(page);
  const list: FlightItem[] = (await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", {
    form: { depCity: "BJS", arrCity: "SHA", depDate: addDays(chinaDate(Date.now()), 12) },
  })).json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => a.salePrice - b.salePrice)[0];
  const order = await api(page, FLIGHT_ORDER_PATHS.book, {
    token, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `rewards-e2e-${Date.now()}`, contactName: "周涛", contactMobile: RECRUIT,
    "passengers.0.name": "周涛", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  const trade = await api(page, PAY_PATHS.create, { token, orderId: order.id, method: "alipay" });
  const verify = requestVerify(id, trade.outTradeNo);
  const qr = await api(page, PAY_PATHS.precreate, { token, outTradeNo: trade.outTradeNo, requestVerify: verify, businessType: trade.businessType });
  // The QR's page is the sandbox gateway's mobile cashier: confirming there notifies the server.
  await page.goto(qr.qrUrl);
  await page.getByRole("button", { name: "确认支付" }).click();
  await expect.poll(async () => (await api(page, PAY_PATHS.query, { token, outTradeNo: trade.outTradeNo, requestVerify: verify })).status).toBe("paid");
  // The airline tickets a few seconds after payment.
  await expect.poll(async () => (await api(page, FLIGHT_ORDER_PATHS.detail, { token, id: order.id })).status, { timeout: 30_000 }).toBe(2);
  await context.close();
  return seat.salePrice;
}

test("推荐收益: a recommended member's ticketed order earns the referrer a reward, which it moves to the wallet", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const ticketFen = await recruitBuysTicket(browser);
  const reward = rateOf(ticketFen, RECOMMEND_RATE_BP);

  await signIn(page, REFERRER);
  await page.goto("/finance/rewradsDetail");
  const table = page.getByTestId("rewards-detail");
  const row = table.getByRole("row", { name: /周涛/ });
  await expect(row).toContainText("推荐收益");
  await expect(row).toContainText("收益入账");
  await expect(row).toContainText(`+¥${formatFen(reward)}`);

  await page.getByRole("link", { name: "转出奖励" }).click();
  await expect(page).toHaveURL(/\/finance\/rewardsOut$/);
  const balance = fenOf(await page.getByTestId("rewards-balance").innerText());
  expect(balance).toBeGreaterThanOrEqual(reward);
  const walletBefore = fenOf(await page.getByTestId("rewards-wallet").innerText());

  // Over the balance is refused by the server under the field.
  await page.getByLabel("转出金额").fill(formatFen(balance + 100).replace(/,/g, ""));
  await page.getByRole("button", { name: "确认转出" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "转出" }).click();
  await expect(page.getByText("奖励余额不足")).toBeVisible();

  await page.getByRole("button", { name: "全部转出" }).click();
  await expect(page.getByLabel("转出金额")).toHaveValue(fenToYuan(balance));
  await page.getByRole("button", { name: "确认转出" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText(`将 ¥${formatFen(balance)} 转出至账户余额`);
  await confirm.getByRole("button", { name: "转出" }).click();
  await expect(page.getByText(`已转出 ¥${formatFen(balance)} 至账户余额`)).toBeVisible();
  await expect(page.getByTestId("rewards-wallet")).toHaveText(new RegExp(formatFen(walletBefore + balance).replace(/\./g, "\\.")));
  await expect(page.getByTestId("rewards-balance")).toContainText("0.00");
  await expect(page.getByText("暂无可转出的奖励")).toBeVisible();
  await page.screenshot({ path: "test-results/rewards-out.png", fullPage: true });

  // The wallet page shows the move as 奖励转出.
  await page.goto("/myCenter/wallet");
  await expect(page.getByTestId("wallet-page-balance")).toContainText(formatFen(walletBefore + balance));
  await expect(page.getByTestId("wallet-ledger").getByRole("row", { name: /推荐收益转出至余额/ })).toContainText(`+¥${formatFen(balance)}`);

  await page.goto("/myCenter/tianhanbao_detail");
  await expect(page.getByRole("row", { name: /转出至余额/ }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/rewards-tianhanbao.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("支付授权码: the page shows an 18-digit code with its QR and countdown; 刷新 replaces it; a counter's charge shows 已付款", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, REFERRER);
  // The code spends the wallet, so it asks the pay password as paying from the wallet does.
  await ensurePayPassword(page, REFERRER);
  await page.goto("/myCenter/pay_authorization_code");
  await page.getByRole("textbox", { name: /支付密码/ }).fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "生成付款码" }).click();
  const code = page.getByTestId("pay-code");
  await expect(code).toHaveText(/^\d{4}( \d{4}){3} \d{2}$/);
  await expect(page.getByTestId("pay-code-qr").locator("canvas")).toBeVisible();
  await expect(page.getByTestId("countdown")).toHaveText(/\d{2}:\d{2} 后失效/);
  await page.screenshot({ path: "test-results/pay-code.png", fullPage: true });

  const first = (await code.innerText()).replace(/\s/g, "");
  await page.getByRole("button", { name: "刷新" }).click();
  await expect(code).not.toHaveText(new RegExp(first.slice(0, 4)));
  const authCode = (await code.innerText()).replace(/\s/g, "");
  expect(authCode).toMatch(/^\d{18}$/);
  expect(authCode).not.toBe(first);

  // A counter (the demo partner, signing with its app secret) charges ¥12.34.
  const appId = THIRD_PARTY_SITES[0].appId;
  const body = { appId, signTimestamp: String(Date.now()), authCode, amountFen: 1234, counterTradeNo: `POS${Date.now()}` };
  const secret = `demo-secret-${THIRD_PARTY_SITES[0].thirdName}`;
  const sign = crypto.createHmac("sha256", secret).update(payCodeSignText(body)).digest("hex");
  const charged = await (await page.request.post("/api/pay/authcode/charge", { form: { ...body, sign } })).json();
  expect(charged.ret, charged.msg).toBe(0);
  await expect(page.getByTestId("pay-code-paid")).toHaveText("已付款 ¥12.34");
  await page.screenshot({ path: "test-results/pay-code-paid.png", fullPage: true });
  expect(errors).toEqual([]);
});
