import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";

test("the index page speaks Chinese", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("企业差旅一站式服务");
  await expect(page.getByText("价格保障").first()).toBeVisible();
  await expect(page.getByText("24小时服务").first()).toBeVisible();
  await expect(page).toHaveTitle(/商旅门户/);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
  expect(errors).toEqual([]);
});

test("a guest on an unknown address goes via /mismatch to the business index", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/th_business_index$/);
});

test("the API answers next to the portal", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(await res.json()).toMatchObject({ ret: 0, data: { status: "ok" } });
});

test("a signed-in member is greeted on the index page, not asked to register or log in", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  const name = await page.evaluate(() => {
    const u = JSON.parse(localStorage.getItem("userInfo") ?? "{}") as { realName?: string; realname?: string; mobilePhone?: string };
    return u.realName || u.realname || u.mobilePhone || "";
  });
  await page.goto("/");
  const welcome = page.getByTestId("business-welcome");
  await expect(welcome).toContainText(`您好，${name}`);
  await expect(welcome.getByRole("link", { name: "进入工作台" })).toBeVisible();
  await expect(welcome.getByRole("link", { name: "查看订单" })).toBeVisible();
  const main = page.locator(".tp-index");
  await expect(main.getByRole("link", { name: "注册企业账号" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "登录", exact: true })).toHaveCount(0);
  await page.screenshot({ path: "test-results/index-signed-in-1280.png", fullPage: true });
  await welcome.getByRole("link", { name: "查看订单" }).click();
  await expect(page).toHaveURL(/\/order\/list/);
  expect(errors).toEqual([]);
});
