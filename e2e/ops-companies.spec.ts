// The operator console's 企业管理: the operator administrator opens the demo company, changes its
// credit limit (confirming the change first) and finds the change in the console's 审计日志, read
// field by field; the company's administrator (刘建国) finds the same change under 差旅管理 →
// 运营操作审计, and its 结算设置 page shows the new limit.
import { expect as baseExpect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { opsSignIn } from "./ops-helpers";

// A fresh server generates its travel inventory in the background at first, and pages answer
// slowly while it does: every wait here allows for that.
const expect = baseExpect.configure({ timeout: 30_000 });

const COMPANY = "华信科技有限公司";
/** A limit no other journey grants, so what is found is this change. */
const NEW_LIMIT = "876,543.21";

test("a credit limit changed in the console shows in both audit views and on the company's settlement settings", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await opsSignIn(page, "ops-admin");

  await page.getByRole("menuitem", { name: "企业管理" }).click();
  const row = page.getByRole("row").filter({ hasText: COMPANY });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /管\s?理/ }).click();
  const drawer = page.getByRole("dialog").filter({ hasText: COMPANY });
  const form = drawer.getByRole("form", { name: "授信额度" });
  await form.getByLabel("新额度（元）").fill("-5");
  await form.getByRole("button", { name: /保\s?存/ }).click();
  await expect(form.getByText("授信额度须为 0 到 1 亿元之间的金额")).toBeVisible();
  await form.getByLabel("新额度（元）").fill("876543.21");
  await form.getByRole("button", { name: /保\s?存/ }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: `调整为 ¥${NEW_LIMIT}` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: /确\s?定/ }).click();
  await expect(drawer.getByText(`¥${NEW_LIMIT}`).first()).toBeVisible();
  await drawer.getByRole("button", { name: "Close" }).or(drawer.getByLabel("Close")).first().click();

  await page.getByRole("menuitem", { name: "审计日志" }).click();
  const entry = page.getByRole("row").filter({ hasText: "调整授信额度" }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(`¥${NEW_LIMIT}`);
  await expect(entry).toContainText(COMPANY);
  await expect(entry).toContainText("周运营");

  // The company administrator, in the member portal.
  await signIn(page, "13800000070");
  await page.goto("/travel/travelManage/operatorAudit");
  await expect(page.getByRole("heading", { name: "运营操作审计" })).toBeVisible();
  // The page is an item of 差旅管理 in the workbench's menu (menu 54).
  await expect(page.getByRole("link", { name: "运营操作审计" })).toHaveAttribute("href", "/travel/travelManage/operatorAudit");
  const seen = page.getByRole("row").filter({ hasText: "调整授信额度" }).first();
  await expect(seen).toBeVisible();
  await expect(seen).toContainText(`¥${NEW_LIMIT}`);
  await expect(seen).toContainText("周运营");

  await page.goto("/finance/settlementSet?tab=settings");
  await expect(page.getByTestId("settlement-settings").getByText(NEW_LIMIT)).toBeVisible();
  expect(errors).toEqual([]);
});
