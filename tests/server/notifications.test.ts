// Trip notifications on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): the order and
// approval moves write their outbox rows in their own transaction, the dispatcher turns them into
// the member's messages and SMS, retries with backoff and never sends one twice after a crash,
// and the message centre's routes show a member their own messages only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { setBalance } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { travelClient, DEMO } from "./travel-helpers";
import { trip } from "./approval-kit";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { NOTICE_PATHS } from "../../src/domain/notifications";
import { writeNotice } from "../../server/notifications/outbox";
import { createNoticeDispatcher, RETRY_BACKOFF_MS } from "../../server/notifications/dispatcher";
import type { NoticeChannel, OutgoingNotice } from "../../server/notifications/channels";
import { PermanentSendError } from "../../server/notifications/channels";
import { setNoticeLog } from "../../server/notifications/log";
import { setSmsProvider } from "../../server/services/accounts/sms";

let h: Harness;
let t = NOW;
const ME = "13800000010";
const OTHER = "13800000020";
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => h.db.db;
let keys = 0;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, OTHER]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await db().selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  await givePayPassword(db(), [ids[ME]]);
  await setBalance(db(), ids[ME], "10000.00");
});
afterAll(() => stopTravel(h));
beforeEach(() => {
  t = NOW;
  setClock(() => t);
});

const api = async (who: string, url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token: tokens[who] })).body;
const kinds = async (memberId: number) => (await db().selectFrom("notifications").select("kind").where("memberId", "=", memberId).orderBy("id").execute()).map((r) => r.kind);

