// Replace-booking in Chinese: the administrator lets 13800000072 book for 13800000073; the
// employee opens a flight's order page, picks the colleague as 出行人 (the name goes on the first
// passenger), sees the colleague's travel standard in force, books, and the order shows who
// booked and who travels; the colleague finds it among their own orders.
import { expect, test } from "./fixtures";
import { signedInAs } from "./helpers";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { ListFlight } from "../src/domain/travel/types";


test("an employee books a business flight for a colleague under the colleague's standard", async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await signedInAs(browser, "13800000070");
  const token = (await admin.page.evaluate(() => localStorage.getItem("token")))!;
  const staff = (await (await admin.page.request.post("/api/credit/employee/list", { form: { token, pageNum: "1", pageSize: "50" } })).json()).data.list as { id: number; mobilePhone: string; realName: string }[];
  // Mobiles are masked in the staff list: the demo employees are found by name.
  const booker = staff.find((e) => e.realName === "杨帆")!;
  const colleague = staff.find((e) => e.realName === "黄磊")!;
  const saved = await (await admin.page.request.post("/api/api/v1/trip_manager/employee_rsrv/save", { form: { token, bookerEmployeeId: String(booker.id), scope: "employees", "employeeIds.0": String(colleague.id) } })).json();
  expect(saved.ret, saved.msg).toBe(0);

  const { page, errors } = await signedInAs(browser, "13800000072");
  const depDate = addDays(chinaDate(Date.now()), 12);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => a.salePrice - b.salePrice)[0];
  await page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
  await expect(page.getByTestId("standard-verdict")).toBeVisible();

  await page.getByTitle(/（本人）$/).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: colleague.realName }).click();
  await expect(page.getByLabel("姓名").first()).toHaveValue(colleague.realName);
  // The colleague's level sends every order for approval.
  await expect(page.getByText("该订单提交后需审批，审批通过后方可支付")).toBeVisible();
  await page.getByLabel("证件号码").first().fill("11010519491231002X");
  await page.screenshot({ path: "test-results/replace-booking-order-info-1280.png", fullPage: true });
  await page.getByRole("button", { name: "提交订单" }).click();

  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const detail = page.url();
  await expect(page.getByTestId("order-status")).toHaveText("待审批");
  await expect(page.getByTestId("order-traveller")).toHaveText(colleague.realName);
  await page.screenshot({ path: "test-results/replace-booking-detail-1280.png", fullPage: true });

  const traveller = await signedInAs(browser, "13800000073");
  await traveller.page.goto(detail);
  await expect(traveller.page.getByTestId("order-traveller")).toHaveText(colleague.realName);
  await expect(traveller.page.getByTestId("order-status")).toHaveText("待审批");

  const rules = (await (await admin.page.request.post("/api/api/v1/trip_manager/employee_rsrv", { form: { token, pageNum: "1", pageSize: "50" } })).json()).data.list as { id: number; bookerEmployeeId: number }[];
  const rule = rules.find((r) => r.bookerEmployeeId === booker.id)!;
  await admin.page.request.post("/api/api/v1/trip_manager/employee_rsrv/delete", { form: { token, id: String(rule.id) } });
  for (const who of [admin, { errors }, traveller]) expect(who.errors).toEqual([]);
});

test("the company administrator books a business flight for an employee with an external traveller, and the employee finds it among their orders", async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await signedInAs(browser, "13800000070");
  const token = (await admin.page.evaluate(() => localStorage.getItem("token")))!;
  const guest = await (await admin.page.request.post("/api/credit/external_passenger/add", {
    form: { token, name: "赵客户", mobilePhone: "13912340000", "certificates.0.certType": "1", "certificates.0.certNo": "110101199003071233" },
  })).json();
  expect(guest.ret, guest.msg).toBe(0);
  const depDate = addDays(chinaDate(Date.now()), 13);
  const reply = await admin.page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const list: ListFlight[] = (await reply.json()).data.list;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => a.salePrice - b.salePrice)[0];
  await admin.page.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  // The administrator books privately by default; on business they choose who travels.
  await expect(admin.page.getByRole("radio", { name: "因私" })).toBeChecked();
  await admin.page.getByText("因公", { exact: true }).click();
  await admin.page.getByTitle(/（本人）$/).click();
  await admin.page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "黄磊" }).click();
  await expect(admin.page.getByLabel("姓名").first()).toHaveValue("黄磊");
  await expect(admin.page.getByTestId("standard-verdict")).toBeVisible();
  await admin.page.getByLabel("证件号码").first().fill("11010519491231002X");
  // The company's external traveller comes along as a second passenger, read whole from the list.
  await admin.page.getByRole("combobox", { name: "从外部出行人中选择" }).click();
  await admin.page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "赵客户" }).click();
  await expect(admin.page.getByLabel("姓名").nth(1)).toHaveValue("赵客户");
  await expect(admin.page.getByLabel("证件号码").nth(1)).toHaveValue("110101199003071233");
  await admin.page.screenshot({ path: "test-results/admin-books-for-staff-1280.png", fullPage: true });
  await admin.page.getByRole("button", { name: "提交订单" }).click();

  await expect(admin.page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  await expect(admin.page.getByTestId("order-traveller")).toHaveText("黄磊");
  const detail = admin.page.url();
  const traveller = await signedInAs(browser, "13800000073");
  await traveller.page.goto(detail);
  await expect(traveller.page.getByTestId("order-traveller")).toHaveText("黄磊");
  for (const who of [admin, traveller]) expect(who.errors).toEqual([]);
});

test("the administrator's fare from the search opens the business order page, on business, where they pick who travels", async ({ browser }) => {
  test.setTimeout(240_000);
  const { page, errors } = await signedInAs(browser, "13800000070");
  const depDate = addDays(chinaDate(Date.now()), 14);
  await page.goto(`/airTicket/query?depCity=BJS&depName=北京&arrCity=SHA&arrName=上海&depDate=${depDate}&adults=1`);
  const card = page.locator("[data-flight]").first();
  await card.getByRole("button", { name: /订票/ }).click();
  await card.locator(".tp-bk-cabin").first().getByRole("button", { name: "预订" }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info_business\?.*fareKey=/);
  await expect(page.getByRole("heading", { name: "填写因公机票订单" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "因公" })).toBeChecked();
  await expect(page.getByTitle(/（本人）$/)).toBeVisible();
  await page.screenshot({ path: "test-results/order-info-business-1440.png", fullPage: true });
  expect(errors).toEqual([]);
});
