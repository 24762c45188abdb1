// Every API route, called as every member type, both partners' users and a guest. What the
// policy denies answers 401 (guest) or 403 and writes nothing; what it allows gets past the
// check, and routes guarded by an access resource succeed with their sample input. The policy
// itself is matched against the member-type table of every menu area in tests/access.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { ownTables, startHarness, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { accessSubjectOf } from "../../server/services/authorize";
import { getAccess, type Access } from "../../src/access";
import { flattenDotKeys } from "../../src/providers/form-encode";
import { chinaDate } from "../../src/domain/policy";
import { BILL_NAMES, billExcelPath, billListPath } from "../../src/domain/bills";

const CALLERS = ["13800000010", "13800000020", "13800000030", "13800000040", "13800000050", "13800000070", "13800000071", "13800000072", "13800000073", "13800000081", "13800000082"];

/** A valid input for each route guarded by an access resource, so an allowed call can succeed. */
const SAMPLES: Record<string, Record<string, string>> = {
  // Notification settings and group robots; 999999 is no robot of the caller's company.
  "/company/notice-settings/detail": {},
  "/company/notice-settings/save": {},
  "/company/notice-robots/list": {},
  "/company/notice-robots/detail": { id: "999999" },
  "/company/notice-robots/add": { platform: "wecom", name: "矩阵机器人", url: "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=matrix-sample" },
  "/company/notice-robots/update": { id: "999999", platform: "wecom", name: "矩阵机器人", url: "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=matrix-sample" },
  "/company/notice-robots/delete": { id: "999999" },
  "/account/AppAccount": {},
  "/member/center/companystatistics": {},
  "/member/center/companyspend": {},
  "/credit/employee/list": { pageNum: "1", pageSize: "10", orderBy: "realName", orderType: "asc", keyword: "138", canAudit: "1" },
  "/credit/department/list": {},
  "/credit/employee/detail": { id: "1" },
  "/credit/employee/add": { realName: "矩阵员工", mobilePhone: "13912340001", departmentId: "", tripLevelId: "", canAudit: "0" },
  "/credit/employee/update": { id: "1", realName: "陈静", mobilePhone: "13800000071", canAudit: "1" },
  "/credit/employee/status": { id: "999999", status: "1" },
  "/credit/employee/delete": { id: "999999" },
  "/credit/employee/trip_levels": {},
  "/credit/department/add": { name: "矩阵部门" },
  "/credit/department/update": { id: "999999", name: "矩阵部门", parentId: "" },
  "/credit/department/delete": { id: "999999" },
  "/credit/employee/import/template": {},
  "/credit/employee/import/preview": {},
  "/credit/employee/import/commit": {},
  // Travel policy. Ids are the demo seed's: trip level 1, car standard 1, flow 1, employee 1.
  "/member/center/trip_level/list": {},
  "/member/center/standard/list": { keyword: "员工", configured: "1", orderBy: "tripLevelName", orderType: "asc" },
  "/member/center/standard/detail": { tripLevelId: "1" },
  "/member/center/standard/save": flattenDotKeys({
    tripLevelId: 1, overAction: "approve", flight: { cabins: ["Y"], maxDiscount: 90, maxPriceFen: "", lowestFareHours: 2 },
    hotel: { capsFen: { tier1: 60000, tier2: 50000, tier3: 40000, other: 30000 } }, train: { seats: ["second"] },
  }),
  "/member/center/standard/delete": { tripLevelId: "1" },
  "/member/center/city_tier/info": {},
  "/member/center/city_tier/save": flattenDotKeys({ tier1: [{ code: "1101", name: "北京市" }] }),
  "/car/standard_list": { keyword: "用车", tripLevelId: "1" },
  "/car/standard_detail": { id: "1" },
  "/car/standard/add_or_update": flattenDotKeys({ id: 1, name: "市内用车", tripLevelIds: [1, 2, 3, 4], carTypes: ["economy"], allCities: 1, perRideCapFen: 10000 }),
  "/car/standard_delete": { id: "1" },
  "/credit/approve_flow/list": { covers: "trip", enabled: "1" },
  "/credit/approve_flow/detail": { id: "1" },
  "/credit/approve_flow/save": flattenDotKeys({ id: 1, name: "差旅审批", covers: "both", allEmployees: 1, levels: [{ approvers: [{ type: "admin" }], timeoutHours: 24 }], onTimeout: "next" }),
  "/credit/approve_flow/delete": { id: "1" },
  "/api/v1/trip_manager/preference_info": {},
  "/api/v1/trip_manager/preference_save": flattenDotKeys({
    hotelConfig: { multiPay: 1 }, requireApplication: 0, overReasons: ["其他原因"], autoDecisions: { approveWithinStandardMaxFen: "", rejectExpiredFare: 1 },
  }),
  "/api/v1/trip_manager/employee_rsrv": { scope: "all" },
  "/api/v1/trip_manager/employee_rsrv/save": { bookerEmployeeId: "1", scope: "all" },
  "/api/v1/trip_manager/employee_rsrv/delete": { id: "1" },
  "/api/v1/trip_manager/employee_rsrv/travellers": { keyword: "138" },
  "/credit/find_apply_note": { status: "pending", scope: "domestic" },
  "/credit/add_apply_note": flattenDotKeys({
    purpose: "客户拜访", scope: "domestic", startDate: chinaDate(Date.now() + 7 * 86_400_000), endDate: chinaDate(Date.now() + 8 * 86_400_000),
    fromCity: "北京", toCities: ["上海"], externalTravellers: [{ name: "王五" }], modes: ["train"], budgetFen: 100000,
  }),
  "/credit/apply_note/submit": { id: "999999" },
  "/credit/apply_note/withdraw": { id: "999999" },
  "/credit/apply_note/delete": { id: "999999" },
  "/credit/get_trip_apply_note": { id: "999999" },
  "/credit/apply_note/usable": {},
  "/credit/get_approve_apply_note": { box: "todo", subjectType: "trip" },
  "/credit/approval/detail": { id: "999999" },
  "/credit/op_apply_note": { approvalId: "999999", action: "approve" },
  "/member/center/my_standard": {},
  // Flight orders. The fare key names no flight of the demo inventory: the booking passes the
  // access check and is then refused; its success is tested in flight-orders.test.ts.
  "/api/v1/trip_manager/air_ticket_domestic_order/book": flattenDotKeys({
    fareKey: "2026-01-01:ZZ9999|Y|Y", price: 100000, clientKey: "access-matrix", contactName: "张三", contactMobile: "13800000010",
    passengers: [{ name: "张三", certType: 1, certNo: "11010519491231002X" }],
  }),
  "/api/v1/trip_manager/air_ticket_domestic_order/standard_check": { fareKey: "2026-01-01:ZZ9999|Y|Y" },
  // International: the itinerary names no flight of the demo inventory; success is tested in intl-orders.test.ts.
  "/api/v1/trip_manager/air_ticket_inter_order/book": flattenDotKeys({
    itineraryKey: "2026-01-01:ZZ9999", cabinClass: "Y", fareKeys: ["2026-01-01:ZZ9999|Y|Y"], price: 100000, clientKey: "access-matrix-intl", contactName: "张三", contactMobile: "13800000010",
    passengers: [{ name: "张三", surname: "ZHANG", givenName: "SAN", nationality: "CN", certType: 2, certNo: "E12345678", certExpiry: "2031-01-01", birthday: "1985-03-02" }],
  }),
  // 政府采购 (公务机票): whoever sees the 公务机票订单 tab; the fare names no flight of the demo
  // inventory, so the booking passes the access check and is then refused; success in gp-orders.test.ts.
  "/api/v1/trip_manager/air_ticket_gp_order/book": flattenDotKeys({
    fareKey: "2026-01-01:ZZ9999|Y|GP", price: 100000, clientKey: "access-matrix-gp", contactName: "张三", contactMobile: "13800000010",
    passengers: [{ name: "张三", certType: 1, certNo: "11010519491231002X", budgetUnit: "北京市财政局", officialCard: "6283660012345670" }],
  }),
  "/order/newappGetDometicketOrder": { pageNum: "1", pageSize: "10", status: "0" },
  "/order/appDometicketOrderViewServlet": { id: "999999" },
  "/order/cancelOrder": { id: "999999" },
  // Refund and change: no order of this id exists; they are tested in flight-refund-change.test.ts.
  "/order/getRefundTip": { id: "999999" },
  "/order/AppNewRefundSubmitServlet": { id: "999999", reason: "自愿退票" },
  "/api/v1/trip_manager/air_ticket_domestic_order/change": { id: "999999", fareKey: "2026-12-10:CA1501|Y|Y" },
  "/order/confirmChange": { id: "999999", fareKey: "2026-12-10:CA1501|Y|Y", total: "0" },
  // 航变: no order of this id exists; recording and choosing are tested in disruptions.test.ts.
  "/api/v1/trip_manager/order/disruptions": { id: "999999" },
  "/api/v1/trip_manager/order/disruption/accept": { id: "999999", disruptionId: "1" },
  "/api/v1/trip_manager/order/disruption/change": { id: "999999", disruptionId: "1", fareKey: "2026-12-10:CA1501|Y|Y" },
  "/api/v1/trip_manager/order/disruption/refund": { id: "999999", disruptionId: "1" },
  "/api/v1/trip_manager/order/disruption/change_train": { id: "999999", disruptionId: "1", trainKey: "2026-12-10|G1|BJP|SHH" },
  "/api/v1/trip_manager/company/disruptions": { pageNum: "1", pageSize: "10", kind: "flightCancelled", status: "pending", chosen: "pending", product: "air", from: "2026-01-01", to: "2026-12-31", traveller: "王" },
  // Hotel orders: no hotel or order of these numbers exists; booking, paying and cancelling are
  // tested in hotel-orders.test.ts.
  "/api/v1/trip_manager/hotel_domestic_order/book": flattenDotKeys({
    hotelId: 999999, roomTypeId: 999999, checkIn: "2026-12-10", checkOut: "2026-12-12", roomCount: 1, price: 100000, clientKey: "access-matrix",
    guests: [{ name: "张三" }], contactName: "张三", contactMobile: "13800000010", arrivalTime: "18:00",
  }),
  "/api/v1/trip_manager/hotel_domestic_order/standard_check": { hotelId: "999999", roomTypeId: "999999", checkIn: "2026-12-10", checkOut: "2026-12-12" },
  "/hotel/order/myOrderList": { pageNum: "1", pageSize: "10", status: "0" },
  "/hotel/order/detail": { orderNo: "H000000000000000000" },
  "/hotel/order/cancel": { orderNo: "H000000000000000000" },
  "/hotel/order/modify": { orderNo: "H000000000000000000", "guests.0.name": "张三", contactName: "张三", contactMobile: "13800000010", arrivalTime: "18:00" },
  // Train orders: no train or order of these numbers exists; booking, paying, refunding and
  // changing are tested in train-orders.test.ts.
  "/api/v1/trip_manager/train_domestic_order/book": flattenDotKeys({
    trainKey: "2026-12-10:G9999:北京南:上海虹桥", seatClass: "O", clientKey: "access-matrix",
    passengers: [{ name: "张三", certType: 1, certNo: "11010519491231002X", passengerType: "adult" }], contactName: "张三", contactMobile: "13800000010",
  }),
  "/api/v1/trip_manager/train_domestic_order/standard_check": { trainKey: "2026-12-10:G9999:北京南:上海虹桥", seatClass: "O" },
  "/api/v1/train/account12306/login": { account12306: "zhangsan_01", password12306: "abc12345" },
  "/api/v1/train/order_list": { pageNum: "1", pageSize: "10", status: "0" },
  "/api/v1/train/order_detail": { orderId: "999999" },
  "/api/v1/train/order_cancel": { orderId: "999999" },
  "/api/v1/train/order_refund": { orderId: "999999", mode: "quote" },
  "/api/v1/train/change_apply": { orderId: "999999", trainKey: "2026-12-10:G9999:北京南:上海虹桥", seatClass: "O" },
  "/api/v1/train/change_confirm": { orderId: "999999", trainKey: "2026-12-10:G9999:北京南:上海虹桥", seatClass: "O" },
  "/api/v1/train/change_cancel": { orderId: "999999" },
  // Payments: no trade or order of these ids exists; paying is tested in payments.test.ts.
  "/pay/cashier": { orderId: "999999" },
  "/pay/create": { orderId: "999999", method: "wallet" },
  "/pay/newappthepay": { outTradeNo: "P2026113010000000000001", requestVerify: "0".repeat(32), businessType: "5" },
  "/pay/precreate": { outTradeNo: "P2026113010000000000001", requestVerify: "0".repeat(32), businessType: "5" },
  "/pay/query": { outTradeNo: "P2026113010000000000001", requestVerify: "0".repeat(32) },
  "/account/ledger": { pageNum: "1", pageSize: "10", direction: "out", businessType: "5" },
  "/pay/newappshouxinpay": { outTradeNo: "P2026113010000000000001", requestVerify: "0".repeat(32), businessType: "5" },
  // Bank cards and withdrawals: the list and the bank of a number answer every allowed caller; no
  // card or withdrawal of these ids exists and the SMS code was never sent. Successes in
  // withdrawals.test.ts.
  "/bank/appNewBankViewListServelet": {},
  "/bank/GetBankType": { cardNo: "6222020200001234562" },
  "/member/account/bind_bankcard": { cardNo: "6222020200001234562", holderName: "张三", smsCode: "123456" },
  "/member/account/unbind_bankcard": { id: "999999" },
  "/withdrawal/apply": { cardId: "999999", amount: "50.00", payPassword: "0".repeat(32) },
  "/withdrawal/list": { pageNum: "1", pageSize: "10", status: "requested" },
  "/withdrawal/detail": { id: "999999" },
  "/withdrawal/cancel": { id: "999999" },
  // Recharges: whoever has a wallet recharges it; reading one back is tested in recharge.test.ts.
  "/account/recharge/create": { amount: "100.00", clientKey: "access-matrix-recharge" },
  "/account/recharge/detail": { orderNo: "R000000000000000001" },
  "/account/recharge/list": { pageNum: "1", pageSize: "10", status: "1", createDateStart: "2026-11-01", createDateEnd: "2026-11-30" },
  // Settlement: the administrator's settings; statements of the caller's company (no statement
  // of these ids exists; the whole way is tested in settlement.test.ts).
  "/finance/settlement/settings": {},
  "/finance/settlement/settings/save": { settlementDay: "25", creditLimitFen: "50000000" },
  "/finance/settlement/statement/list": { pageNum: "1", pageSize: "10", status: "sent" },
  "/finance/settlement/statement/detail": { id: "999999" },
  "/finance/settlement/line/dispute": { lineId: "999999", reason: "金额不符" },
  "/finance/settlement/statement/confirm": { id: "999999" },
  // The company's reimbursement documents (its finance user): the list, and the month's zip as an export task.
  "/company/einvoice/list": { pageNum: "1", pageSize: "10", month: "2026-11" },
  "/company/einvoice/zip": { month: "2026-11" },
  // The operator console's audit rows about the company's objects (its administrator).
  "/member/company/audit/list": { pageNum: "1", pageSize: "10", action: "staff.update", from: "2026-01-01", to: "2026-12-31" },
  // People and paperwork: lists, templates and defaults answer every allowed caller; the calls on
  // one row name no row of the caller (404) or lack their fields (400). Their successes are tested
  // in passengers, external-passengers, addresses-invoice-titles and traveller-imports tests.
  ...Object.fromEntries(
    ["/new_beneficiary", "/credit/external_passenger", "/postaddress", "/member/invoiceTitle"].flatMap((base) => [
      [`${base}/list`, { pageNum: "1", pageSize: "10" }],
      [`${base}/detail`, { id: "999999" }],
      [`${base}/delete`, { id: "999999" }],
    ]),
  ),
  "/beneficiary/getDefaultBeneficiary": {},
  "/new_beneficiary/add": {},
  "/new_beneficiary/update": { id: "999999" },
  "/credit/external_passenger/add": {},
  "/credit/external_passenger/update": { id: "999999" },
  "/postaddress/add": {},
  "/postaddress/update": { id: "999999" },
  "/member/invoiceTitle/save": {},
  // Invoice requests: the page and the invoiceable orders answer every allowed caller; a request
  // without its fields is refused (400) and no request of this id exists (404). Their successes
  // are tested in invoices.test.ts.
  "/invoice/paging": { pageNum: "1", pageSize: "10", status: "applied" },
  "/invoice/orders": {},
  "/invoice/save": {},
  "/invoice/delete": { id: "999999" },
  "/new_beneficiary/import/template": {},
  "/new_beneficiary/import/preview": {},
  "/new_beneficiary/import/commit": {},
  "/credit/external_passenger/import/template": {},
  "/credit/external_passenger/import/preview": {},
  "/credit/external_passenger/import/commit": {},
  // Member network: the lists answer every allowed caller; a child company of this id is no
  // caller's (404). Successes in network.test.ts.
  "/creditMember/list_chd": { pageNum: "1", pageSize: "10", name: "华信", status: "1" },
  "/creditMember/detail_chd": { id: "999999" },
  "/creditMember/add_or_update_chd": { id: "999999", name: "华信科技（北京）有限公司", creditCode: "91110105MA1A2B3C4P", contactName: "周敏", contactMobile: "13900000701", status: "1" },
  "/creditMember/status_chd": { id: "999999", status: "0" },
  "/recommend/appRecommendMember": {},
  "/recommend/AppRecommendedList": { pageNum: "1", pageSize: "10" },
  "/recommend/appRecommendedCount": {},
  "/member/subordinate/list": { pageNum: "1", pageSize: "10", keyword: "138", orderBy: "realName", orderType: "asc" },
  // Bills: a page of each with a date range; their exports start a task with the same filters.
  ...Object.fromEntries(
    BILL_NAMES.flatMap((name) => [
      [billListPath(name), { pageNum: "1", pageSize: "10", startDate: "2026-01-01", endDate: "2026-12-31", orderBy: "createTime", orderType: "desc" }],
      [billExcelPath(name), { startDate: "2026-01-01", endDate: "2026-12-31" }],
    ]),
  ),
  // Rewards (types 10-50, 7_0): the summary and the detail answer every allowed caller; a transfer
  // finds no rewards balance (409). Pay authorization code (every member with a wallet): a new code
  // for each caller; no code of this number is the caller's (404). Successes in rewards.test.ts
  // and pay-code.test.ts; the counter's charge is public (partner-signed).
  "/rewards/summary": {},
  "/rewards/detail": { pageNum: "1", pageSize: "10", kind: "recommend", event: "earn", createDateStart: "2026-01-01", createDateEnd: "2026-12-31" },
  "/rewards/transferOut": { amount: "0.01" },
  "/pay/authcode/generate": {},
  "/pay/authcode/status": { code: "100000000000000000" },
  // Company spend reports, every type (the other products answer zeros).
  ...Object.fromEntries(
    ["domAir", "intlAir", "train", "hotel", "car"].flatMap((t) => [
      [`/report/${t}/detail`, { startDate: "2026-01-01", endDate: "2026-12-31", departmentId: "0" }],
      [`/report/${t}/excel`, { startDate: "2026-01-01", endDate: "2026-12-31", dimension: "department" }],
    ]),
  ),
};

