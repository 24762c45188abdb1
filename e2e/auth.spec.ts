// Signing up, in and out in a real browser against the real server: registration with the SMS code
// from the dev outbox, the account login with the captcha bypass (-9990), the dialog over a
// protected page, and a partner's signed entry link.
import crypto from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { watchConsole } from "./helpers";

const SHOTS = "test-results/auth";

async function smsCode(page: Page, mobilePhone: string): Promise<string> {
  const res = await page.request.get(`/api/dev/sms-outbox?mobilePhone=${mobilePhone}`);
  const list = (await res.json()).data as { code: string }[];
  expect(list.length).toBeGreaterThan(0);
  return list[0].code;
}

async function logInInDialog(page: Page, account: string, password: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("会员登录")).toBeVisible();
  await dialog.getByPlaceholder("请输入手机号/账号").fill(account);
  await dialog.getByPlaceholder("请输入密码").fill(password);
  await dialog.getByPlaceholder("请输入验证码").fill("-9990"); // the captcha bypass value outside production
  await dialog.getByPlaceholder("请输入验证码").press("Enter"); // Enter submits
  await expect(dialog).toBeHidden();
}

const header = (page: Page) => page.locator("header").first();

test("register with the SMS code, log in, stay signed in across a reload, log out", async ({ page }) => {
  const errors = watchConsole(page);
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await page.goto("/view/login.shtml?type=2");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("欢迎注册")).toBeVisible();
  await expect(dialog.getByRole("checkbox")).toBeChecked();

  await dialog.getByPlaceholder("请输入手机号").fill(phone);
  await dialog.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("短信验证码已发送")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^\d+s后重新发送$/ })).toBeDisabled();
  await dialog.getByPlaceholder("请输入短信验证码").fill(await smsCode(page, phone));
  await dialog.getByPlaceholder("请设置6-16位登录密码").fill("e2e-pass-1");
  await dialog.screenshot({ path: `${SHOTS}/register-form.png` });
  await dialog.getByRole("button", { name: "立即注册" }).click();

  await expect(dialog.getByText("恭喜您，注册成功")).toBeVisible();
  await dialog.getByRole("button", { name: "立即登录" }).click();
  await logInInDialog(page, phone, "e2e-pass-1");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();

  // A new member has no name yet: give one on the profile page and see it in the header.
  await page.goto("/myCenter/self_info");
  await expect(page.getByText(phone).first()).toBeVisible();
  await page.getByLabel("真实姓名").fill("测试会员");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("个人资料已保存")).toBeVisible();
  await expect(header(page).getByText("测试会员")).toBeVisible();

  await page.reload();
  await expect(header(page).getByText("测试会员")).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();

  await header(page).getByText("退出登录").click();
  await expect(page).toHaveURL(/\/view\/index\.shtml$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await expect(page.getByText("测试会员")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a registered phone gets its register code like any other and is told 已注册 only at the register step", async ({ page }) => {
  const errors = watchConsole(page);
  const phone = "13800000050";
  await page.goto("/view/login.shtml?type=2");
  const dialog = page.getByRole("dialog");
  await dialog.getByPlaceholder("请输入手机号").fill(phone);
  await dialog.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("短信验证码已发送")).toBeVisible();
  await expect(page.getByText("该手机号已注册，请直接登录")).toHaveCount(0);
  await dialog.getByPlaceholder("请输入短信验证码").fill(await smsCode(page, phone));
  await dialog.getByPlaceholder("请设置6-16位登录密码").fill("e2e-pass-1");
  await dialog.getByRole("button", { name: "立即注册" }).click();
  await expect(dialog.getByText("该手机号已注册，请直接登录")).toBeVisible();
  expect(errors).toEqual([]);
});

test("account login with the captcha bypass shows the member's name; the session never travels in a URL", async ({ page }) => {
  const errors = watchConsole(page);
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  await page.goto("/view/login.shtml");
  await expect(page.getByRole("dialog").getByRole("button", { name: "看不清？点击换一张" })).toBeVisible();
  await logInInDialog(page, "13800000010", "demo123456");
  await expect(page).toHaveURL(/\/view\/index\.shtml$/);
  await expect(page.getByText("李明").first()).toBeVisible();
  // Signed in, the brand (a GET) is asked again on a reload: with the token in a header only.
  const brand = page.waitForRequest((r) => r.url().includes("/api/brand/config"));
  await page.reload();
  const asked = await brand;
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toBeTruthy();
  expect(await asked.headerValue("authorization")).toBe(`Bearer ${token}`);
  expect(urls.filter((u) => u.includes(token!) || /[?&]token=/.test(u))).toEqual([]);
  expect(errors).toEqual([]);
});

test("a wrong captcha and a wrong password are told in the dialog, one message at a time", async ({ page }) => {
  await page.goto("/view/login.shtml");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "登录", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("请输入账号");
  await dialog.getByPlaceholder("请输入手机号/账号").fill("13800000020");
  await dialog.getByPlaceholder("请输入密码").fill("not-the-password");
  await dialog.getByPlaceholder("请输入验证码").fill("####");
  await dialog.getByRole("button", { name: "登录", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("验证码错误");
  await dialog.getByPlaceholder("请输入验证码").fill("-9990");
  await dialog.getByRole("button", { name: "登录", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/账号或密码错误/);
});

test("a protected page signed out opens the dialog, and shows the page after login", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/myCenter/self_info");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("会员登录")).toBeVisible();
  await expect(page).toHaveURL(/\/myCenter\/self_info$/);
  await logInInDialog(page, "13800000020", "demo123456");
  await expect(page).toHaveURL(/\/myCenter\/self_info$/);
  await expect(page.getByText("个人资料").first()).toBeVisible();
  await expect(page.getByLabel("真实姓名")).toHaveValue("王芳");
  expect(errors).toEqual([]);
});

test("a partner's signed entry link signs its user in on the partner's home page", async ({ page }) => {
  const errors = watchConsole(page);
  const appId = "TH2019000001";
  const timestamp = Date.now();
  const sign = crypto.createHmac("sha256", "demo-secret-tianhe").update(`${appId}${timestamp}`).digest("hex");
  await page.goto(`/th_business_index?appId=${appId}&sign=${sign}&timestamp=${timestamp}&access_type=THIRD_PARTY`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();
  // Tianhe's home is the business index; its pages keep the sign in the URL.
  await expect(page).toHaveURL(/\/th_business_index\?appId=TH2019000001&sign=/);
  await expect(page.getByText("周文博").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("a partner that drops the entry keys lands on its own home page", async ({ page }) => {
  const appId = "WL2020000002";
  const timestamp = Date.now();
  const sign = crypto.createHmac("sha256", "demo-secret-weilan").update(`${appId}${timestamp}`).digest("hex");
  await page.goto(`/th_business_index?appId=${appId}&sign=${sign}&timestamp=${timestamp}&access_type=THIRD_PARTY`);
  await expect(page).toHaveURL(/\/wl\/index$/);
  await expect(page.getByText("林晓雨").first()).toBeVisible();
});
