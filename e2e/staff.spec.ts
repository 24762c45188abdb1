// The enterprise staff list in a real browser: real rows through the data provider, a keyword
// search, and antd's own texts in Chinese.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";

test("the company administrator lists, searches and pages the staff, all in Chinese", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/personnel/enterpriseStall");
  await expect(page.getByText("共 4 人")).toBeVisible();
  // antd's sort tooltip names every cell after a column header, so rows are read by their text.
  const rows = page.locator(".ant-table-tbody");
  for (const name of ["陈静", "杨帆", "黄磊", "周文博"]) await expect(rows.getByText(name, { exact: true })).toBeVisible();
  // antd's own texts come from its zh_CN locale, not the English fallback.
  await expect(page.locator(".ant-pagination-options")).toContainText("条/页");

  await page.getByPlaceholder("姓名/手机号").fill("杨帆");
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page.getByText("共 1 人")).toBeVisible();
  await expect(rows.getByText("陈静", { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/杨帆|%E6%9D%A8%E5%B8%86/);
  expect(errors).toEqual([]);
});

test("an individual member is refused the staff page", async ({ page }) => {
  await signIn(page, "13800000010");
  await page.goto("/personnel/enterpriseStall");
  await expect(page.getByText("您没有权限访问此页面")).toBeVisible();
});
