// The operator console's 站点配置: the operator administrator turns the brand's train off (asked to
// confirm, since it hides a product); a fresh portal page no longer offers the train search; the
// change is in the console's 审计日志, read field by field; then the train is turned back on. The
// page fits the console at 1280 and 1440 px.
import { expect as baseExpect, test, type Page } from "./fixtures";
import { watchConsole } from "./helpers";
import { opsSignIn } from "./ops-helpers";

// A fresh server generates its travel inventory in the background at first, and pages answer
// slowly while it does: every wait here allows for that.
const expect = baseExpect.configure({ timeout: 30_000 });

async function noSideScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("the brand's train turned off in the console leaves the portal's index without a train search, audited, then turned back on", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await opsSignIn(page, "ops-admin");

  await page.getByRole("menuitem", { name: "站点配置" }).click();
  await expect(page.getByRole("heading", { name: "站点配置" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "合作方站点" })).toBeVisible();
  const form = page.getByRole("form", { name: "品牌 paynow 的设置" });
  const train = form.getByRole("switch", { name: "火车票" });
  await expect(train).toBeChecked();
  await noSideScroll(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await noSideScroll(page);

  await train.click();
  await form.getByRole("button", { name: /保\s?存/ }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "确定关闭火车票吗？" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: /确\s?定/ }).click();
  await expect(page.getByText("已保存")).toBeVisible();
  await expect(page.getByText(/第 1 版/).first()).toBeVisible();

  // A fresh portal page: flights and hotels are still searched from the index, trains no longer.
  const portal = await page.context().newPage();
  const portalErrors = watchConsole(portal);
  await portal.goto("/");
  const card = portal.getByRole("region", { name: "搜索行程" });
  await expect(card.getByRole("tab", { name: "机票" })).toBeVisible();
  await expect(card.getByRole("tab", { name: "酒店" })).toBeVisible();
  await expect(card.getByRole("tab", { name: "火车票" })).toHaveCount(0);
  await portal.close();

  await page.getByRole("menuitem", { name: "审计日志" }).click();
  const entry = page.getByRole("row").filter({ hasText: "品牌设置已修改" }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("品牌 #paynow");
  await expect(entry).toContainText("火车票");
  await expect(entry).toContainText("周运营");
  await expect(entry.locator('[data-field="train"]')).toContainText("是 → 否");

  // Back on: no question asked for turning a product on.
  await page.getByRole("menuitem", { name: "站点配置" }).click();
  const again = page.getByRole("form", { name: "品牌 paynow 的设置" });
  await expect(again.getByRole("switch", { name: "火车票" })).not.toBeChecked();
  await again.getByRole("switch", { name: "火车票" }).click();
  await again.getByRole("button", { name: /保\s?存/ }).click();
  await expect(page.getByText(/第 2 版/).first()).toBeVisible();
  const back = await page.context().newPage();
  await back.goto("/");
  await expect(back.getByRole("region", { name: "搜索行程" }).getByRole("tab", { name: "火车票" })).toBeVisible();
  await back.close();
  expect(errors).toEqual([]);
  expect(portalErrors).toEqual([]);
});
