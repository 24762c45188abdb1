// A business (因公) hotel booking over the travel standard, in Chinese: the administrator
// 13800000070 lowers the 差旅专员 level's 一线城市 nightly cap to ¥100 and has over-standard
// bookings give a reason; 黄磊 13800000073 opens a 上海 room on business, sees 超出差旅标准 with
// the reason (房价超标…), is asked for an over-standard reason before anything is sent, picks one
// and submits; the order (待审批: the level has every order approved) shows 因公, the verdict, the
// reason and the approval so far. The order is cancelled (its approval withdrawn) and the seeded
// standard restored at the end, so other specs meet the seeded policy. A 商务座 on business under
// the seeded standard (seat classes without 商务座, over-standard bookings approved) shows its
// verdict and goes for approval with the reason given; the department head sees it in 订单审批.
import { expect, test, type Page } from "./fixtures";
import { signedInAs } from "./helpers";
import { daysAhead } from "./booking-helpers";
import type { HotelListItem, RoomPrice, TrainItem } from "../src/domain/travel/types";

const LEVEL = "差旅专员";

/** Opens the level's standard, sets the 一线城市 cap and the over-standard action, saves; answers what they were. */
async function setHotelStandard(page: Page, cap: string, action: RegExp): Promise<{ cap: string; action: RegExp }> {
  await page.goto("/travel/travelManage/standardSettings");
  await page.getByRole("row", { name: new RegExp(LEVEL) }).getByRole("link", { name: "编辑" }).click();
  const field = page.getByLabel("一线城市", { exact: true });
  await expect(field).toBeVisible();
  const before = await field.inputValue();
  const checked = (await page.getByRole("radio", { checked: true }).getAttribute("value")) ?? "approve";
  await field.fill(cap);
  await page.getByRole("radio", { name: action }).check();
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("差旅标准已保存")).toBeVisible();
  return { cap: before, action: checked === "reason" ? /选择超标原因后可预订/ : checked === "forbid" ? /禁止预订/ : /超标需审批/ };
}

