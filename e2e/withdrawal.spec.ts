// 提现 in a real browser, as the city operator (13800000050), whose balance is read first (another
// spec pays from the same wallet): a
// pay password is set, a 工商银行 card is bound with the SMS code from the dev outbox (the bank shows
// as the number is typed, the list shows it masked), 50.00 is withdrawn with the pay password —
// 申请中 and the balance down by 50.00 — then 撤销 puts the money back.
import crypto from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { fenOf } from "./booking-helpers";
import { formatFen } from "../src/domain/money";

const MEMBER = "13800000050";
const PAY_PWD = "135790";
const CARD = "6222 0202 0000 1234 562";
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");

async function post(page: Page, url: string, form: Record<string, string>) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const env = await (await page.request.post(`/api${url}`, { form: { ...form, token: token! } })).json();
  expect(env.ret, `${url}: ${env.msg}`).toBe(0);
  return env.data;
}

async function outbox(page: Page): Promise<{ id: number; code: string }[]> {
  return (await (await page.request.get(`/api/dev/sms-outbox?mobilePhone=${MEMBER}`)).json()).data;
}

test("a member binds a card, withdraws 50.00 with the pay password and cancels it", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  // The pay password, as the 账户设置 page sets it: a paypwd code to the member's own phone.
  await post(page, "/common/sendCode", { mobilePhone: MEMBER, type: "paypwd" });
  await post(page, "/member/updatePayPswd", { smsCode: (await outbox(page))[0].code, payPswd: md5(PAY_PWD) });

  await page.goto("/myCenter/wallet");
  const balance = page.getByTestId("wallet-page-balance");
  await expect(balance).toContainText("¥");
  const start = fenOf((await balance.textContent())!);
  expect(start).toBeGreaterThan(5_000);

  // 银行卡: add a card; the bank is recognised as the number is typed.
  await page.getByRole("tab", { name: "银行卡" }).click();
  await expect(page.getByText("暂未绑定银行卡")).toBeVisible();
  await page.getByRole("button", { name: "添加银行卡" }).click();
  const bind = page.getByRole("dialog", { name: "添加银行卡" });
  await bind.getByLabel("银行卡号").fill(CARD);
  await expect(bind.getByTestId("bank-name")).toHaveText(/中国工商银行/);
  await bind.getByLabel("持卡人").fill("赵敏");
  const sentBefore = (await outbox(page))[0]?.id ?? 0;
  await bind.getByRole("button", { name: "获取验证码" }).click();
  await expect.poll(async () => (await outbox(page))[0]?.id ?? 0).toBeGreaterThan(sentBefore);
  await bind.getByPlaceholder("请输入短信验证码").fill((await outbox(page))[0].code);
  await page.screenshot({ path: "test-results/withdrawal-bind-1280.png", fullPage: true });
  await bind.getByRole("button", { name: "确认绑定" }).click();
  await expect(bind).toBeHidden();
  const card = page.getByTestId("bank-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("中国工商银行");
  await expect(card).toContainText("**** **** **** 4562");
  await expect(page.getByTestId("bank-cards")).not.toContainText("622202");
  await page.screenshot({ path: "test-results/withdrawal-cards-1280.png", fullPage: true });

  // 提现 50.00 with the pay password.
  await page.getByRole("button", { name: "提现" }).click();
  const dialog = page.getByRole("dialog", { name: "提现" });
  await expect(dialog.getByTestId("withdrawable")).toHaveText(`¥${formatFen(start)}`);
  await expect(dialog.getByText("中国工商银行 **** **** **** 4562")).toBeVisible();
  // 全部提现 fills in the whole withdrawable balance; the member then types 50.
  await dialog.getByRole("button", { name: "全部提现" }).click();
  await expect(dialog.getByLabel("提现金额")).toHaveValue(formatFen(start).replace(/,/g, ""));
  await dialog.getByLabel("提现金额").fill("50.00");
  await dialog.getByLabel("支付密码").fill(PAY_PWD);
  await page.screenshot({ path: "test-results/withdrawal-apply-1280.png", fullPage: true });
  await dialog.getByRole("button", { name: "确认提现" }).click();
  await expect(dialog).toBeHidden();
  await expect(balance).toContainText(formatFen(start - 5_000));

  await page.getByRole("tab", { name: "提现记录" }).click();
  const row = page.getByTestId("withdrawal-list").getByRole("row", { name: /¥50\.00/ });
  await expect(row).toContainText("申请中");
  await expect(row).toContainText("中国工商银行 **** **** **** 4562");
  await page.screenshot({ path: "test-results/withdrawal-list-1280.png", fullPage: true });

  // 撤销 asks first, then the money is back.
  await row.getByRole("button", { name: "撤销" }).click();
  await page.getByRole("tooltip").getByRole("button", { name: "确定" }).click();
  await expect(row).toContainText("已撤销");
  await expect(row.getByRole("button", { name: "撤销" })).toHaveCount(0);
  await expect(balance).toContainText(formatFen(start));

  // The ledger shows both moves as 提现, and so does the withdrawal bill.
  await page.getByRole("tab", { name: "收支明细" }).click();
  const ledger = page.getByTestId("wallet-ledger");
  await expect(ledger.getByRole("row", { name: /提现已撤销，款项退回余额/ })).toContainText("+¥50.00");
  await expect(ledger.getByRole("row", { name: /提现至中国工商银行/ })).toContainText("-¥50.00");
  await page.goto("/bill/putforwardBill");
  await expect(page.getByRole("row", { name: /提现已撤销/ })).toBeVisible();
  await page.screenshot({ path: "test-results/withdrawal-bill-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});
