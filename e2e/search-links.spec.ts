// A search opened by a link that carries only codes — from another site, a bookmark, a shared
// address — shows the places by name, as a person would have picked them.
import { expect, test, type Page } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { daysAhead } from "./booking-helpers";

const field = (page: Page, label: string) => page.getByRole("combobox", { name: label });

test("a flight search linked as ?depCity=BJS&arrCity=SHA shows 北京 and 上海", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/airTicket/query?depCity=BJS&arrCity=SHA&depDate=${daysAhead(3)}`);
  await expect(field(page, "出发城市")).toHaveValue("北京");
  await expect(field(page, "到达城市")).toHaveValue("上海");
  await expect(page.locator(".tp-bk-bar")).not.toContainText(/BJS|SHA/);
  await expect(page.locator("[data-flight]").first()).toBeVisible();
  await page.screenshot({ path: "test-results/search-link-flight-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("a hotel search linked as ?cityCode=3101 shows 上海", async ({ page }) => {
  const errors = watchConsole(page);
  // The hotel list is for members.
  await signIn(page, "13800000010");
  await page.goto(`/hotel/list?cityCode=3101&checkIn=${daysAhead(3)}&checkOut=${daysAhead(4)}`);
  await expect(field(page, "目的地")).toHaveValue("上海");
  await expect(page.locator(".tp-bk-bar")).not.toContainText("3101");
  await expect(page.locator("[data-hotel]").first()).toBeVisible();
  expect(errors).toEqual([]);
});
