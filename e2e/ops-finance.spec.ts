// The finance operator's console in a real browser. Withdrawals: a member (孙立, 13800000040,
// whose balance is read first) asks to withdraw 88.00 to a bound card; the finance operator
// (钱财务) signs in at /ops, sees the queue's badge, finds the request by the member's phone and
// rejects it with a reason; the member's record then shows 已驳回 with that reason and the balance
// is whole again. Settlement: an employee pays a flight on the company's credit at the cashier;
// the operator generates the company's statement and sends it from the settlement screen; the
// company administrator disputes the order's line (as its settlement page does); the operator
// answers the dispute on the screen, rejecting it with a reason the line then shows.
import crypto from "node:crypto";
import { expect as baseExpect, test, type Page } from "./fixtures";
import { PAY_PASSWORD, ensurePayPassword, payNow, signedInAs, watchConsole } from "./helpers";
import { fenOf } from "./booking-helpers";
import { opsSignIn } from "./ops-helpers";
import { formatFen } from "../src/domain/money";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { SETTLEMENT_PATHS } from "../src/domain/settlement/paths";
import { BANK_CARD_PATHS, WITHDRAWAL_PATHS } from "../src/domain/payments/types";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightListReply, ListFare } from "../src/domain/travel/types";

// A fresh server generates its travel inventory in the background at first, and pages answer
// slowly while it does: every wait here allows for that.
const expect = baseExpect.configure({ timeout: 30_000 });

// Not 王芳: the cashier spec needs one member who never set a pay password, and this one sets it.
const MEMBER = "13800000040";
const EMPLOYEE = "13800000072";
const COMPANY_ADMIN = "13800000070";
const CARD = "6225880123456783"; // 招商银行
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");

/** A member call with the page's own session. */
async function post(page: Page, url: string, form: Record<string, string | number>) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const env = await (await page.request.post(`/api${url}`, { form: { ...form, token: token! } })).json();
  expect(env.ret, `${url}: ${env.msg}`).toBe(0);
  return env.data;
}

async function smsCode(page: Page, mobile: string, type: string): Promise<string> {
  const outbox = async () => (await (await page.request.get(`/api/dev/sms-outbox?mobilePhone=${mobile}`)).json()).data as { id: number; code: string }[];
  const before = (await outbox())[0]?.id ?? 0;
  await post(page, "/common/sendCode", { mobilePhone: mobile, type });
  await expect.poll(async () => (await outbox())[0]?.id ?? 0).toBeGreaterThan(before);
  return (await outbox())[0].code;
}

async function bookOrder(page: Page, daysAhead: number): Promise<{ id: number; orderNo: string }> {
  const depDate = addDays(chinaDate(Date.now()), daysAhead);
  const { list, servFee }: FlightListReply = (await (await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } })).json()).data;
  const adultTotal = (s: ListFare) => s.salePrice + s.taxes + servFee;
  const seat = list.flatMap((f) => f.seats).filter((s) => s.seatsLeft >= 1 && s.cabinClass === "Y").sort((a, b) => adultTotal(a) - adultTotal(b))[0];
  expect(seat, "an economy fare").toBeTruthy();
  return post(page, FLIGHT_ORDER_PATHS.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `e2e-ops-finance-${Date.now()}`, contactName: "杨帆", contactMobile: EMPLOYEE,
    "passengers.0.name": "杨帆", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
}