test("黄磊 books a 上海 room over the nightly cap on business, gives the reason, and the order shows it", async ({ browser }) => {
  test.setTimeout(480_000);
  const admin = await signedInAs(browser, "13800000070");
  const seeded = await setHotelStandard(admin.page, "100", /选择超标原因后可预订/);
  const traveller = await signedInAs(browser, "13800000073");
  const page = traveller.page;
  try {
    // A 上海 room for two nights, found as the hotel search finds it.
    const stay = { checkIn: daysAhead(8), checkOut: daysAhead(10) };
    const hotels: HotelListItem[] = (await (await page.request.post("/api/hotel/search/list_credit", { form: { cityCode: "3101", ...stay, pageSize: 20 } })).json()).data.list;
    let found: { hotel: HotelListItem; room: RoomPrice } | undefined;
    for (const hotel of hotels) {
      const rooms: RoomPrice[] = (await (await page.request.post("/api/hotel/search/priceinfo_credit", { form: { hotelId: hotel.hotelId, ...stay } })).json()).data.rooms;
      const room = rooms.find((r) => r.bookable && r.roomsLeft >= 1);
      if (room) {
        found = { hotel, room };
        break;
      }
    }
    expect(found, "a bookable 上海 room").toBeTruthy();
    const { hotel, room } = found!;

    await page.goto(`/hotel/orderInfo?hotelId=${hotel.hotelId}&roomTypeId=${room.roomTypeId}&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    await expect(page.getByRole("heading", { name: hotel.name })).toBeVisible();
    await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
    const verdict = page.getByTestId("standard-verdict");
    await expect(verdict).toContainText(`差旅标准（${LEVEL}）`);
    await expect(verdict).toContainText("超出差旅标准");
    await expect(verdict).toContainText("房价超标：一线城市每晚限额 100 元，所选为");
    await expect(page.getByText("该订单提交后需审批，审批通过后方可支付")).toBeVisible();
    await expect(page.getByText("提交后订单进入审批，审批通过后请在房间保留时间内完成支付，超时订单将自动取消并释放房间。")).toBeVisible();

    // The reason is required: asked for before anything is sent.
    await page.getByRole("button", { name: "提交订单" }).click();
    await expect(page.getByText("请选择超标原因").last()).toBeVisible();
    await expect(page).toHaveURL(/\/hotel\/orderInfo\?/);
    await page.getByRole("combobox", { name: "超标原因" }).click();
    await page.getByTitle("会议或客户要求").click();
    await page.screenshot({ path: "test-results/business-hotel-order-info-1280.png", fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: "test-results/business-hotel-order-info-1440.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "提交订单" }).click();
    await expect(page).toHaveURL(/\/hotel\/OrderDetails\/H\d{18}$/);
    await expect(page.getByTestId("order-status")).toHaveText("待审批");
    await expect(page.getByTestId("countdown")).toContainText("审批剩余");
    await expect(page.getByTestId("approval-waiting")).toContainText("陈静");
    const facts = page.getByTestId("order-business");
    await expect(facts).toContainText("因公");
    await expect(page.getByTestId("order-verdict")).toContainText("房价超标：一线城市每晚限额 100 元");
    await expect(page.getByTestId("order-over-reason")).toHaveText("会议或客户要求");
    await expect(page.getByTestId("order-approval-status")).toHaveText("审批中");
    await expect(page.getByTestId("order-approval-history")).toContainText("黄磊");
    await expect(page.getByRole("link", { name: "去支付" })).toHaveCount(0);
    await page.screenshot({ path: "test-results/business-hotel-order-detail-1280.png", fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: "test-results/business-hotel-order-detail-1440.png", fullPage: true });

    // Cancelled by its booker: the rooms go back and the approval is withdrawn.
    await page.getByRole("button", { name: "取消订单" }).click();
    await page.getByRole("button", { name: "确定取消" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("已取消");
    await expect(page.getByTestId("order-approval-status")).toHaveText("已撤回");
  } finally {
    await setHotelStandard(admin.page, seeded.cap, seeded.action);
  }
  expect(traveller.errors).toEqual([]);
  expect(admin.errors).toEqual([]);
});

test("黄磊 books a 商务座 on business under the seeded standard: 超出差旅标准, sent for approval with the reason", async ({ browser }) => {
  test.setTimeout(240_000);
  const traveller = await signedInAs(browser, "13800000073");
  const page = traveller.page;
  // A 北京→上海 G train with 商务座 left, as the train search finds it.
  const depDate = daysAhead(9);
  const list: TrainItem[] = (await (await page.request.post("/api/api/v1/train/train_list", { form: { fromStation: "北京", toStation: "上海", depDate, trainTypes: "G" } })).json()).data.list;
  const train = list.find((t) => t.seats.some((s) => s.seatClass === "9" && s.left >= 1));
  expect(train, "a G train with 商务座").toBeTruthy();

  await page.goto(`/train/train_order_info?trainKey=${encodeURIComponent(train!.trainKey)}&seatClass=9&fromStation=北京&toStation=上海&depDate=${depDate}`);
  await expect(page.getByTestId("order-train")).toContainText(train!.trainNo);
  await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
  const verdict = page.getByTestId("standard-verdict");
  await expect(verdict).toContainText("超出差旅标准");
  await expect(verdict).toContainText("席别超标：可乘坐一等座、二等座、软卧、硬卧、硬座，所选为商务座");
  await expect(page.getByText("该订单提交后需审批，审批通过后方可支付")).toBeVisible();
  await page.getByRole("combobox", { name: "超标原因" }).click();
  await page.getByTitle("同行人员统一安排").click();
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.screenshot({ path: "test-results/business-train-order-info-1280.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/business-train-order-info-1440.png", fullPage: true });

  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/train\/OrderDetails\/\d+$/);
  await expect(page.getByTestId("order-status")).toHaveText("待审批");
  await expect(page.getByTestId("order-over-reason")).toHaveText("同行人员统一安排");
  await expect(page.getByTestId("order-verdict")).toContainText("席别超标");
  await expect(page.getByTestId("approval-waiting")).toContainText("陈静");
  await page.screenshot({ path: "test-results/business-train-order-detail-1440.png", fullPage: true });

  // The department head finds it in 订单审批 with the train, the seat and the reason.
  const head = await signedInAs(browser, "13800000071");
  await head.page.goto("/travel/audit/order");
  const row = head.page.getByTestId("audit-todo").getByRole("row", { name: new RegExp(train!.trainNo) });
  await expect(row).toContainText("黄磊");
  await row.getByRole("link", { name: "审批" }).click();
  const subject = head.page.getByTestId("order-subject");
  await expect(subject).toContainText(`${train!.fromStation} → ${train!.toStation} · ${train!.trainNo}`);
  await expect(subject).toContainText("商务座");
  await expect(subject).toContainText("同行人员统一安排");
  await expect(head.page.getByTestId("approval-verdict")).toContainText("席别超标");
  await head.page.screenshot({ path: "test-results/business-train-approval-1280.png", fullPage: true });
  expect(head.errors).toEqual([]);

  // Cancelled by its booker, so the approvers' inbox holds nothing of this spec.
  await page.getByRole("button", { name: "取消订单" }).click();
  await page.getByRole("button", { name: "确定取消" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已取消");
  expect(traveller.errors).toEqual([]);
});
