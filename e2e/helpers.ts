// What the browser specs share: console watching, signing in, the pay password and the cashier.
import { expect, type Browser, type Page } from "@playwright/test";
import type { FlightSeat } from "../src/domain/travel/types";

/** Console errors and uncaught page errors, collected for an `expect(errors).toEqual([])`. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/** The captcha answer the server accepts outside production (CAPTCHA_BYPASS of the sign-in forms). */
const CAPTCHA_BYPASS = "-9990";

const md5hex = async (text: string) => (await import("node:crypto")).createHash("md5").update(text).digest("hex");

/**
 * Signs in as the portal does after the dialog: the account login answers a token, which is kept
 * in the browser's storage for the portal's origin. The dialog itself is walked in auth.spec.ts;
 * every other journey starts signed in without paying for a page load and an animation each time.
 * The captcha bypass value goes along, as the dialog would send it once wrong passwords from this
 * address made the captcha necessary.
 * The page is left on a blank page of the origin, so the journey's first `goto` loads the portal.
 */
export async function signIn(page: Page, mobile: string, password = "demo123456") {
  const reply = await (
    await page.request.post("/api/login/appNewLogin", { form: { mobilePhone: mobile, loginPsw: await md5hex(password), accCode: CAPTCHA_BYPASS } })
  ).json();
  expect(reply.ret, reply.msg).toBe(0);
  const { token, ...user } = reply.data as { token: string } & Record<string, unknown>;
  await page.goto("/api/health");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("token", t);
      localStorage.setItem("userInfo", u);
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** A member signed in in a browser context of their own (several people in one test), with their console errors. */
export async function signedInAs(browser: Browser, mobile: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signIn(page, mobile);
  return { page, errors };
}

/** The pay password the browser specs give members who pay from the wallet. */
export const PAY_PASSWORD = "135790";

/**
 * The wallet never pays without the pay password: gives the signed-in member theirs (an SMS code
 * to their own phone, read from the development outbox) unless one is set already.
 */
export async function ensurePayPassword(page: Page, mobile: string): Promise<void> {
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const setup = await (await page.request.post("/api/member/isPayPwdSetup", { form: { token } })).json();
  if (setup.data?.isSetup) return;
  const sent = await (await page.request.post("/api/common/sendCode", { form: { token, mobilePhone: mobile, type: "paypwd" } })).json();
  expect(sent.ret, sent.msg).toBe(0);
  const code = (await (await page.request.get(`/api/dev/sms-outbox?mobilePhone=${mobile}`)).json()).data[0].code as string;
  const set = await (await page.request.post("/api/member/updatePayPswd", { form: { token, payPswd: await md5hex(PAY_PASSWORD), smsCode: code } })).json();
  expect(set.ret, set.msg).toBe(0);
}

/** At the cashier: types the pay password where it is asked (the wallet always asks), then 立即支付. */
export async function payNow(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "立即支付" });
  await expect(button).toBeVisible();
  const password = page.getByLabel("支付密码");
  if (await password.count()) await password.fill(PAY_PASSWORD);
  await button.click();
}

/**
 * At the cashier: 支付宝扫码支付, and the sandbox Alipay page, opened as a phone would, confirms.
 * Pays without touching a wallet, so a spec that only needs a paid order does not depend on what
 * other specs of its half spent.
 */
export async function payBySandboxAlipay(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "支付宝" }).click();
  await page.getByRole("button", { name: "支付宝扫码支付" }).click();
  const link = page.getByTestId("qr-url");
  await expect(link).toBeVisible();
  const phone = await page.context().newPage();
  await phone.goto((await link.getAttribute("href"))!);
  await phone.getByRole("button", { name: "确认支付" }).click();
  await expect(phone.getByRole("heading", { name: "支付成功" })).toBeVisible();
  await phone.close();
}

/** An object as the portal's form body: nested keys and array items as dot paths. */
export function formOf(value: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  if (value === null || value === undefined) {
    if (prefix) out[prefix] = "";
  } else if (typeof value === "object") {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) formOf(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = String(value);
  return out;
}

/**
 * A listed fare in full (fee breakdown, insurance, child fare), as the order page verifies it:
 * the search list carries only what the result page shows.
 */
export async function verifiedSeat(page: Page, fareKey: string): Promise<FlightSeat> {
  const r = await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/verify", { form: { fareKey } })).json();
  expect(r.ret, r.msg).toBe(0);
  return r.data.seat as FlightSeat;
}

/**
 * The order centre's address once the tab asked for by `?type=` is taken: the type is gone, and the
 * list may already have written its page into the address (it does so once it has loaded, which
 * can come before or after the check looks).
 */
export const ORDER_LIST_ADDRESS = /\/order\/list(\?pageSize=\d+&currentPage=\d+)?$/;
