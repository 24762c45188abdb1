// What the browser specs share: console watching and signing in through the dialog like a person.
import { expect, type Browser, type Page } from "@playwright/test";

/** Console errors and uncaught page errors, collected for an `expect(errors).toEqual([])`. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/** Signs in by account and password with the captcha bypass value -9990 (accepted outside production). */
export async function signIn(page: Page, mobile: string, password = "demo123456") {
  await page.goto("/view/login.shtml");
  const dialog = page.getByRole("dialog");
  await dialog.getByPlaceholder("请输入手机号/账号").fill(mobile);
  await dialog.getByPlaceholder("请输入密码").fill(password);
  await dialog.getByPlaceholder("请输入验证码").fill("-9990");
  await dialog.getByRole("button", { name: "登录", exact: true }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();
  // Signed in; the dialog's closing animation can take a while on a loaded machine.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** A member signed in in a browser context of their own (several people in one test), with their console errors. */
export async function signedInAs(browser: Browser, mobile: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signIn(page, mobile);
  return { page, errors };
}
