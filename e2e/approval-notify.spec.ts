// An approval told on every channel, in Chinese: the company administrator 13800000070 gives
// their profile an email address, keeps email on for approvals (通知设置), has the company's
// group robot post approvals and adds a 飞书 robot with a signing secret that posts to a
// receiver in this process; the traveller 13800000073 books a business-class fare over the
// standard, which waits for the seeded two-level approval; the department head 13800000071
// approves; the administrator's bell count rises, the message opens the approval, and they
// approve; the traveller's message centre shows the decision and, once paid, the ticket. The
// email reaches the mail server in this process and the robot's posts carry a valid signature.
// The robot and the address are removed at the end, so later specs meet the seeded company.
import http from "node:http";
import crypto from "node:crypto";
import { SMTPServer } from "smtp-server";
import { expect, test, type Page } from "./fixtures";
import { payNow, signedInAs } from "./helpers";
import { hookPortFor, smtpPortFor } from "./notice-ports";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { ListFlight } from "../src/domain/travel/types";

const ADMIN_EMAIL = "liujianguo@example.com";
const SECRET = "e2e-feishu-signing-secret";
const mails: { to: string[]; raw: string }[] = [];
const posts: { url: string; body: Record<string, unknown> }[] = [];
let smtp: SMTPServer;
let receiver: http.Server;
let hookPort = 0;

test.beforeAll(async () => {
  const serverPort = Number(new URL(String(test.info().project.use.baseURL)).port);
  hookPort = hookPortFor(serverPort);
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (b: Buffer) => chunks.push(b));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        done();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(smtpPortFor(serverPort), "127.0.0.1", ok));
  receiver = http.createServer((req, res) => {
    let text = "";
    req.on("data", (b) => (text += b));
    req.on("end", () => {
      posts.push({ url: req.url ?? "", body: JSON.parse(text) as Record<string, unknown> });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ code: 0, msg: "success" }));
    });
  });
  await new Promise<void>((ok) => receiver.listen(hookPort, "127.0.0.1", ok));
});
test.afterAll(async () => {
  await new Promise((ok) => smtp.close(() => ok(null)));
  await new Promise((ok) => receiver.close(() => ok(null)));
});

/** The subject of a raw message, its encoded words decoded (nodemailer writes B or Q). */
function subjectOf(raw: string): string {
  const [head] = raw.split(/\r?\n\r?\n/);
  const line = /^Subject: (.*)$/im.exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
  return line.replace(/=\?UTF-8\?([BQ])\?(.*?)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
  );
}

/** 飞书's check: HmacSHA256 keyed with timestamp + "\n" + secret over nothing, in base64. */
const feishuSigned = (body: Record<string, unknown>) =>
  typeof body.timestamp === "string" && body.sign === crypto.createHmac("sha256", `${body.timestamp}\n${SECRET}`).update("").digest("base64");

async function unread(page: Page): Promise<number> {
  const label = (await page.getByTestId("notice-bell").getAttribute("aria-label")) ?? "";
  return Number(/(\d+)/.exec(label)?.[1] ?? NaN);
}

/** Opens 订单审批 as the department head and approves the traveller's order. */
async function approveFromInbox(page: Page, flightNo: string) {
  await page.goto("/travel/audit/order");
  const row = page.getByTestId("audit-todo").getByRole("row", { name: new RegExp(flightNo) });
  await expect(row).toContainText("黄磊");
  await row.getByRole("link", { name: "审批" }).click();
  await approveHere(page);
}

async function approveHere(page: Page) {
  await expect(page).toHaveURL(/\/travel\/audit\/details\?id=\d+&kind=order$/);
  await page.getByLabel("审批意见").fill("同意");
  await page.getByRole("button", { name: "同意" }).click();
  await expect(page.getByText("已同意", { exact: true })).toBeVisible();
}