/**
 * Routes that act on the caller's own application or approval: no one sample id belongs to every
 * caller, so here an allowed call must pass the access check (it then finds no such id, 404);
 * their successes are tested in trip-applications.test.ts and approvals.test.ts.
 */
const ACTS_ON_OWN = new Set([
  "/company/notice-robots/detail", "/company/notice-robots/update", "/company/notice-robots/delete",
  "/credit/apply_note/submit", "/credit/apply_note/withdraw", "/credit/apply_note/delete", "/credit/get_trip_apply_note", "/credit/approval/detail", "/credit/op_apply_note",
  "/api/v1/trip_manager/air_ticket_domestic_order/book", "/api/v1/trip_manager/air_ticket_domestic_order/standard_check", "/api/v1/trip_manager/air_ticket_inter_order/book",
  "/api/v1/trip_manager/air_ticket_gp_order/book",
  "/order/appDometicketOrderViewServlet", "/order/cancelOrder",
  "/order/getRefundTip", "/order/AppNewRefundSubmitServlet", "/api/v1/trip_manager/air_ticket_domestic_order/change", "/order/confirmChange",
  "/api/v1/trip_manager/order/disruptions", "/api/v1/trip_manager/order/disruption/accept", "/api/v1/trip_manager/order/disruption/change", "/api/v1/trip_manager/order/disruption/refund",
  "/api/v1/trip_manager/order/disruption/change_train",
  "/api/v1/trip_manager/hotel_domestic_order/book", "/api/v1/trip_manager/hotel_domestic_order/standard_check", "/hotel/order/detail", "/hotel/order/cancel", "/hotel/order/modify",
  "/api/v1/trip_manager/train_domestic_order/book", "/api/v1/trip_manager/train_domestic_order/standard_check", "/api/v1/train/order_detail", "/api/v1/train/order_cancel", "/api/v1/train/order_refund",
  "/api/v1/train/change_apply", "/api/v1/train/change_confirm", "/api/v1/train/change_cancel",
  "/pay/cashier", "/pay/create", "/pay/newappthepay", "/pay/newappshouxinpay", "/pay/precreate", "/pay/query",
  "/member/account/bind_bankcard", "/member/account/unbind_bankcard", "/withdrawal/apply", "/withdrawal/detail", "/withdrawal/cancel",
  "/account/recharge/detail",
  "/finance/settlement/statement/detail", "/finance/settlement/line/dispute", "/finance/settlement/statement/confirm",
  ...["/new_beneficiary", "/credit/external_passenger", "/postaddress", "/member/invoiceTitle"].flatMap((base) => [`${base}/detail`, `${base}/delete`]),
  "/new_beneficiary/add", "/new_beneficiary/update", "/credit/external_passenger/add", "/credit/external_passenger/update",
  "/postaddress/add", "/postaddress/update", "/member/invoiceTitle/save", "/invoice/save", "/invoice/delete",
  "/creditMember/detail_chd", "/creditMember/add_or_update_chd", "/creditMember/status_chd",
  "/new_beneficiary/import/preview", "/new_beneficiary/import/commit", "/credit/external_passenger/import/preview", "/credit/external_passenger/import/commit",
  // Staff writes name ids that are missing (404) or add rows (the mobile may be taken by then).
  "/credit/employee/add", "/credit/employee/update", "/credit/employee/status", "/credit/employee/delete",
  "/credit/department/add", "/credit/department/update", "/credit/department/delete",
  "/credit/employee/import/preview", "/credit/employee/import/commit",
  // A member has one export running at a time: the next bill's export may meet the last one
  // still writing (409); its success is tested in bills.test.ts.
  ...BILL_NAMES.map(billExcelPath),
  // A transfer needs a rewards balance; a code needs the caller's pay password; a status names the
  // caller's own code.
  "/rewards/transferOut",
  "/pay/authcode/generate",
  "/pay/authcode/status",
  // A member has one export at a time: the next report's export may meet the previous one still
  // being written (409); their successes are tested in reports.test.ts.
  ...["domAir", "intlAir", "train", "hotel", "car"].map((t) => `/report/${t}/excel`),
]);

