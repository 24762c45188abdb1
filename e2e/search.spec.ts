// Searching like a person, in Chinese: flights 北京 → 上海 found by typing pinyin initials, sorted
// by price, filtered, a cabin's fare opened; trains 北京南 → 上海虹桥 with 二等座 prices; hotels in
// 上海 and one hotel's rooms with nightly prices.
import { expect, test } from "./fixtures";
import { signIn, watchConsole } from "./helpers";
import { daysAhead, pick, setDate } from "./booking-helpers";

const yuan = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("a guest finds 北京 → 上海 flights by pinyin, sorts and filters them, and opens a cabin's fees", async ({ page }) => {
  const errors = watchConsole(page);
  const date = daysAhead(5);
  await page.goto("/airTicket/query");
  await expect(page.getByText("请选择出发城市、到达城市和日期，查询航班")).toBeVisible();
  await pick(page, "出发城市", "bj", "北京");
  await pick(page, "到达城市", "sh", "上海");
  await setDate(page, "出发日期", date);
  await page.getByRole("button", { name: "搜索" }).click();

  await expect(page).toHaveURL(new RegExp(`depCity=BJS.*arrCity=SHA.*depDate=${date}`));
  const cards = page.locator("[data-flight]");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(3);
  // The calendar strip marks the searched day.
  await expect(page.locator(".tp-bk-cal__day.is-active")).toContainText(date.slice(5));

  await page.getByText("价格低-高").click();
  await expect(page).toHaveURL(/sort=price/);
  // The list re-renders right after the address changes: wait for the order, not a snapshot.
  const prices = async () => (await page.locator("[data-flight] .tp-bk-flight__price .tp-bk-price").allInnerTexts()).map(yuan);
  await expect.poll(async () => {
    const p = await prices();
    return p.length > 3 && p.every((v, i) => i === 0 || p[i - 1] <= v);
  }).toBe(true);

  // 东航 in the afternoon (the seeded schedule flies 东航 Beijing–Shanghai from 14:20 on).
  await page.getByRole("combobox", { name: "航空公司" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "中国东方航空" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("combobox", { name: "起飞时间" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "下午" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/airlines=MU/);
  await expect(page).toHaveURL(/bands=afternoon/);
  const expectEasternAfternoon = async () => {
    await expect.poll(async () => {
      const texts = await cards.allInnerTexts();
      const times = await cards.locator(".tp-bk-flight__end:nth-child(2) .tp-bk-time").allInnerTexts();
      return texts.length > 0 && texts.every((x) => x.includes("中国东方航空")) && times.every((x) => x >= "12:00" && x < "18:00");
    }).toBe(true);
  };
  await expectEasternAfternoon();

  // Reload keeps the search, its filters and sort.
  await page.reload();
  await expectEasternAfternoon();

  // The cabins of the first flight, with the fee breakdown of one fare.
  await cards.first().getByRole("button", { name: /订票/ }).click();
  const cabin = cards.first().locator(".tp-bk-cabin").first();
  await expect(cabin).toBeVisible();
  await expect(cabin.getByRole("button", { name: "预订" })).toBeVisible();
  await cabin.getByRole("button", { name: /税费/ }).hover();
  const fees = page.locator(".ant-popover:visible .tp-bk-fees");
  await expect(fees).toContainText("机场建设费");
  await expect(fees).toContainText("燃油附加费");
  await cabin.getByRole("button", { name: "退改签规则" }).hover();
  await expect(page.locator(".ant-popover:visible").getByText("起飞前7天(含)以上")).toBeVisible();

  const fareKey = await cabin.getAttribute("data-fare");
  await cabin.getByRole("button", { name: "预订" }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?/);
  expect(new URL(page.url()).searchParams.get("fareKey")).toBe(fareKey);
  expect(errors).toEqual([]);
});

test("a round trip picks the outbound fare, then the return, and carries both to the order page", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/airTicket/query");
  await page.getByText("往返").click();
  await pick(page, "出发城市", "beijing", "北京");
  await pick(page, "到达城市", "上海", "上海");
  await setDate(page, "出发日期", daysAhead(6));
  await setDate(page, "返程日期", daysAhead(9));
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page.getByText(/第一步：选择去程 北京 → 上海/)).toBeVisible();

  const cards = page.locator("[data-flight]");
  await cards.first().getByRole("button", { name: /订票/ }).click();
  const outbound = cards.first().locator(".tp-bk-cabin").first();
  const goFare = await outbound.getAttribute("data-fare");
  await outbound.getByRole("button", { name: "选为去程" }).click();
  await expect(page.getByText(/第二步：选择返程 上海 → 北京/)).toBeVisible();
  await expect(page).toHaveURL(/goFare=/);
  // The return list departs from Shanghai.
  await expect(cards.first()).toContainText("上海");

  await cards.first().getByRole("button", { name: /订票/ }).click();
  const inbound = cards.first().locator(".tp-bk-cabin").first();
  const retFare = await inbound.getAttribute("data-fare");
  await inbound.getByRole("button", { name: "预订" }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?/);
  const q = new URL(page.url()).searchParams;
  expect([q.get("fareKey"), q.get("nextFareKey"), q.get("tripType")]).toEqual([goFare, retFare, "rt"]);
  expect(errors).toEqual([]);
});

test("a member searches international itineraries 北京 → 东京 and keeps only direct flights", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/intl/flight_query_list");
  await pick(page, "出发城市", "bj", "北京");
  await pick(page, "到达城市", "dongjing", "东京");
  await setDate(page, "出发日期", daysAhead(7));
  await page.getByRole("button", { name: "搜索" }).click();
  const itineraries = page.locator("[data-itinerary]");
  await expect(itineraries.first()).toBeVisible();
  await expect(page.getByText(/在.+中转/).first()).toBeVisible();
  await page.getByText("只看直飞").click();
  await expect(page.getByText(/在.+中转/)).toHaveCount(0);
  await expect(itineraries.first()).toContainText("直飞");
  await itineraries.first().getByRole("button", { name: "预订" }).first().click();
  await expect(page).toHaveURL(/\/intl\/international_order_info\?.*itineraryKey=/);
  expect(errors).toEqual([]);
});

