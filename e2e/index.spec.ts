import { expect, test } from "@playwright/test";

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