let h: Harness;
let access: Access;

beforeAll(async () => {
  h = await startHarness();
  access = await getAccess();
});
afterAll(async () => h?.close());

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await ownTables(h.db)) {
    if (name.startsWith("kysely_") || name === "sessions" || name === "exception_events") continue;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(h.db.db);
    out[name] = Number(row.rows[0].n);
  }
  return out;
}

async function call(method: string, url: string, token: string | null, payload: Record<string, string> = {}) {
  const path = `/api${url.replace(/:(\w+)/g, "0")}`;
  const body = { ...payload, ...(token ? { token } : {}), device: "web", timestamp: String(Date.now()) };
  const res =
    method === "GET"
      ? await h.app.inject({ method: "GET", url: `${path}?${new URLSearchParams(body)}` })
      : await h.app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams(body).toString() });
  return res.headers["content-type"]?.toString().includes("json") ? (res.json() as { ret: number; msg: string }) : { ret: res.statusCode === 200 ? 0 : res.statusCode, msg: "" };
}

describe("server-side enforcement of every route", () => {
  it("has a sample input for every resource-guarded route", () => {
    const guarded = h.app.ctx.registry.filter((r) => r.access !== "public" && r.access !== "member");
    expect(guarded.map((r) => r.url).filter((u) => !(u in SAMPLES))).toEqual([]);
  });

  it("refuses guests on every non-public route and writes nothing", async () => {
    const before = await tableCounts();
    for (const r of h.app.ctx.registry.filter((x) => x.access !== "public")) {
      const reply = await call(r.method, r.url, null, SAMPLES[r.url]);
      expect(reply.ret, `${r.url} as guest`).toBe(401);
    }
    expect(await tableCounts()).toEqual(before);
  });

  for (const mobile of CALLERS) {
    it(`decides every route for ${mobile} as the policy says`, async () => {
      const member = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
      const subject = await accessSubjectOf(h.db.db, member);
      for (const r of h.app.ctx.registry.filter((x) => x.access !== "public")) {
        const token = await createSession(h.db.db, member.id);
        const allowed = r.access === "member" || access.canApi(subject, r.access);
        const before = allowed ? null : await tableCounts();
        const reply = await call(r.method, r.url, token, SAMPLES[r.url]);
        if (!allowed) {
          expect(reply.ret, `${r.url} as ${mobile} must be denied`).toBe(403);
          expect(await tableCounts(), `${r.url} as ${mobile} wrote on denial`).toEqual(before);
        } else if (r.access === "member" || ACTS_ON_OWN.has(r.url)) {
          expect([401, 403], `${r.url} as ${mobile}: ${reply.msg}`).not.toContain(reply.ret);
        } else {
          expect(reply.ret, `${r.url} as ${mobile}: ${reply.msg}`).toBe(0);
        }
      }
    }, 120_000); // every route of the app for one caller: slow on a loaded PostgreSQL
  }
});
