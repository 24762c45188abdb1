// npm run bench:notify — 10,000 notification events through the real dispatcher on a fresh
// SQLite file database: each event (an approval decided, for one of 100 company members who chose
// email) becomes an email to an SMTP server in this process and a post to the company's group
// robot at a local HTTP receiver. Events are written at a steady pace (BENCH_RATE a second,
// default 1,000) while the dispatcher runs. Prints messages delivered a second, the p50/p95 delay
// from an event's commit to its arrival, and the process's peak RSS. Bounded: gives up after
// BENCH_LIMIT_S (default 300) seconds.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { writeNotice } from "../server/notifications/outbox";
import { createNoticeDispatcher } from "../server/notifications/dispatcher";
import { createEmailChannel } from "../server/notifications/email";
import { createRobotChannel } from "../server/notifications/robots";
import { percentile } from "./client";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_S ?? 300) * 1000;
const MEMBERS = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-notify-"));
const database = await openDb({ dataDir });
const db = database.db;
await migrateToLatest(db);

const written = new Map<number, number>(); // notification id → commit time
const arrived = new Map<string, number>(); // "<id>:email" | "<event no>:robot" → arrival time
const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
  onData(stream, _session, done) {
    let head = "";
    stream.on("data", (b: Buffer) => {
      if (head.length < 4000) head += b.toString("utf8");
    });
    stream.on("end", () => {
      const key = /Message-ID: <(\d+):email@/i.exec(head)?.[1];
      if (key) arrived.set(`${key}:email`, performance.now());
      done();
    });
  },
});
await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", ok));
const receiver = http.createServer((req, res) => {
  let text = "";
  req.on("data", (b) => (text += b));
  req.on("end", () => {
    const no = /审批单 (\d+)/.exec(text)?.[1];
    if (no) arrived.set(`${no}:robot`, performance.now());
    res.setHeader("content-type", "application/json");
    res.end('{"errcode":0}');
  });
});
await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));

const at = new Date().toISOString();
const company = await db.insertInto("companies").values({ name: "压测企业", adminMemberId: null, createTime: at }).returning("id").executeTakeFirstOrThrow();
const members = await db
  .insertInto("members")
  .values(Array.from({ length: MEMBERS }, (_, i) => ({ memberType: "70", creditMemberId: company.id, mobilePhone: `139${String(i).padStart(8, "0")}`, email: `m${i}@bench.test`, createTime: at, updateTime: at })))
  .returning("id")
  .execute();
await db.insertInto("company_notice_settings").values({ companyId: company.id, channels: JSON.stringify({ approval: ["email"] }), robotGroups: JSON.stringify(["approval"]), updateTime: at }).execute();
await db.insertInto("company_robots").values({ companyId: company.id, platform: "wecom", name: "压测群", url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/send?key=bench`, secret: null, createTime: at, updateTime: at }).execute();

const email = createEmailChannel({ host: "127.0.0.1", port: (smtp.server.address() as AddressInfo).port, secure: false, user: null, password: null, from: "bench@portal.test" });
const dispatcher = createNoticeDispatcher({ db, dialect: database.dialect, channels: [email, createRobotChannel()], pollMs: 10, batchSize: 100 });
const eventOf = new Map<number, number>(); // notification id → event no
const robotWritten = new Map<number, number>(); // event no → commit time

const started = performance.now();
dispatcher.start();
const CHUNK = 50;
for (let no = 0; no < EVENTS; no += CHUNK) {
  const due = started + (no / RATE) * 1000;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
  const ids = await db.transaction().execute(async (trx) => {
    const out: number[] = [];
    for (let k = no; k < Math.min(no + CHUNK, EVENTS); k++) {
      const [id] = await writeNotice(trx, { kind: "approvalDecided", to: [members[k % MEMBERS].id], subject: { type: "approval", id: k + 1 }, params: { title: `审批单 ${k}`, decision: "approved", subject: "trip" } });
      out.push(id);
      eventOf.set(id, k);
    }
    return out;
  });
  const committed = performance.now();
  for (const id of ids) {
    written.set(id, committed);
    robotWritten.set(eventOf.get(id)!, committed);
  }
}
const expected = EVENTS * 2;
while (arrived.size < expected && performance.now() - started < LIMIT_MS) await new Promise((ok) => setTimeout(ok, 50));
const elapsed = (performance.now() - started) / 1000;
await dispatcher.stop();
email.close();

const delays: number[] = [];
for (const [id, t0] of written) {
  const e = arrived.get(`${id}:email`);
  if (e !== undefined) delays.push(e - t0);
}
for (const [no, t0] of robotWritten) {
  const r = arrived.get(`${no}:robot`);
  if (r !== undefined) delays.push(r - t0);
}
delays.sort((a, b) => a - b);
const failed = await db.selectFrom("notification_deliveries").select((eb) => eb.fn.countAll().as("n")).where("status", "not in", ["sent"]).executeTakeFirst();
console.log(`events ${EVENTS} written at ${RATE}/s; messages delivered ${arrived.size} of ${expected} (emails and robot posts) in ${elapsed.toFixed(1)} s`);
console.log(`throughput ${(arrived.size / elapsed).toFixed(0)} messages/s`);
console.log(`delay event→delivery p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, max ${(delays.at(-1) ?? 0).toFixed(0)} ms`);
console.log(`deliveries not sent: ${Number(failed?.n ?? 0)}`);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await new Promise((ok) => smtp.close(() => ok(null)));
await new Promise((ok) => receiver.close(() => ok(null)));
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(arrived.size === expected ? 0 : 1);
