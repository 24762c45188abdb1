// Replace-booking (代订) of trains and hotels in Chinese: the company administrator 刘建国
// 13800000070 opens a train's order page, switches to 因公, picks 黄磊 as 出行人 (the name goes on
// the first passenger, the verdict turns to 黄磊's standard 差旅专员), books, and the order shows
// who booked and who travels; 黄磊 finds it among their own train orders and opens it. The same
// on a hotel's order page (the first room's guest). Both orders wait for approval (黄磊's level has
// every order approved) and are cancelled at the end, so the approvers' inbox keeps nothing of
// this spec. Dates (16 and 17 days ahead) are this spec's own.
import { expect, test, type Page } from "./fixtures";
import { signedInAs } from "./helpers";
import { daysAhead } from "./booking-helpers";
import type { HotelListItem, RoomPrice, TrainItem } from "../src/domain/travel/types";

const COLLEAGUE = "黄磊";

/** On business, picks the colleague as 出行人: the verdict is then the colleague's standard. */
async function pickColleague(page: Page) {
  await page.getByText("因公", { exact: true }).click();
  const verdict = page.getByTestId("standard-verdict");
  // The administrator is no employee: no standard of their own.
  await expect(verdict).toContainText("未设置差旅标准");
  await page.getByTitle(/（本人）$/).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: COLLEAGUE }).click();
  await expect(verdict).toContainText("差旅标准（差旅专员）");
  await expect(page.getByText("该订单提交后需审批，审批通过后方可支付")).toBeVisible();
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `test-results/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function cancel(page: Page) {
  await page.getByRole("button", { name: "取消订单" }).click();
  await page.getByRole("button", { name: "确定取消" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已取消");
}

test("刘建国 books a business train for 黄磊, who finds it among their orders", async ({ browser }) => {
  test.setTimeout(360_000);
  const admin = await signedInAs(browser, "13800000070");
  const page = admin.page;
  const depDate = daysAhead(16);
  const list: TrainItem[] = (await (await page.request.post("/api/api/v1/train/train_list", { form: { fromStation: "北京", toStation: "上海", depDate, trainTypes: "G" } })).json()).data.list;
  const train = list.find((t) => t.seats.some((s) => s.seatClass === "O" && s.left >= 1));
  expect(train, "a G train with 二等座").toBeTruthy();

  await page.goto(`/train/train_order_info?trainKey=${encodeURIComponent(train!.trainKey)}&seatClass=O&fromStation=北京&toStation=上海&depDate=${depDate}`);
  await expect(page.getByTestId("order-train")).toContainText(train!.trainNo);
  // The administrator books privately by default; on business they choose who travels.
  await expect(page.getByRole("radio", { name: "因私" })).toBeChecked();
  await expect(page.getByLabel("乘客 1")).toHaveValue("刘建国");
  await pickColleague(page);
  await expect(page.getByLabel("乘客 1")).toHaveValue(COLLEAGUE);
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await screenshots(page, "replace-train-order-info");
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/train\/OrderDetails\/\d+$/);
  const detail = page.url();
  await expect(page.getByTestId("order-status")).toHaveText("待审批");
  await expect(page.getByTestId("order-traveller")).toHaveText(COLLEAGUE);
  await expect(page.getByTestId("approval-waiting")).toContainText("陈静");

  const traveller = await signedInAs(browser, "13800000073");
  await traveller.page.goto("/order/list?type=train");
  await expect(traveller.page.locator(".ant-tabs-tab-active")).toHaveText("火车票订单");
  await expect(traveller.page.getByRole("row").filter({ hasText: train!.trainNo }).filter({ hasText: depDate }).first()).toBeVisible();
  await traveller.page.goto(detail);
  await expect(traveller.page.getByTestId("order-traveller")).toHaveText(COLLEAGUE);
  await expect(traveller.page.getByText("刘建国").first()).toBeVisible();
  await expect(traveller.page.getByTestId("order-status")).toHaveText("待审批");
  await screenshots(traveller.page, "replace-train-order-detail");

  await cancel(page);
  expect(admin.errors).toEqual([]);
  expect(traveller.errors).toEqual([]);
});

test("刘建国 books a business hotel room for 黄磊, the first guest being 黄磊", async ({ browser }) => {
  test.setTimeout(360_000);
  const admin = await signedInAs(browser, "13800000070");
  const page = admin.page;
  const stay = { checkIn: daysAhead(17), checkOut: daysAhead(18) };
  const hotels: HotelListItem[] = (await (await page.request.post("/api/hotel/search/list_credit", { form: { cityCode: "3101", ...stay, pageSize: 20 } })).json()).data.list;
  let found: { hotel: HotelListItem; room: RoomPrice } | undefined;
  for (const hotel of hotels) {
    const rooms: RoomPrice[] = (await (await page.request.post("/api/hotel/search/priceinfo_credit", { form: { hotelId: hotel.hotelId, ...stay } })).json()).data.rooms;
    // Within 差旅专员's 一线城市 cap (600 元 a night), so nothing but the approval is asked.
    const room = rooms.find((r) => r.bookable && r.roomsLeft >= 1 && r.nightly.every((n) => n.price <= 60000));
    if (room) {
      found = { hotel, room };
      break;
    }
  }
  expect(found, "a bookable 上海 room within the cap").toBeTruthy();
  const { hotel, room } = found!;

  await page.goto(`/hotel/orderInfo?hotelId=${hotel.hotelId}&roomTypeId=${room.roomTypeId}&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
  await expect(page.getByRole("heading", { name: hotel.name })).toBeVisible();
  await expect(page.getByLabel("房间 1 入住人")).toHaveValue("刘建国");
  await pickColleague(page);
  await expect(page.getByLabel("房间 1 入住人")).toHaveValue(COLLEAGUE);
  await expect(page.getByTestId("standard-verdict")).toContainText("符合差旅标准");
  await screenshots(page, "replace-hotel-order-info");
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/hotel\/OrderDetails\/H\d{18}$/);
  const detail = page.url();
  await expect(page.getByTestId("order-status")).toHaveText("待审批");
  await expect(page.getByTestId("order-traveller")).toHaveText(COLLEAGUE);

  const traveller = await signedInAs(browser, "13800000073");
  await traveller.page.goto(detail);
  await expect(traveller.page.getByTestId("order-traveller")).toHaveText(COLLEAGUE);
  await screenshots(traveller.page, "replace-hotel-order-detail");

  await cancel(page);
  expect(admin.errors).toEqual([]);
  expect(traveller.errors).toEqual([]);
});
