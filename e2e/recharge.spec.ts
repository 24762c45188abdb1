// The individual member recharges the wallet: from the wallet page's 充值 to the recharge form,
// an amount over the limit refused under its field, 100 元 picked, the cashier offering only the
// QR methods, the sandbox Alipay QR opened and confirmed on a second page while the cashier,
// polling, moves on by itself to 充值成功; the wallet then shows the credit and its ledger row,
// the recharge records list it as 已到账 and the recharge bill has it.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { fenOf } from "./booking-helpers";
import { formatFen } from "../src/domain/money";

test("recharges 100.00 by the sandbox Alipay QR and sees it in the wallet's ledger", async ({ page, context }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");

  await page.goto("/myCenter/wallet");
  const balanceText = page.getByTestId("wallet-page-balance");
  await expect(balanceText).toContainText(/\d/);
  const before = fenOf((await balanceText.textContent())!);
  // The button beside the balance (the left navigation has its own 账户充值).
  await page.getByRole("link", { name: /^(wallet )?充值$/ }).click();
  await expect(page).toHaveURL(/\/recharge\/index$/);
  await expect(page.getByTestId("recharge-balance")).toContainText(formatFen(before));

  // Over the limit: refused under the field, nothing created.
  await page.getByLabel("充值金额").fill("50000.01");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByText("单笔充值金额不能超过50,000.00元")).toBeVisible();
  await expect(page).toHaveURL(/\/recharge\/index$/);

  await page.getByText("100元", { exact: true }).click();
  await expect(page.getByLabel("充值金额")).toHaveValue("100.00");
  await expect(page.getByTestId("recharge-due")).toHaveText("¥100.00");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/recharge-index-1280.png", fullPage: true });
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(page).toHaveURL(/\/recharge\/pay\?orderId=\d+$/);
  await expect(page.getByTestId("pay-amount")).toHaveText("¥100.00");
  await expect(page.getByTestId("countdown")).toContainText("内完成支付");
  await expect(page.getByText("账户充值", { exact: true }).first()).toBeVisible();
  // Only the QR methods: no wallet, no credit.
  await expect(page.getByRole("tab")).toHaveText(["支付宝", "微信支付"]);
  await page.getByRole("tab", { name: "支付宝" }).click();
  await page.getByRole("button", { name: "支付宝扫码支付" }).click();
  const link = page.getByTestId("qr-url");
  await expect(link).toBeVisible();
  await expect(page.locator(".ant-qrcode canvas")).toBeVisible();
  await page.screenshot({ path: "test-results/recharge-pay-1280.png", fullPage: true });
  const url = (await link.getAttribute("href"))!;
  expect(new URL(url).pathname).toMatch(/^\/sandbox\/cashier\/P\d+$/);

  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 760 });
  await phone.goto(url);
  await expect(phone.getByText("¥100.00")).toBeVisible();
  await phone.getByRole("button", { name: "确认支付" }).click();
  await expect(phone.getByRole("heading", { name: "支付成功" })).toBeVisible();

  // The cashier polls every 2.5 s: it moves on by itself.
  await expect(page).toHaveURL(/\/recharge\/finish\?orderNo=R\d{18}$/, { timeout: 8_000 });
  await expect(page.getByText("充值成功")).toBeVisible();
  await expect(page.getByTestId("recharge-amount")).toHaveText("¥100.00");
  await expect(page.getByTestId("recharge-new-balance")).toHaveText(`¥${formatFen(before + 10_000)}`);
  const orderNo = new URL(page.url()).searchParams.get("orderNo")!;
  await page.screenshot({ path: "test-results/recharge-finish-1280.png", fullPage: true });

  await page.getByRole("main").getByRole("link", { name: "查看钱包" }).click();
  await expect(page).toHaveURL(/\/myCenter\/wallet/);
  await expect(page.getByTestId("wallet-page-balance")).toContainText(formatFen(before + 10_000));
  // One row for the recharge, money in: the QR payment that funded it is the same movement.
  const row = page.getByTestId("wallet-ledger").getByRole("row").filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("ledger-amount")).toHaveText("+¥100.00");
  await expect(row).toContainText("充值");
  await expect(row).toContainText("余额");
  // At 1280 px the ledger fits: no sideways scrolling.
  const scroller = page.getByTestId("wallet-ledger").locator(".ant-table-content");
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/recharge-wallet-1280.png", fullPage: true });

  await page.goto("/finance/rechargeRecord");
  const record = page.getByTestId("recharge-records").getByRole("row").filter({ hasText: orderNo });
  await expect(record).toContainText("已到账");
  await expect(record).toContainText("¥100.00");
  await expect(record).toContainText("支付宝");
  await page.screenshot({ path: "test-results/recharge-records-1280.png", fullPage: true });

  // The recharge bill (a ledger bill) has the credited row.
  await page.goto("/bill/rechargeBill");
  const billRow = page.getByRole("row").filter({ hasText: orderNo });
  await expect(billRow).toHaveCount(1);
  await expect(billRow).toContainText("充值");
  await expect(billRow).toContainText("100.00");

  // The workbench's Recharge is the same form.
  await page.goto("/finance/recharge");
  await expect(page.getByTestId("recharge-balance")).toContainText(formatFen(before + 10_000));
  await expect(page.getByRole("button", { name: "下一步" })).toBeVisible();
  await page.screenshot({ path: "test-results/recharge-workbench-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});