async function bookAndPay(who: string): Promise<{ id: number; orderNo: string }> {
  const list = await fullFlights(h.app, (await call(h.app, "/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day(5) })).body.data.list);
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const o = await api(who, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `notice-key-${++keys}`, contactName: "张三", contactMobile: who,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  expect(o.ret, o.msg).toBe(0);
  const trade = await api(who, PAY.create, { orderId: o.data.id, method: "wallet" });
  expect(trade.ret, trade.msg).toBe(0);
  const outTradeNo = trade.data.outTradeNo as string;
  const paid = await api(who, PAY.wallet, { outTradeNo, requestVerify: requestVerify(ids[who], outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay, payPassword: PAY_PASSWORD_MD5 });
  expect(paid.ret, paid.msg).toBe(0);
  return o.data;
}

describe("the outbox", () => {
  it("gets a row with each order move, in the move's transaction: booked (with its deadline), then paid", async () => {
    const before = await kinds(ids[ME]);
    const o = await bookAndPay(ME);
    expect((await kinds(ids[ME])).slice(before.length)).toEqual(["orderAwaitingPayment", "orderPaid"]);
    const rows = await db().selectFrom("notifications").selectAll().where("subjectId", "=", o.id).where("subjectType", "=", "order").orderBy("id").execute();
    expect(JSON.parse(rows[0].params)).toMatchObject({ orderNo: o.orderNo, product: "air", deadline: expect.any(String) });
    expect(JSON.parse(rows[1].params)).toMatchObject({ orderNo: o.orderNo, amountFen: expect.any(Number) });
  });

  it("drops a notification whose params do not read, and the transaction it sits in goes on", async () => {
    const before = await kinds(ids[ME]);
    await db().transaction().execute(async (trx) => {
      expect(await writeNotice(trx, { kind: "orderPaid", to: [ids[ME]], params: { orderNo: "", title: "x", product: "air", amountFen: -1 } as never, subject: null })).toEqual([]);
      await trx.updateTable("members").set({ remark: "still here" }).where("id", "=", ids[ME]).execute();
    });
    expect(await kinds(ids[ME])).toEqual(before);
    expect((await db().selectFrom("members").select("remark").where("id", "=", ids[ME]).executeTakeFirstOrThrow()).remark).toBe("still here");
  });

  it("tells each approver of the step an approval waits at, and the applicant its decision", async () => {
    const c = travelClient(h);
    const member = async (m: string) => (await db().selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
    const applied = await c.as(DEMO.traveller, "/credit/add_apply_note", trip());
    expect(applied.ret, applied.msg).toBe(0);
    const approvalId = applied.data.approval.id as number;
    const waiting = await db().selectFrom("notifications").select(["memberId", "params"]).where("kind", "=", "approvalWaiting").where("subjectId", "=", approvalId).execute();
    expect(waiting.map((w) => w.memberId)).toEqual([await member(DEMO.head)]);
    expect(JSON.parse(waiting[0].params)).toMatchObject({ level: 1, subject: "trip", applicantName: expect.any(String) });
    const decided = await c.as(DEMO.head, "/credit/op_apply_note", { approvalId, action: "reject", level: 1, comment: "预算过高" });
    expect(decided.ret, decided.msg).toBe(0);
    const told = await db().selectFrom("notifications").select(["memberId", "params"]).where("kind", "=", "approvalDecided").where("subjectId", "=", approvalId).execute();
    expect(told.map((w) => w.memberId)).toEqual([await member(DEMO.traveller)]);
    expect(JSON.parse(told[0].params)).toMatchObject({ decision: "rejected" });
    // Dispatched after the decision: the step no longer waits, so its approver is not told it does.
    await h.app.notices.runDue();
    expect(await db().selectFrom("notification_inbox").select("id").where("kind", "=", "approvalWaiting").where("subjectId", "=", approvalId).execute()).toEqual([]);
    expect(await db().selectFrom("notification_inbox").select("id").where("kind", "=", "approvalDecided").where("subjectId", "=", approvalId).execute()).toHaveLength(1);
  });
});

describe("the message centre", () => {
  it("lists a member's own messages newest first, filters by kind and read state, counts unread, marks read", async () => {
    await db().updateTable("notification_inbox").set({ isRead: 1 }).where("memberId", "=", ids[ME]).execute();
    const o = await bookAndPay(ME);
    await h.app.notices.runDue();
    expect((await api(ME, NOTICE_PATHS.unread)).data).toEqual({ count: 2 });
    const page = await api(ME, NOTICE_PATHS.list, { isRead: 0, pageSize: 10 });
    expect(page.ret, page.msg).toBe(0);
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((r: { kind: string }) => r.kind)).toEqual(["orderPaid", "orderAwaitingPayment"]);
    expect(page.data.list[0]).toMatchObject({ subjectType: "order", subjectId: o.id, isRead: 0, params: { orderNo: o.orderNo } });
    const paid = await api(ME, NOTICE_PATHS.list, { kind: "orderPaid" });
    expect(paid.data.list.every((r: { kind: string }) => r.kind === "orderPaid")).toBe(true);
    // Nobody else reads or marks them.
    const id = page.data.list[0].id as number;
    expect((await api(OTHER, NOTICE_PATHS.list)).data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(await api(OTHER, NOTICE_PATHS.read, { id })).toMatchObject({ ret: 404, msg: "未找到该消息" });
    expect((await api(ME, NOTICE_PATHS.unread)).data).toEqual({ count: 2 });
    expect((await api(ME, NOTICE_PATHS.read, { id })).ret).toBe(0);
    expect((await api(ME, NOTICE_PATHS.unread)).data).toEqual({ count: 1 });
    expect((await api(ME, NOTICE_PATHS.readAll)).data).toEqual({ updated: 1 });
    expect((await api(ME, NOTICE_PATHS.unread)).data).toEqual({ count: 0 });
  });

  it("refuses bad filters and ids with a clear message and changes nothing", async () => {
    expect(await api(ME, NOTICE_PATHS.list, { kind: "nope" })).toMatchObject({ ret: 400, msg: "消息类型不正确" });
    expect(await api(ME, NOTICE_PATHS.list, { isRead: 2 })).toMatchObject({ ret: 400, msg: "已读状态只能是 0（未读）或 1（已读）" });
    expect(await api(ME, NOTICE_PATHS.read, { id: "x" })).toMatchObject({ ret: 400, msg: "消息编号不正确" });
    expect((await call(h.app, NOTICE_PATHS.unread, {})).body.ret).toBe(401);
  });
});

/** A remote channel for the tests: sends what it is told, fails while `failures` lasts. */
function fakeChannel(opts: { idempotent?: boolean } = {}) {
  const sent: OutgoingNotice[] = [];
  const ch = {
    failures: [] as Error[],
    sent,
    channel: {
      name: "sms",
      address: async () => "13800000010",
      mask: (a: string) => `${a.slice(0, 3)}****${a.slice(7)}`,
      isLocal: () => false,
      isIdempotent: () => opts.idempotent ?? false,
      async send(_db, n) {
        const f = ch.failures.shift();
        if (f) throw f;
        if (!(opts.idempotent && sent.some((s) => s.key === n.key))) sent.push(n);
      },
    } satisfies NoticeChannel,
  };
  return ch;
}

async function ticketedNotice(): Promise<number> {
  const [id] = await db().transaction().execute((trx) => writeNotice(trx, { kind: "orderTicketed", to: [ids[ME]], params: { orderNo: "F1", title: "北京 → 上海", product: "air" }, subject: { type: "order", id: 1 } }));
  return id;
}
const delivery = (id: number) => db().selectFrom("notification_deliveries").selectAll().where("notificationId", "=", id).where("channel", "=", "sms").executeTakeFirstOrThrow();

describe("the dispatcher", () => {
  it("retries a failing send after 1 min, 5 min, 30 min and 2 h, recording each try, then gives up", async () => {
    await h.app.notices.runDue();
    const fake = fakeChannel();
    const d = createNoticeDispatcher({ db: db(), dialect: h.db.dialect, channels: [fake.channel] });
    const id = await ticketedNotice();
    fake.failures.push(...Array.from({ length: 5 }, (_, i) => new Error(`gateway down ${i + 1}`)));
    expect(await d.runDue()).toMatchObject({ dispatched: 1, retried: 1 });
    for (const wait of RETRY_BACKOFF_MS) {
      t += wait - 1;
      expect(await d.runDue()).toMatchObject({ retried: 0, failed: 0 });
      t += 1;
      await d.runDue();
    }
    expect(await delivery(id)).toMatchObject({ status: "failed", attempts: 5, lastError: "Error: gateway down 5" });
    const tries = await db().selectFrom("notification_attempts").select(["attempt", "outcome"]).where("deliveryId", "=", (await delivery(id)).id).orderBy("id").execute();
    expect(tries).toEqual([1, 2, 3, 4, 5].map((attempt) => ({ attempt, outcome: "error" })));
    expect(fake.sent).toEqual([]);
  });

  it("sends after a failure once the wait is over, and marks a permanent refusal failed at once", async () => {
    const fake = fakeChannel();
    const d = createNoticeDispatcher({ db: db(), dialect: h.db.dialect, channels: [fake.channel] });
    const id = await ticketedNotice();
    fake.failures.push(new Error("timeout"));
    await d.runDue();
    t += RETRY_BACKOFF_MS[0];
    expect(await d.runDue()).toMatchObject({ sent: 1 });
    expect(await delivery(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(fake.sent.map((s) => s.key)).toEqual([`${id}:sms`]);
    const id2 = await ticketedNotice();
    fake.failures.push(new PermanentSendError("number refused"));
    expect(await d.runDue()).toMatchObject({ failed: 1 });
    expect(await delivery(id2)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("sends once when a process dies between claiming a delivery and sending it", async () => {
    const fake = fakeChannel();
    const d = createNoticeDispatcher({ db: db(), dialect: h.db.dialect, channels: [fake.channel], lockMs: 60_000 });
    const id = await ticketedNotice();
    fake.failures.push(new Error("first try fails"));
    await d.runDue();
    t += RETRY_BACKOFF_MS[0];
    // Another process claims it now and dies before sending: its claim holds the row for a minute.
    const row = await delivery(id);
    await db().updateTable("notification_deliveries").set({ lockedBy: "dead-process", lockedUntil: new Date(t + 60_000).toISOString() }).where("id", "=", row.id).execute();
    expect(await d.runDue()).toMatchObject({ sent: 0 });
    expect(fake.sent).toEqual([]);
    t += 60_000;
    expect(await d.runDue()).toMatchObject({ sent: 1 });
    expect(await d.runDue()).toMatchObject({ sent: 0 });
    expect(fake.sent).toHaveLength(1);
    expect(await delivery(id)).toMatchObject({ status: "sent" });
  });

  it("never sends twice when a process dies between sending and recording: uncertain, or resent under the same key where the channel drops repeats", async () => {
    for (const idempotent of [false, true]) {
      const fake = fakeChannel({ idempotent });
      const d = createNoticeDispatcher({ db: db(), dialect: h.db.dialect, channels: [fake.channel], lockMs: 60_000 });
      const id = await ticketedNotice();
      fake.failures.push(new Error("not yet"));
      await d.runDue();
      // A later try's process marks the send, sends, and dies before recording it.
      const row = await delivery(id);
      await db().updateTable("notification_deliveries").set({ status: "sending", attempts: 2, lockedBy: "dead", lockedUntil: new Date(t + 60_000).toISOString() }).where("id", "=", row.id).execute();
      await fake.channel.send(db(), { key: row.idempotencyKey, address: "13800000010", kind: "orderTicketed", params: {} });
      t += RETRY_BACKOFF_MS[0] + 60_000;
      const report = await d.runDue();
      expect(fake.sent, `idempotent ${idempotent}`).toHaveLength(1);
      expect(await delivery(id)).toMatchObject({ status: idempotent ? "sent" : "uncertain" });
      expect(report).toMatchObject(idempotent ? { sent: 1 } : { uncertain: 1 });
    }
  });

  it("keeps phones and emails masked in what it logs and records of a failed send", async () => {
    const lines: string[] = [];
    const log = { warn: (f: object, l: string) => void lines.push(JSON.stringify(f) + l), error: (f: object, l: string) => void lines.push(JSON.stringify(f) + l) };
    setNoticeLog(log);
    setSmsProvider({ name: "log", remote: true, deliver: async (m) => { throw new Error(`gateway refused ${m.mobilePhone} (copy to ops.desk@example.com)`); } });
    try {
      const id = await ticketedNotice();
      await h.app.notices.runDue();
      const row = await delivery(id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "Error: gateway refused 138****0010 (copy to o***@example.com)" });
      expect(lines.join("\n")).toContain("138****0010");
      expect(lines.join("\n")).not.toMatch(/13800000010|ops\.desk/);
      // Drained, so the later tests start with nothing due.
      await db().updateTable("notification_deliveries").set({ status: "failed" }).where("id", "=", row.id).execute();
    } finally {
      setSmsProvider(null);
      setNoticeLog(null);
    }
  });

  it("sends SMS through the SMS provider (the development outbox), out of the codes' view", async () => {
    const id = await ticketedNotice();
    await h.app.notices.runDue();
    expect(await delivery(id)).toMatchObject({ status: "sent", attempts: 1 });
    const sms = await db().selectFrom("sms_outbox").select(["content", "code"]).where("mobilePhone", "=", ME).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(sms).toEqual({ content: "【商旅门户】订单 F1（北京 → 上海）已出票，请按时乘坐，祝您旅途愉快。", code: null });
    const codes = (await h.app.inject({ method: "GET", url: `/api/dev/sms-outbox?mobilePhone=${ME}` })).json().data as { code: string | null }[];
    expect(codes.every((c) => c.code !== null)).toBe(true);
  });
});