test("an over-standard booking's approval reaches the approver's bell, email and the company's robot, and the traveller reads the decision and the ticket", async ({ browser }) => {
  test.setTimeout(480_000);
  const admin = await signedInAs(browser, "13800000070");
  const a = admin.page;

  // The administrator's address, in the profile.
  await a.goto("/myCenter/self_info");
  await a.getByLabel("电子邮箱").fill(ADMIN_EMAIL);
  await a.getByRole("button", { name: "保存" }).click();
  await expect(a.getByText("个人资料已保存")).toBeVisible();

  // Their own settings: approvals by email (the message centre always).
  await a.goto("/myCenter/messages");
  await a.getByRole("link", { name: "通知设置" }).first().click();
  await expect(a).toHaveURL(/\/myCenter\/notice_settings$/);
  await expect(a.getByTestId("quiet-hours-note")).toContainText("22:00");
  const approvals = a.locator(".ant-form-item", { has: a.getByText("待我审批、审批结果") });
  await expect(approvals.getByLabel("站内消息")).toBeDisabled();
  await expect(approvals.getByLabel("站内消息")).toBeChecked();
  await approvals.getByLabel("邮件").check();
  await a.getByRole("button", { name: "保存" }).click();
  await expect(a.getByText("通知设置已保存")).toBeVisible();
  await a.screenshot({ path: "test-results/notice-settings-1280.png", fullPage: true });

  // The company: approvals go to the group robot, and a 飞书 robot posts to the receiver here.
  await a.goto("/travel/travelManage/noticeSettings");
  const robotGroups = a.locator(".ant-form-item", { has: a.getByText("群机器人推送", { exact: true }) });
  await robotGroups.getByLabel("审批").check();
  await a.getByRole("button", { name: "保存" }).click();
  await expect(a.getByText("通知设置已保存")).toBeVisible();
  await a.getByRole("tab", { name: "群机器人" }).click();
  await a.getByRole("button", { name: "添加机器人" }).click();
  const dialog = a.getByRole("dialog");
  await dialog.locator(".ant-select").first().click();
  await a.getByTitle("飞书", { exact: true }).click();
  await dialog.getByLabel("名称").fill("差旅审批群");
  await dialog.getByLabel("Webhook 地址").fill(`http://127.0.0.1:${hookPort}/open-apis/bot/v2/hook/e2e-feishu-token`);
  await dialog.getByLabel("签名密钥").fill(SECRET);
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog).toHaveCount(0);
  const robotRow = a.getByRole("row", { name: /差旅审批群/ });
  await expect(robotRow).toContainText("飞书");
  await expect(robotRow).toContainText("已设置");
  // The token in the URL is masked, the secret never shown.
  await expect(robotRow).toContainText("******");
  await expect(robotRow).not.toContainText("e2e-feishu-token");
  await a.screenshot({ path: "test-results/notice-robots-1280.png", fullPage: true });

  await a.goto("/myCenter/messages");
  await expect(a.getByTestId("notice-bell")).toHaveAttribute("aria-label", /消息中心，\d+ 条未读/);
  const before = await unread(a);

  // The traveller books a business-class fare over the economy-only standard.
  const traveller = await signedInAs(browser, "13800000073");
  const t = traveller.page;
  const depDate = addDays(chinaDate(Date.now()), 11);
  const list: ListFlight[] = (await (await t.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } })).json()).data.list;
  const found = list.flatMap((flight) => flight.seats.map((seat) => ({ flight, seat }))).find((x) => x.seat.cabinClass === "C" && x.seat.seatsLeft >= 1);
  expect(found, "a business-class fare").toBeTruthy();
  const { flight, seat } = found!;
  await t.goto(`/airTicket/order_info?fareKey=${encodeURIComponent(seat.fareKey)}`);
  await expect(t.getByTestId("standard-verdict")).toContainText("超标");
  await t.getByRole("combobox", { name: "超标原因" }).click();
  await t.getByTitle("会议或客户要求").click();
  await t.getByLabel("姓名").first().fill("黄磊");
  await t.getByLabel("证件号码").first().fill("11010519491231002X");
  await t.getByRole("button", { name: "提交订单" }).click();
  await expect(t).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  const detailUrl = t.url();
  await expect(t.getByTestId("order-status")).toHaveText("待审批");
  const orderNo = (await t.getByText(/^订单号：/).textContent())!.replace("订单号：", "").trim();

  // Level 1: the department head.
  const head = await signedInAs(browser, "13800000071");
  await approveFromInbox(head.page, flight.flightNo);

  // Level 2: the administrator's bell rises; the message opens the approval.
  await expect(async () => {
    await a.goto("/myCenter/messages");
    expect(await unread(a)).toBeGreaterThan(before);
  }).toPass();
  const waiting = a.getByRole("row").filter({ hasText: "待您审批" }).filter({ hasText: "黄磊" }).first();
  await expect(waiting).toBeVisible();
  await a.screenshot({ path: "test-results/approval-notify-bell-1280.png", fullPage: true });
  await waiting.getByRole("link", { name: "查看审批" }).click();
  await approveHere(a);
  await expect(a.getByTestId("approval-status")).toHaveText("已通过");

  // The traveller pays on the company's credit; the message centre tells the decision, then the ticket.
  await t.goto(detailUrl);
  await expect(t.getByTestId("order-status")).toHaveText("待支付");
  await t.getByRole("link", { name: "去支付" }).click();
  await t.getByRole("tab", { name: "企业授信支付" }).click();
  await payNow(t);
  await expect(t).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/);
  await expect(async () => {
    await t.goto("/myCenter/messages");
    await expect(t.getByRole("row").filter({ hasText: "已出票" }).filter({ hasText: orderNo })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(t.getByRole("row").filter({ hasText: "审批结果" }).filter({ hasText: "已审批通过" }).first()).toBeVisible();
  await expect(t.getByRole("row").filter({ hasText: "已出票" }).filter({ hasText: orderNo })).toContainText("黄磊");
  await t.screenshot({ path: "test-results/approval-notify-traveller-1280.png", fullPage: true });

  // The email reached the mail server, addressed to the administrator.
  await expect.poll(() => mails.filter((m) => m.to.includes(ADMIN_EMAIL)).map((m) => subjectOf(m.raw))).toContain("【商旅门户】待您审批");
  // The robot posted the approval, signed as 飞书 checks it.
  await expect.poll(() => posts.filter((p) => JSON.stringify(p.body).includes("待您审批")).length).toBeGreaterThan(0);
  for (const p of posts) {
    expect(p.url).toBe("/open-apis/bot/v2/hook/e2e-feishu-token");
    expect(feishuSigned(p.body), JSON.stringify(p.body)).toBe(true);
  }

  // Undo: the robot goes after the confirmation; the address is cleared.
  await a.goto("/travel/travelManage/noticeSettings");
  await a.getByRole("tab", { name: "群机器人" }).click();
  await a.getByRole("row", { name: /差旅审批群/ }).getByRole("button", { name: "删除" }).click();
  await a.getByRole("dialog").getByRole("button", { name: "删除" }).click();
  await expect(a.getByText("机器人已删除")).toBeVisible();
  await expect(a.getByRole("row", { name: /差旅审批群/ })).toHaveCount(0);
  await a.goto("/myCenter/self_info");
  await a.getByLabel("电子邮箱").fill("");
  await a.getByRole("button", { name: "保存" }).click();
  await expect(a.getByText("个人资料已保存")).toBeVisible();
  for (const who of [admin, traveller, head]) expect(who.errors).toEqual([]);
});
