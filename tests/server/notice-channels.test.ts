// Notification channels end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL):
// email to a real SMTP server in this process, company group robots to a local HTTP receiver
// (their signatures checked), each member's and company's channel choices, SMS quiet hours,
// a crash between claim and send, and the account events (a sign-in from a new device).
import http from "node:http";
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { NOW, startTravel, stopTravel } from "./inventory-helpers";
import { freshClient } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { travelClient, DEMO } from "./travel-helpers";
import { trip } from "./approval-kit";
import { writeNotice } from "../../server/notifications/outbox";
import { createNoticeDispatcher, type NoticeDispatcher } from "../../server/notifications/dispatcher";
import { smsChannel } from "../../server/notifications/channels";
import { createEmailChannel, readSmtp } from "../../server/notifications/email";
import { createRobotChannel } from "../../server/notifications/robots";
import { NOTICE_PREFERENCE_PATHS as PP } from "../../src/domain/notice-preferences";
import type { NoticeKind, NoticeParams } from "../../src/domain/notifications";

let h: Harness;
let t = NOW;
const db = () => h.db.db;
const mails: { to: string[]; raw: string }[] = [];
const posts: { url: string; body: Record<string, unknown> }[] = [];
let smtp: SMTPServer;
let receiver: http.Server;
let hook = "";
let email: ReturnType<typeof createEmailChannel>;
let d: NoticeDispatcher;
const c = () => travelClient(h);
const memberId = async (m: string) => (await db().selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
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
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", ok));
  receiver = http.createServer((req, res) => {
    let text = "";
    req.on("data", (b) => (text += b));
    req.on("end", () => {
      posts.push({ url: req.url ?? "", body: JSON.parse(text) as Record<string, unknown> });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ errcode: 0, code: 0 }));
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const port = (smtp.server.address() as AddressInfo).port;
  email = createEmailChannel(readSmtp({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port), SMTP_FROM: "notice@portal.test" })!);
  d = createNoticeDispatcher({ db: db(), dialect: h.db.dialect, channels: [smsChannel, email, createRobotChannel()], lockMs: 60_000 });
  // Whatever the seed wrote is told before these tests start.
  await d.runDue();
});
afterAll(async () => {
  email.close();
  await new Promise((ok) => smtp.close(() => ok(null)));
  await new Promise((ok) => receiver.close(() => ok(null)));
  await stopTravel(h);
});
beforeEach(() => {
  t = NOW;
  setClock(() => t);
  mails.length = 0;
  posts.length = 0;
});

const notice = <K extends NoticeKind>(kind: K, to: number, params: NoticeParams<K>, subject: { type: "order" | "approval"; id: number } | null = { type: "order", id: 1 }) =>
  db().transaction().execute((trx) => writeNotice(trx, { kind, to: [to], params, subject }));
const deliveries = async (id: number) =>
  Object.fromEntries((await db().selectFrom("notification_deliveries").select(["channel", "status", "nextAt"]).where("notificationId", "=", id).execute()).map((r) => [r.channel, r]));
