// The order centre as the demo company's administrator, whose company has three months of flight
// orders (some cancelled unpaid): the status filter offers every status, 已取消 among them, and
// finds only cancelled orders; the page and the filter survive a reload; at 1280 and 1440 px the
// columns fit and the fixed 操作 column covers no status tag.
import { expect, test, type Page } from "./fixtures";
import { signIn, watchConsole } from "./helpers";

const list = (page: Page) => page.getByTestId("flight-order-list");
const rows = (page: Page) => list(page).locator("tbody tr.ant-table-row");
const activePage = (page: Page) => list(page).locator(".ant-pagination-item-active");

async function pickStatus(page: Page, label: string) {
  await list(page).getByRole("combobox").first().click();
  // Every status is in sight at once: a person does not have to scroll the list to find it.
  const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: new RegExp(`^${label}$`) });
  await expect(option).toBeInViewport();
  await option.click();
}

/** Each tag of the status column ends before the fixed 操作 column begins. */
async function tagsClear(page: Page) {
  for (const row of await rows(page).all()) {
    const actions = await row.locator("td.ant-table-cell-fix-right").boundingBox();
    for (const tag of await row.locator(".ant-tag").all()) {
      const box = await tag.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(actions!.x);
    }
  }
  const scroller = list(page).locator(".ant-table-content");
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

test("filters 已取消, keeps the page and the filter across a reload, and fits 1280 and 1440 px", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await signIn(page, "13800000070");
  await page.goto("/order/list?type=airTicket");
  await expect(rows(page).first()).toBeVisible();

  await pickStatus(page, "已取消");
  await list(page).getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/filters/);
  await expect(rows(page).first()).toBeVisible();
  const statuses = await rows(page).locator("td:nth-child(5) .ant-space-item:first-child .ant-tag").allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["已取消"]));
  const cancelled = await rows(page).count();

  // A reload keeps the filter: the select still says 已取消 and the same orders are listed.
  await page.reload();
  await expect(rows(page)).toHaveCount(cancelled);
  await expect(list(page).locator("form .ant-select-selection-item")).toHaveText("已取消");
  expect(new Set(await rows(page).locator("td:nth-child(5) .ant-space-item:first-child .ant-tag").allInnerTexts())).toEqual(new Set(["已取消"]));

  // Back to every order, then page 2: a reload stays on page 2 with the same orders.
  await list(page).getByRole("button", { name: "重置" }).click();
  await expect(list(page).locator("form .ant-select-selection-item")).toHaveCount(0);
  await list(page).locator(".ant-pagination-item-2").click();
  await expect(activePage(page)).toHaveText("2");
  await expect(page).toHaveURL(/currentPage=2/);
  const secondPage = await rows(page).locator("td:first-child a").allInnerTexts();
  expect(secondPage.length).toBeGreaterThan(0);
  await page.reload();
  await expect(activePage(page)).toHaveText("2");
  await expect.poll(() => rows(page).locator("td:first-child a").allInnerTexts()).toEqual(secondPage);

  // 1280 px (the specs' window) and 1440 px: nothing under the fixed column, no sideways scroll.
  await list(page).locator(".ant-pagination-item-1").click();
  await expect(activePage(page)).toHaveText("1");
  await tagsClear(page);
  await page.screenshot({ path: "test-results/order-centre-1280.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await tagsClear(page);
  await page.screenshot({ path: "test-results/order-centre-1440.png", fullPage: true });
  expect(errors).toEqual([]);
});