test("the finance operator rejects a withdrawal with a reason and answers a disputed statement line", async ({ browser }) => {
  test.setTimeout(480_000);

  // ---- the member asks to withdraw 88.00 ----
  const { page: member, errors: memberErrors } = await signedInAs(browser, MEMBER);
  await ensurePayPassword(member, MEMBER);
  const card = await post(member, BANK_CARD_PATHS.bind, { cardNo: CARD, holderName: "孙立", smsCode: await smsCode(member, MEMBER, "bindBankCard") });
  await member.goto("/myCenter/wallet");
  const balance = member.getByTestId("wallet-page-balance");
  await expect(balance).toContainText("¥");
  const start = fenOf((await balance.textContent())!);
  const withdrawal = await post(member, WITHDRAWAL_PATHS.apply, { cardId: card.id, amount: "88.00", payPassword: md5(PAY_PASSWORD) });
  await member.reload();
  await expect(balance).toContainText(formatFen(start - 8_800));

  // ---- the finance operator rejects it in the console ----
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ops = await context.newPage();
  const opsErrors = watchConsole(ops);
  await opsSignIn(ops, "ops-finance");
  const menu = ops.getByRole("menu", { name: "运营后台菜单" });
  await expect(menu.getByText("提现审核")).toBeVisible();
  await expect(menu.getByText("结算对账")).toBeVisible();
  await expect(menu.getByText("员工与角色")).toHaveCount(0);
  // The queue's badge counts the requests waiting for review, this one among them.
  await expect(ops.getByTestId("ops-menu-count-withdrawals")).toContainText(/\d/);
  await menu.getByText("提现审核").click();
  const queue = ops.getByTestId("ops-withdrawals");
  await queue.getByLabel("会员").fill(MEMBER);
  await queue.getByRole("button", { name: /查\s?询/ }).click();
  const row = queue.getByRole("row", { name: new RegExp(withdrawal.withdrawNo) });
  await expect(row).toContainText("申请中");
  await expect(row).toContainText("¥88.00");
  await expect(row).toContainText("招商银行 **** **** **** 6783");
  await ops.screenshot({ path: "test-results/ops-withdrawals-1280.png", fullPage: true });
  await row.getByRole("button", { name: /驳\s?回/ }).click();
  const dialog = ops.getByRole("dialog", { name: "驳回提现" });
  await dialog.getByRole("button", { name: "确认驳回" }).click();
  await expect(dialog.getByText("请填写驳回原因").or(dialog.getByText("驳回原因至少2个字符"))).toBeVisible();
  await dialog.getByLabel("驳回原因").fill("持卡人姓名与实名信息不一致，请更换本人银行卡");
  await ops.screenshot({ path: "test-results/ops-withdrawal-reject-1280.png", fullPage: true });
  await dialog.getByRole("button", { name: "确认驳回" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("已驳回");
  await expect(row).toContainText("持卡人姓名与实名信息不一致");
  await expect(row.getByRole("button", { name: /驳\s?回/ })).toHaveCount(0);

  // ---- the member reads the reason, and the money is back ----
  await member.reload();
  await expect(balance).toContainText(formatFen(start));
  await member.getByRole("tab", { name: "提现记录" }).click();
  const record = member.getByTestId("withdrawal-list").getByRole("row", { name: /¥88\.00/ });
  await expect(record).toContainText("已驳回");
  await expect(record).toContainText("持卡人姓名与实名信息不一致，请更换本人银行卡");
  await member.screenshot({ path: "test-results/ops-withdrawal-member-1280.png", fullPage: true });
  expect(memberErrors).toEqual([]);

  // ---- an employee pays a flight on the company's credit ----
  const { page: employee, errors: employeeErrors } = await signedInAs(browser, EMPLOYEE);
  const order = await bookOrder(employee, 15);
  await employee.goto(`/pay/order/${order.id}`);
  await employee.getByRole("tab", { name: "企业授信支付" }).click();
  await expect(employee.getByTestId("credit-available")).toBeVisible();
  await payNow(employee);
  await expect(employee.getByText("支付成功")).toBeVisible();
  expect(employeeErrors).toEqual([]);

  // ---- the operator generates and sends the company's statement ----
  const { page: admin, errors: adminErrors } = await signedInAs(browser, COMPANY_ADMIN);
  const settings = await post(admin, SETTLEMENT_PATHS.settings, {});
  await menu.getByText("结算对账").click();
  const screen = ops.getByTestId("ops-settlement");
  await screen.getByRole("button", { name: "生成对账单" }).click();
  const generate = ops.getByRole("dialog", { name: "生成对账单" });
  await generate.getByRole("combobox", { name: "企业" }).click();
  await ops.keyboard.type(settings.companyName.slice(0, 2));
  await ops.getByTitle(settings.companyName).click();
  await generate.getByRole("button", { name: /生\s?成/ }).click();
  await expect(generate).toBeHidden();
  const statement = ops.getByTestId("ops-statement");
  await expect(statement).toContainText(settings.companyName);
  await expect(statement.getByRole("row", { name: new RegExp(order.orderNo) })).toBeVisible();
  await statement.getByRole("button", { name: "发送给企业" }).click();
  await ops.getByRole("dialog").filter({ hasText: "发送对账单" }).getByRole("button", { name: "发送给企业" }).click();
  await expect(statement).toContainText("待确认");
  const statementNo = (await statement.locator(".ant-card-head-title").first().textContent())!.split(" · ").at(-1)!.trim();

  // ---- the company administrator disputes the order's line ----
  const statements = await post(admin, SETTLEMENT_PATHS.statements, { pageNum: 1, pageSize: 20 });
  const mine = statements.list.find((s: { statementNo: string }) => s.statementNo === statementNo);
  expect(mine, statementNo).toBeTruthy();
  const detail = await post(admin, SETTLEMENT_PATHS.statement, { id: mine.id });
  const line = detail.lines.find((l: { orderNo: string | null; kind: string }) => l.orderNo === order.orderNo && l.kind === "order");
  await post(admin, SETTLEMENT_PATHS.dispute, { lineId: line.id, reason: "出行人已离职，不应计入本企业" });
  expect(adminErrors).toEqual([]);

  // ---- the operator answers it on the settlement screen ----
  await ops.reload();
  await expect(ops.getByTestId("ops-menu-count-settlement")).toContainText(/[1-9]/);
  const listed = screen.getByRole("row", { name: new RegExp(statementNo) });
  await expect(listed).toContainText("有异议");
  await listed.getByRole("button", { name: /查\s?看/ }).click();
  const disputed = statement.getByRole("row", { name: new RegExp(order.orderNo) });
  await expect(disputed).toContainText("异议待处理");
  await expect(disputed).toContainText("异议原因：出行人已离职，不应计入本企业");
  await ops.screenshot({ path: "test-results/ops-settlement-disputed-1280.png", fullPage: true });
  await disputed.getByRole("button", { name: "答复异议" }).click();
  const answer = ops.getByRole("dialog", { name: "答复异议" });
  await answer.getByLabel("驳回异议").check();
  await answer.getByRole("button", { name: "提交答复" }).click();
  await expect(answer.getByText("驳回异议须说明理由（至少 2 个字）")).toBeVisible();
  await answer.getByLabel("处理说明").fill("该订单出行时仍为本企业员工");
  await answer.getByRole("button", { name: "提交答复" }).click();
  await expect(answer).toBeHidden();
  await expect(disputed).toContainText("异议驳回");
  await expect(disputed).toContainText("答复：该订单出行时仍为本企业员工");
  await expect(disputed.getByRole("button", { name: "答复异议" })).toHaveCount(0);
  await ops.screenshot({ path: "test-results/ops-settlement-answered-1280.png", fullPage: true });
  expect(opsErrors).toEqual([]);
});
