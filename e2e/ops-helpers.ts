// Signing in to the operator console (/ops) as a demo operator, the way its staff do: account and
// password, then the authenticator's code, computed from the demo operators' fixed TOTP secret.
// Specs sign the same demo operator in close together with one code: the browser tests' server
// runs outside production, where the demo operators are spared the once-only rule for codes.
import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_OPS_PASSWORD, DEMO_OPS_TOTP_SECRET } from "../server/ops/demo";

export type DemoOperator = "ops-admin" | "ops-finance" | "ops-ticket";

/** Signs in at /ops/login and waits for the console's frame (its header names the operator). */
export async function opsSignIn(page: Page, account: DemoOperator): Promise<void> {
  await page.goto("/ops/login");
  const form = page.getByRole("form", { name: "运营后台登录" });
  await form.getByLabel("账号").fill(account);
  await form.getByLabel("密码").fill(DEMO_OPS_PASSWORD);
  await form.getByRole("button", { name: "登 录" }).or(form.getByRole("button", { name: "登录" })).click();
  const code = form.getByLabel("动态验证码");
  await expect(code).toBeVisible();
  await code.fill(await generate({ secret: DEMO_OPS_TOTP_SECRET }));
  await form.getByRole("button", { name: /登\s?录/ }).click();
  await expect(page.getByTestId("ops-who")).toBeVisible();
}