/** The decoded subject and text parts of a raw message (nodemailer writes base64 bodies and B- or Q-encoded words). */
function readMail(raw: string) {
  const [head] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subjectLine = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "";
  const subject = subjectLine.replace(/=\?UTF-8\?([BQ])\?(.*?)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
  );
  const parts = [...raw.matchAll(/Content-Type: (text\/(?:plain|html))[^\n]*\r?\nContent-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => ({ type: m[1], text: Buffer.from(m[2].replace(/\s/g, ""), "base64").toString("utf8") }));
  return { subject, parts, messageId: /^Message-ID: (.*)$/im.exec(unfolded)?.[1] ?? "" };
}

describe("email", () => {
  it("goes to the member's address in their language, with HTML and text bodies, once", async () => {
    const me = await memberId(DEMO.individual);
    await db().updateTable("members").set({ email: "li.ming@example.com" }).where("id", "=", me).execute();
    const zh = await notice("orderTicketed", me, { orderNo: "F100", title: "北京 → 上海", product: "air", tickets: [{ name: "李明", ticketNo: "999-1234567890", seat: null }], terminal: "T3" });
    await d.runDue();
    expect(await deliveries(zh[0])).toMatchObject({ portal: { status: "sent" }, sms: { status: "sent" }, email: { status: "sent" } });
    expect(mails).toHaveLength(1);
    const m = readMail(mails[0].raw);
    expect(mails[0].to).toEqual(["li.ming@example.com"]);
    expect(m.subject).toBe("【商旅门户】已出票");
    expect(m.messageId).toBe(`<${zh[0]}_email@notice.portal>`.replace("_", ":"));
    expect(m.parts.map((p) => p.type)).toEqual(["text/plain", "text/html"]);
    expect(m.parts[0].text).toContain("订单 F100（北京 → 上海）已出票（李明 999-1234567890，T3 航站楼）");
    expect(m.parts[1].text).toContain("<h2>已出票</h2>");

    const saved = await c().as(DEMO.individual, PP.saveMine, { lang: "en", order: ["email"], approval: ["sms", "email"], account: ["sms"], disruption: ["sms"], settlement: [] });
    expect(saved.ret, saved.msg).toBe(0);
    mails.length = 0;
    await notice("orderPaid", me, { orderNo: "F101", title: "Beijing → Shanghai", product: "air", amountFen: 123456 });
    await d.runDue();
    await d.runDue();
    expect(mails).toHaveLength(1);
    const en = readMail(mails[0].raw);
    expect(en.subject).toBe("【Travel Portal】Paid");
    expect(en.parts[0].text).toContain("Order F101 (Beijing → Shanghai) is paid: ¥1,234.56.");
  });

  it("refuses a half-configured SMTP at start-up", () => {
    expect(() => readSmtp({ SMTP_HOST: "mail.example.com" })).toThrow("缺少 SMTP_FROM");
    expect(() => readSmtp({ SMTP_HOST: "mail.example.com", SMTP_FROM: "a@b.c", SMTP_USER: "u" })).toThrow("SMTP_USER 与 SMTP_PASSWORD 须同时设置");
    expect(() => readSmtp({ SMTP_HOST: "mail.example.com", SMTP_FROM: "a@b.c", SMTP_SECURE: "yes" })).toThrow("SMTP_SECURE");
    expect(readSmtp({})).toBeNull();
    expect(readSmtp({ SMTP_HOST: "mail.example.com", SMTP_FROM: "a@b.c", SMTP_SECURE: "1", SMTP_USER: "u", SMTP_PASSWORD: "p" })).toMatchObject({ port: 465, secure: true, user: "u" });
  });

  it("sends once when a process dies between claiming a delivery and sending it", async () => {
    const me = await memberId(DEMO.individual);
    // A process claimed the outbox row and died: the row waits for its claim to lapse.
    const [id2] = await notice("orderReleased", me, { orderNo: "F103", title: "北京 → 上海", product: "air" });
    await db().updateTable("notifications").set({ lockedBy: "dead", lockedUntil: new Date(t + 60_000).toISOString() }).where("id", "=", id2).execute();
    await d.runDue();
    expect(mails).toHaveLength(0);
    t += 60_000;
    await d.runDue();
    await d.runDue();
    expect(mails.filter((m) => readMail(m.raw).parts[0].text.includes("F103"))).toHaveLength(1);
    // A process claimed the email delivery and died before sending: it goes out once after the claim lapses.
    const email2 = await db().selectFrom("notification_deliveries").selectAll().where("notificationId", "=", id2).where("channel", "=", "email").executeTakeFirstOrThrow();
    await db().updateTable("notification_deliveries").set({ status: "pending", lockedBy: "dead", lockedUntil: new Date(t + 60_000).toISOString(), nextAt: new Date(t).toISOString() }).where("id", "=", email2.id).execute();
    mails.length = 0;
    await d.runDue();
    expect(mails).toHaveLength(0);
    t += 60_000;
    await d.runDue();
    expect(mails).toHaveLength(1);
    await d.runDue();
    expect(mails).toHaveLength(1);
  });
});

describe("preferences and quiet hours", () => {
  it("a member's choice for a group wins over the company's default, which wins over the built-in one", async () => {
    const traveller = await memberId(DEMO.traveller);
    const before = await notice("orderTicketed", traveller, { orderNo: "F200", title: "北京 → 上海", product: "air" });
    await d.runDue();
    expect(Object.keys(await deliveries(before[0])).sort()).toEqual(["portal", "sms"]);
    const set = await c().as(DEMO.admin, PP.saveCompany, { order: [], approval: ["sms"], account: ["sms"], disruption: ["sms"], settlement: ["email"], robotGroups: ["approval"] });
    expect(set.ret, set.msg).toBe(0);
    const quiet = await notice("orderTicketed", traveller, { orderNo: "F201", title: "北京 → 上海", product: "air" });
    await d.runDue();
    expect(Object.keys(await deliveries(quiet[0]))).toEqual(["portal"]);
    expect((await c().as(DEMO.traveller, PP.mine)).data).toMatchObject({ lang: "zh", order: [], approval: ["sms"] });
    expect((await c().as(DEMO.traveller, PP.saveMine, { lang: "zh", order: ["sms"] })).ret).toBe(0);
    const mine = await notice("orderTicketed", traveller, { orderNo: "F202", title: "北京 → 上海", product: "air" });
    await d.runDue();
    expect(Object.keys(await deliveries(mine[0])).sort()).toEqual(["portal", "sms"]);
  });

  it("refuses bad choices with a clear message and keeps what was saved", async () => {
    const bad = await c().as(DEMO.traveller, PP.saveMine, { lang: "fr", order: ["sms"] });
    expect(bad).toMatchObject({ ret: 400, msg: "语言只能是中文或英文" });
    expect((await c().as(DEMO.traveller, PP.saveMine, { lang: "zh", order: ["pigeon"] })).msg).toBe("通知渠道只能是短信或邮件");
    expect((await c().as(DEMO.traveller, PP.saveCompany, { robotGroups: ["approval"] })).ret).not.toBe(0);
    expect((await c().as(DEMO.admin, PP.saveCompany, { robotGroups: ["order"] })).msg).toBe("群机器人只能推送审批和行程变动");
    expect((await c().as(DEMO.traveller, PP.mine)).data).toMatchObject({ order: ["sms"] });
  });

  it("holds SMS from 22:00 to 08:00 China time, except a disruption departing within 24 hours", async () => {
    const me = await memberId(DEMO.individual);
    t = Date.UTC(2026, 10, 30, 15, 30); // 23:30 in China
    const [held] = await notice("withdrawalPaid", me, { withdrawNo: "W1", amountFen: 10000, cardTail: "1234" }, null);
    const [soon] = await notice("scheduleChanged", me, { orderNo: "F300", title: "北京 → 上海", product: "air", departAt: new Date(t + 5 * 3_600_000).toISOString(), change: "航班延误至 09:40" });
    const [later] = await notice("scheduleChanged", me, { orderNo: "F301", title: "北京 → 上海", product: "air", departAt: new Date(t + 30 * 3_600_000).toISOString(), change: "航班取消" });
    await d.runDue();
    const morning = new Date(Date.UTC(2026, 11, 1, 0, 0)).toISOString(); // 08:00 in China
    expect((await deliveries(held)).sms).toMatchObject({ status: "pending", nextAt: morning });
    expect((await deliveries(soon)).sms).toMatchObject({ status: "sent" });
    expect((await deliveries(later)).sms).toMatchObject({ status: "pending", nextAt: morning });
    t = Date.UTC(2026, 10, 30, 23, 59);
    await d.runDue();
    expect((await deliveries(held)).sms.status).toBe("pending");
    t = Date.UTC(2026, 11, 1, 0, 0);
    await d.runDue();
    expect((await deliveries(held)).sms.status).toBe("sent");
    expect((await deliveries(later)).sms.status).toBe("sent");
  });
});

describe("company group robots", () => {
  it("post an approval waiting once per robot, signed as 钉钉 and 飞书 ask, to the robots the administrator configured", async () => {
    const add = (body: Record<string, unknown>) => c().as(DEMO.admin, `${PP.robots}/add`, body);
    expect((await add({ platform: "wecom", name: "企微群", url: `${hook}/wecom?key=abcdef123456`, secret: "x" })).msg).toBe("企业微信机器人没有签名密钥");
    expect((await add({ platform: "dingtalk", name: "钉钉群", url: "ftp://x/y" })).msg).toBe("Webhook 地址须以 http:// 或 https:// 开头");
    for (const r of [
      { platform: "wecom", name: "企微群", url: `${hook}/wecom?key=abcdef123456` },
      { platform: "dingtalk", name: "钉钉群", url: `${hook}/dingtalk?access_token=tok123456`, secret: "SECdingtalk" },
      { platform: "feishu", name: "飞书群", url: `${hook}/feishu/hook/abc123456`, secret: "feishu-secret" },
    ]) expect((await add(r)).ret).toBe(0);
    const list = await c().as(DEMO.admin, `${PP.robots}/list`);
    expect(list.data.list.map((r: { hasSecret: boolean }) => r.hasSecret)).toEqual([false, true, true]);
    expect(JSON.stringify(list.data)).not.toMatch(/SECdingtalk|feishu-secret|abcdef123456/);
    expect((await c().as(DEMO.traveller, `${PP.robots}/list`)).ret).not.toBe(0);

    const applied = await c().as(DEMO.traveller, "/credit/add_apply_note", trip());
    expect(applied.ret, applied.msg).toBe(0);
    await d.runDue();
    await d.runDue();
    expect(posts.map((p) => p.url.split("?")[0].split("/")[1]).sort()).toEqual(["dingtalk", "feishu", "wecom"]);
    const ding = posts.find((p) => p.url.startsWith("/dingtalk"))!;
    const q = new URL(`http://x${ding.url}`).searchParams;
    expect(q.get("access_token")).toBe("tok123456");
    expect(q.get("sign")).toBe(crypto.createHmac("sha256", "SECdingtalk").update(`${q.get("timestamp")}\nSECdingtalk`).digest("base64"));
    expect(ding.url).toContain(`sign=${encodeURIComponent(q.get("sign")!)}`);
    expect(ding.body).toMatchObject({ msgtype: "text", text: { content: expect.stringContaining("待您审批") } });
    const fs = posts.find((p) => p.url.startsWith("/feishu"))!;
    expect(fs.body).toMatchObject({ msg_type: "text", content: { text: expect.stringContaining("待您审批") } });
    expect(fs.body.sign).toBe(crypto.createHmac("sha256", `${fs.body.timestamp as string}\nfeishu-secret`).update("").digest("base64"));
    expect(posts.find((p) => p.url.startsWith("/wecom"))!.body).toMatchObject({ msgtype: "text", text: { content: expect.stringContaining("待您审批") } });
    // Order events are not the robots' business: the company chose approvals only.
    posts.length = 0;
    await notice("orderTicketed", await memberId(DEMO.traveller), { orderNo: "F400", title: "北京 → 上海", product: "air" });
    await d.runDue();
    expect(posts).toEqual([]);
  });
});

describe("account events", () => {
  it("tells a member of a sign-in from a device they never used, not of their usual one", async () => {
    const me = await memberId(DEMO.staff);
    const signIn = (ua: string) =>
      h.app.inject({ method: "POST", url: "/api/login/appNewLogin", headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": ua }, payload: `mobilePhone=${DEMO.staff}&loginPsw=${crypto.createHash("md5").update("demo123456").digest("hex")}&accCode=-9990` });
    const told = async () => (await db().selectFrom("notifications").select("params").where("memberId", "=", me).where("kind", "=", "newDeviceSignIn").execute()).length;
    const before = await told();
    expect((await signIn("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120")).json().ret).toBe(0);
    expect((await signIn("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120")).json().ret).toBe(0);
    const first = await told();
    expect((await signIn("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile")).json().ret).toBe(0);
    expect(await told()).toBe(first + 1);
    expect(first - before).toBeLessThanOrEqual(1);
    const last = await db().selectFrom("notifications").select("params").where("memberId", "=", me).where("kind", "=", "newDeviceSignIn").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(last.params)).toMatchObject({ device: "iPhone; CPU iPhone OS 17_0 like Mac OS X" });
  });
});