test("a member finds 北京南 → 上海虹桥 trains with 二等座 prices and books a seat", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/train/train_query_list");
  await pick(page, "出发站", "bjn", "北京南");
  await pick(page, "到达站", "shanghaihongqiao", "上海虹桥");
  await setDate(page, "出发日期", daysAhead(3));
  await page.getByRole("button", { name: "搜索" }).click();

  const trains = page.locator("[data-train]");
  await expect(trains.first()).toBeVisible();
  const second = trains.first().locator('[data-seat="二等座"]');
  await expect(second).toContainText("¥");
  expect(yuan(await second.locator(".tp-bk-price").innerText())).toBeGreaterThan(0);

  await page.getByText("只看高铁动车").click();
  await expect(page).toHaveURL(/gd=1/);
  await expect.poll(async () => {
    const numbers = await page.locator("[data-train] .tp-bk-train__no strong").allInnerTexts();
    return numbers.length > 0 && numbers.every((n) => /^[GDC]/.test(n));
  }).toBe(true);

  await second.getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/train\/train_order_info\?.*trainKey=/);
  expect(errors).toEqual([]);
});

test("a member searches hotels in 上海 and opens a hotel's rooms with nightly prices", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000010");
  await page.goto("/hotel/index");
  await pick(page, "目的地", "sh", "上海");
  await setDate(page, "入住日期", daysAhead(4));
  await setDate(page, "离店日期", daysAhead(6));
  await expect(page.getByText("共2晚")).toBeVisible();
  await page.getByRole("button", { name: "搜索" }).click();

  await expect(page).toHaveURL(/\/hotel\/list\?.*cityCode=3101/);
  const hotels = page.locator("[data-hotel]");
  await expect(hotels.first()).toBeVisible();
  await expect(page.getByText(/共 \d+ 家酒店/)).toBeVisible();
  await expect(page.locator(".ant-pagination")).toBeVisible();

  // The star filter goes to the server and starts again from page 1.
  await page.getByRole("combobox", { name: "星级" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "豪华型" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/stars=5/);
  await expect.poll(async () => {
    const texts = await hotels.allInnerTexts();
    return texts.length > 0 && texts.every((x) => x.includes("豪华型"));
  }).toBe(true);

  const name = await hotels.first().locator(".tp-bk-hotel__name").innerText();
  await hotels.first().locator(".tp-bk-hotel__name a").click();
  await expect(page).toHaveURL(/\/hotel\/details\?.*hotelId=/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const rooms = page.locator("[data-room]");
  await expect(rooms.first()).toBeVisible();
  await expect(rooms.first().locator(".tp-bk-price")).toContainText("¥");
  await expect(rooms.first()).toContainText("2晚共");
  await rooms.first().getByRole("button", { name: /预订/ }).click();
  await expect(page).toHaveURL(/\/hotel\/orderInfo\?.*roomTypeId=/);
  expect(errors).toEqual([]);
});
