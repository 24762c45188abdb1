// Searching from the landing page's search card: a guest finds 北京 → 上海 flights through the
// 机票 tab by pinyin initials, with passengers and cabin class carried in the address; the 酒店
// tab finds hotels in 杭州 for two nights; the search's passengers open as many rows on the
// order page.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { pick, setDate } from "./booking-helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";

const daysAhead = (n: number) => addDays(chinaDate(Date.now()), n);

test("a guest searches flights from the index page's 机票 tab, with passengers and cabin class", async ({ page }) => {
  const errors = watchConsole(page);
  const date = daysAhead(5);
  await page.goto("/");
  const card = page.getByRole("region", { name: "搜索行程" });
  await card.getByRole("tab", { name: "机票" }).click();
  await pick(page, "出发城市", "bj", "北京");
  await pick(page, "到达城市", "sh", "上海");
  await setDate(page, "出发日期", date);

  // Two adults and an infant, economy only.
  await card.getByRole("button", { name: "乘客人数" }).click();
  await page.getByRole("spinbutton", { name: "成人" }).fill("2");
  await page.getByRole("spinbutton", { name: "婴儿" }).fill("1");
  await expect(card.getByRole("button", { name: "乘客人数" })).toContainText("2成人 · 1婴儿");
  await card.getByRole("combobox", { name: "舱位等级" }).selectOption({ label: "经济舱" });
  await card.getByRole("button", { name: "搜索" }).click();

  await expect(page).toHaveURL(new RegExp(`/airTicket/query\\?.*depCity=BJS.*arrCity=SHA.*depDate=${date}.*adults=2.*children=0.*infants=1.*cabin=Y`));
  const cards = page.locator("[data-flight]");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(3);
  // The result page's bar shows the same passengers; its cabin filter is the same choice.
  await expect(page.getByRole("button", { name: "乘客人数" })).toContainText("2成人 · 1婴儿");
  await cards.first().getByRole("button", { name: /订票/ }).click();
  const classes = await cards.first().locator(".tp-bk-cabin__class strong").allInnerTexts();
  expect(classes.length).toBeGreaterThan(0);
  expect(classes.every((c) => c === "经济舱")).toBe(true);
  expect(errors).toEqual([]);
});

test("a search breaking the airlines' passenger rules says why and stays put", async ({ page }) => {
  await page.goto(`/airTicket/query?depCity=BJS&arrCity=SHA&depDate=${daysAhead(5)}&adults=1&infants=2`);
  await expect(page.getByText("每名成人最多携带一名婴儿")).toBeVisible();
  await expect(page.locator("[data-flight]")).toHaveCount(0);
});

test("the 酒店 tab finds hotels in 杭州 for two nights", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/");
  const card = page.getByRole("region", { name: "搜索行程" });
  await card.getByRole("tab", { name: "酒店" }).click();
  await pick(page, "目的地", "hz", "杭州");
  await setDate(page, "入住日期", daysAhead(3));
  await setDate(page, "离店日期", daysAhead(5));
  await expect(card.getByText("共2晚")).toBeVisible();
  await card.getByRole("button", { name: "搜索" }).click();

  await expect(page).toHaveURL(new RegExp(`/hotel/list\\?.*cityName=${encodeURIComponent("杭州")}.*checkIn=${daysAhead(3)}.*checkOut=${daysAhead(5)}`));
  await expect(page.locator("[data-hotel]").first()).toBeVisible();
  await expect(page.getByText(/共 \d+ 家酒店/)).toBeVisible();
  expect(errors).toEqual([]);
});

test("the search's passengers open as many rows on the order page", async ({ page }) => {
  await signIn(page, "13800000010");
  await page.goto(`/airTicket/query?depCity=BJS&depName=北京&arrCity=SHA&arrName=上海&depDate=${daysAhead(6)}&adults=2&children=1&infants=0`);
  const first = page.locator("[data-flight]").first();
  await first.getByRole("button", { name: /订票/ }).click();
  await first.locator(".tp-bk-cabin").first().getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?.*adults=2.*children=1.*fareKey=/);
  await expect(page.getByLabel("姓名", { exact: true })).toHaveCount(3);
});

test("the index page's calendar opens over the cards below the hero, and a day is picked by clicking it", async ({ page }) => {
  // Lands on a weekday cell of the current or next month shown; the click fails if anything covers
  // or clips the calendar (the product cards overlap the hero's foot).
  await page.goto("/");
  const card = page.getByRole("region", { name: "搜索行程" });
  const field = page.getByPlaceholder("出发日期", { exact: true });
  await field.click();
  const calendar = page.getByRole("dialog").filter({ has: page.getByRole("grid") });
  await expect(calendar).toBeVisible();
  const day = daysAhead(2);
  if ((await calendar.locator(`[data-date="${day}"]`).count()) === 0) await calendar.getByRole("button", { name: "下个月" }).click();
  await calendar.locator(`[data-date="${day}"]`).click();
  await expect(calendar).toBeHidden();
  await expect(field).toHaveValue(new RegExp(`^${day}`));
  await expect(card).toBeVisible();
});
