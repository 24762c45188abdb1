// An operator enrols TOTP: the operations administrator adds a ticketing operator with an initial
// password in 员工与角色; the new operator signs in at /ops/login, is sent to the enrolment page,
// sees the QR code and the key, confirms with a code computed from the key shown (as an
// authenticator app would), and lands in the console as 出票员 without the administrator's menu.
// Signed out, the same code does not sign in again: a code is accepted once.
import { expect as baseExpect, test, type Page } from "./fixtures";
import { generate } from "otplib";
import { watchConsole } from "./helpers";
import { opsSignIn } from "./ops-helpers";

// The console is a chunk of its own, loaded on the first visit to /ops: waits allow for that.
const expect = baseExpect.configure({ timeout: 30_000 });

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: /退\s?出/ }).click();
  await expect(page.getByRole("form", { name: "运营后台登录" })).toBeVisible();
}

async function enterPassword(page: Page, account: string, password: string): Promise<void> {
  const form = page.getByRole("form", { name: "运营后台登录" });
  await form.getByLabel("账号").fill(account);
  await form.getByLabel("密码").fill(password);
  await form.getByRole("button", { name: /登\s?录/ }).click();
}

test("a new ticketing operator enrols TOTP at the first sign-in; the code that did it is not accepted again", async ({ page }) => {
  const errors = watchConsole(page);
  // Unique per run, so a retry on the same server adds its own operator.
  const account = `ticket-${Date.now().toString(36)}`;
  const password = "first-pass-2026";

  await opsSignIn(page, "ops-admin");
  await page.getByRole("menuitem", { name: "员工与角色" }).click();
  await page.getByRole("button", { name: "新建员工" }).click();
  const form = page.getByRole("form", { name: "员工信息" });
  await form.getByLabel("账号").fill(account);
  await form.getByLabel("姓名").fill("新出票员");
  // A new operator is a ticketing one unless chosen otherwise.
  await expect(form.locator(".ant-select-selection-item")).toHaveText("出票员");
  await form.getByLabel("初始密码").fill(password);
  await form.getByRole("button", { name: /保\s?存/ }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(account) });
  await expect(row).toContainText("出票员");
  await expect(row).toContainText("未绑定");
  await signOut(page);

  // The password alone opens only the enrolment page.
  await enterPassword(page, account, password);
  await expect(page).toHaveURL(/\/ops\/enrol$/);
  await page.getByRole("button", { name: "获取绑定二维码" }).click();
  const qr = page.locator(".ant-qrcode canvas");
  await expect(qr).toBeVisible();
  const shown = page.getByTestId("ops-totp-secret");
  await expect(shown).toHaveText(/^[A-Z2-7]{16,}$/);
  const secret = (await shown.innerText()).trim();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const box = (await qr.boundingBox())!;
    expect(box.width, `QR code at ${width}px`).toBeGreaterThanOrEqual(150);
    expect(box.x + box.width, `QR code at ${width}px`).toBeLessThanOrEqual(width);
    // The key and its copy button stay inside the card, on one line.
    const card = (await page.locator(".ant-card").filter({ has: shown }).boundingBox())!;
    const key = (await shown.boundingBox())!;
    expect(key.x + key.width, `key at ${width}px`).toBeLessThanOrEqual(card.x + card.width - 16);
    expect(key.height, `key at ${width}px`).toBeLessThan(40);
    await page.screenshot({ path: `test-results/ops-enrol-qr-${width}.png`, fullPage: true });
  }

  // The code of the next 30-second step: accepted now (clocks a little apart are allowed for),
  // and still within its window when the test tries it again below, however slow the pages are.
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const enrolForm = page.getByRole("form", { name: "绑定动态验证码" });
  await enrolForm.getByLabel("动态验证码").fill(code);
  await enrolForm.getByRole("button", { name: "确认绑定" }).click();

  await expect(page.getByTestId("ops-who")).toHaveText("新出票员（出票员）");
  const menu = page.getByRole("menu", { name: "运营后台菜单" });
  // A ticketing operator's landing: its first queue, or the note that its queues are coming.
  await expect(menu.getByRole("menuitem").first().or(page.getByText("您的角色没有可用的页面，请联系运营管理员分配角色"))).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "员工与角色" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "审计日志" })).toHaveCount(0);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/ops-enrol-landing-${width}.png`, fullPage: true });
  }
  await signOut(page);

  // The same code again: refused, and the page says why.
  await enterPassword(page, account, password);
  const login = page.getByRole("form", { name: "运营后台登录" });
  await login.getByLabel("动态验证码").fill(code);
  await login.getByRole("button", { name: /登\s?录/ }).click();
  await expect(login.getByRole("alert").filter({ hasText: "已使用过" })).toHaveText("该动态验证码已使用过，请等身份验证器显示下一个验证码后再登录");
  await expect(page).toHaveURL(/\/ops\/login$/);
  await expect(page.getByTestId("ops-who")).toHaveCount(0);
  expect(errors).toEqual([]);
});
