// A member books an international itinerary with a connection: searches 北京 → 东京, picks 预订
// on a one-stop itinerary, sees both segments and the connection, fills a passenger travelling on
// a passport (the English name spelled from the Chinese one), watches the price panel add up,
// is refused a passport that expires too soon, submits, pays from the wallet at the cashier and
// finds the order in 订单中心 and its detail with both segments.
//
// The member is 吴刚 (13800000050): his wallet holds enough for an international fare after the
// English journey's one domestic fare; the withdrawal spec, later in the same half, reads the
// balance before it withdraws. (The individual member's demo wallet, ¥1,280.50, pays for no
// itinerary abroad, and other specs count on its balance.)
import { expect, test } from "./fixtures";
import { ensurePayPassword, payNow, signIn, watchConsole } from "./helpers";
import { daysAhead, pick, setDate } from "./booking-helpers";
import { addDays } from "../src/domain/travel/dates";
import { INTL_ORDER_PATHS, type IntlVerifyReply } from "../src/domain/orders/intl-types";
import { formatFen } from "../src/domain/money";

const MEMBER = "13800000050";
const SHOTS = "test-results";

test("books 北京 → 东京 with a connection on a passport, pays from the wallet and sees both segments in 订单中心", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, MEMBER);
  const depDate = daysAhead(12);

  await page.goto("/intl/flight_query_list");
  await pick(page, "出发城市", "bj", "北京");
  await pick(page, "到达城市", "dongjing", "东京");
  await setDate(page, "出发日期", depDate);
  await page.getByRole("button", { name: "搜索" }).click();
  const card = page.locator("[data-itinerary]", { hasText: "中转 1 次" }).first();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "预订" }).first().click();

  await expect(page).toHaveURL(/\/intl\/international_order_info\?/);
  // What the page verified: the fares and totals it must show.
  const params = new URL(page.url()).searchParams;
  const v: IntlVerifyReply = (await (await page.request.post(`/api${INTL_ORDER_PATHS.verify}`, { form: { itineraryKey: params.get("itineraryKey")!, cabinClass: params.get("cabinClass")! } })).json()).data;
  expect(v.available).toBe(true);
  expect(v.segments).toHaveLength(2);
  const trip = page.getByTestId("itinerary");
  await expect(trip.getByTestId("flight-summary")).toHaveCount(2);
  await expect(trip.getByTestId("connection")).toContainText(`在${v.connections[0].cityName}中转`);
  await expect(page.getByTestId("payprice")).toHaveText(`¥${formatFen(v.breakdown.ADT.total)}`);

  // The English name follows the Chinese name.
  await page.getByLabel("姓名", { exact: true }).fill("吴刚");
  await expect(page.getByLabel("英文姓")).toHaveValue("WU");
  await expect(page.getByLabel("英文名")).toHaveValue("GANG");
  await page.getByLabel("证件号码").fill("E12345678");
  await page.getByLabel("出生日期").fill("1980-05-01");
  await page.getByLabel("出生日期").press("Enter");
  // A passport that runs out within 6 months of departure is refused at its field (Enter in a
  // date field confirms the date and submits the form, as a person does).
  await page.getByLabel("证件有效期至").fill(addDays(depDate, 100));
  await page.getByLabel("证件有效期至").press("Enter");
  await expect(page.getByText("证件有效期不足6个月")).toBeVisible();

  const panel = page.getByTestId("price-panel");
  await expect(panel).toContainText("成人 × 1");
  await expect(panel).toContainText(`¥${formatFen(v.breakdown.ADT.ticket)}`);
  await expect(panel).toContainText("税费");
  await expect(panel).toContainText(`¥${formatFen(v.breakdown.ADT.airportTax)}`);
  await expect(panel).toContainText("燃油附加费");
  await expect(page.getByTestId("payprice")).toHaveText(`¥${formatFen(v.breakdown.ADT.total)}`);
  await page.screenshot({ path: `${SHOTS}/intl-order-info-1280.png`, fullPage: true });

  await page.getByLabel("证件有效期至").fill("2031-01-01");
  await page.getByLabel("证件有效期至").press("Enter");
  await expect(page.getByText("证件有效期不足6个月")).toHaveCount(0);
  await expect(page).toHaveURL(/\/pay\/order\/\d+$/);
  const orderId = page.url().split("/").pop()!;
  await expect(page.getByTestId("pay-amount")).toHaveText(`¥${formatFen(v.breakdown.ADT.total)}`);
  await payNow(page);
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/);
  await expect(page.getByText("支付成功")).toBeVisible();

  await page.goto("/order/list?type=airTicket");
  const row = page.getByTestId("flight-order-list").locator("tr", { hasText: v.segments[0].flight.flightNo });
  await expect(row).toContainText("北京 → 东京");
  await expect(row).toContainText("国际");
  await expect(row).toContainText("中转 1 次");
  await expect(row).toContainText(`${v.segments[0].flight.flightNo}/${v.segments[1].flight.flightNo}`);
  await page.screenshot({ path: `${SHOTS}/intl-order-list-1280.png`, fullPage: true });

  await page.goto(`/ticket/OrderDetails/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText(/^(已支付|出票中|已出票)$/);
  await expect(page.getByTestId("order-segment")).toHaveCount(2);
  await expect(page.getByTestId("order-connection")).toContainText(`在${v.connections[0].cityName}中转`);
  await expect(page.getByText("WU/GANG")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/intl-order-detail-1280.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("a company employee opens the business order page: 因公 first, and the standard said not to be checked", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "13800000071");
  // The wallet never pays without the pay password.
  await ensurePayPassword(page, "13800000071");
  const depDate = daysAhead(13);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_inter_flight/list", { form: { depCity: "BJS", arrCity: "HKG", depDate, cabinClass: "Y" } });
  const it = (await reply.json()).data.list[0];
  await page.goto(`/intl/international_order_info_business?itineraryKey=${encodeURIComponent(it.key)}&cabinClass=Y`);
  await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
  await expect(page.getByTestId("standard-unsupported")).toContainText("国际机票暂不校验差旅标准");
  // Hong Kong: the passport or the Hong Kong/Macau pass.
  await page.locator(".ant-select", { has: page.getByRole("combobox", { name: "证件类型" }) }).click();
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option")).toHaveText(["护照", "港澳通行证"]);
  await page.keyboard.press("Escape");

  // 常用乘客: a traveller saved with an ID card and a passport comes with the passport and its English name.
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  const saved = await (await page.request.post("/api/new_beneficiary/add", {
    form: {
      token, name: "欧阳晓明", surname: "OUYANG", givenName: "XIAOMING", mobilePhone: "13912345670",
      "certificates.0.certType": "1", "certificates.0.certNo": "11010519491231002X",
      "certificates.1.certType": "2", "certificates.1.certNo": "EA7654321", "certificates.1.expiry": "2032-05-01", "certificates.1.issueCountry": "中国",
      birthday: "1990-02-03",
    },
  })).json();
  expect(saved.ret, saved.msg).toBe(0);
  await page.reload();
  await page.getByRole("combobox", { name: "从常用乘客中选择" }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "欧阳晓明" }).click();
  await expect(page.getByLabel("证件号码")).toHaveValue("EA7654321");
  await expect(page.getByLabel("英文姓")).toHaveValue("OUYANG");
  await expect(page.getByLabel("英文名")).toHaveValue("XIAOMING");
  await expect(page.getByLabel("证件有效期至")).toHaveValue("2032-05-01");
  await page.screenshot({ path: "test-results/intl-order-business-1280.png", fullPage: true });
  expect(errors).toEqual([]);
});
