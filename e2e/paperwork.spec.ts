// A member's paperwork in a real browser, in Chinese: an address with the province/city/district
// cascader, and a company invoice title whose bad taxpayer id is refused under its field.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";

test("the individual member adds an address with the cascader, then deletes it", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/myCenter/address");
  await expect(page.getByText("暂无常用地址")).toBeVisible();
  await page.getByRole("button", { name: /新增地址/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("收件人").fill("李明");
  await dialog.getByLabel("手机号").fill("13800000010");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await expect(dialog.getByText("请选择所在地区")).toBeVisible();
  await dialog.locator(".ant-cascader").click();
  for (const name of ["北京市", "市辖区", "朝阳区"]) await page.locator(".ant-cascader-menu-item", { hasText: name }).first().click();
  await dialog.getByLabel("详细地址").fill("建国路88号");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  const rows = page.locator(".ant-table-tbody");
  await expect(rows.getByText("北京市 市辖区 朝阳区")).toBeVisible();
  await expect(rows.getByText("138****0010")).toBeVisible();
  await rows.getByRole("button", { name: /删\s*除/ }).click();
  await page.getByRole("button", { name: /确\s*定/ }).click();
  await expect(page.getByText("暂无常用地址")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a company invoice title with a bad taxpayer id is refused under the field", async ({ page }) => {
  await signIn(page, "13800000010");
  await page.goto("/myCenter/invoice_management");
  await expect(page.getByText("暂无发票抬头")).toBeVisible();
  await page.getByRole("button", { name: /新增抬头/ }).click();
  await page.getByLabel("发票抬头", { exact: true }).fill("华信科技有限公司");
  await page.getByLabel("纳税人识别号").fill("911100006000373410");
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("请输入正确的纳税人识别号")).toBeVisible();
  // 91110000600037341 with its check character L.
  await page.getByLabel("纳税人识别号").fill("91110000600037341L");
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/invoice_management/);
  await expect(page.locator(".ant-table-tbody").getByText("华信科技有限公司")).toBeVisible();
});
