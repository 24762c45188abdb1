// Two apps in one process (SQLite, or PostgreSQL with DATABASE_URL) keep their own clock,
// payment window and SMS provider: requests to both, interleaved, each see only their app's, and
// so do their job runners. The first app is the process's resident (read without being entered,
// as in production, where a process serves one app); the second enters its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, fakeClock, get, realClock } from "./account-helpers";
import { PAYMENT_WINDOW_PATH } from "../../src/domain/orders/payment-window";
import type { SmsMessage, SmsProvider } from "../../server/services/accounts/sms";
import { JobKinds, defineJobKind, enqueueJob } from "../../server/jobs";
import { z } from "zod";
import { now } from "../../server/services/clock";

const T_A = Date.parse("2030-01-01T00:00:00Z");
const T_B = Date.parse("2031-06-01T00:00:00Z");
const PHONE = "13800000010";

const seenA: number[] = [];
const seenB: number[] = [];
const clockKind = (seen: number[]) => defineJobKind({ kind: "test.clock", payload: z.object({}), run: async () => void seen.push(now()) });

const delivered: SmsMessage[] = [];
const recorder: SmsProvider = { name: "log", remote: false, deliver: async (m) => void delivered.push(m) };

let a: Harness;
let b: Harness;
beforeAll(async () => {
  a = await startHarness({ paymentWindowMinutes: 5, smsProvider: recorder, jobKinds: new JobKinds().register(clockKind(seenA)) });
  b = await startHarness({ paymentWindowMinutes: 60, jobKinds: new JobKinds().register(clockKind(seenB)) });
  fakeClock(T_A, a.app);
  fakeClock(T_B, b.app);
});
afterAll(async () => {
  realClock(a?.app);
  realClock(b?.app);
  await a?.close();
  await b?.close();
});

describe("two apps in one process", () => {
  it("each answers with its own payment window", async () => {
    const [wa, wb] = await Promise.all([get(a.app, PAYMENT_WINDOW_PATH), get(b.app, PAYMENT_WINDOW_PATH)]);
    expect(wa.json().data).toEqual({ minutes: 5 });
    expect(wb.json().data).toEqual({ minutes: 60 });
  });

  it("each stamps codes with its own clock and sends them through its own provider", async () => {
    const [ra, rb] = await Promise.all([
      call(a.app, "/common/sendCode", { mobilePhone: PHONE, type: "login" }, "10.200.0.1"),
      call(b.app, "/common/sendCode", { mobilePhone: PHONE, type: "login" }, "10.200.0.2"),
    ]);
    expect(ra.body.ret, ra.body.msg).toBe(0);
    expect(rb.body.ret, rb.body.msg).toBe(0);
    expect(Date.parse(ra.body.data.expiresAt)).toBe(T_A + 5 * 60_000);
    expect(Date.parse(rb.body.data.expiresAt)).toBe(T_B + 5 * 60_000);
    // A's code went to A's provider only; B's to the development outbox of B's database only.
    expect(delivered.map((m) => m.mobilePhone)).toEqual([PHONE]);
    const outbox = async (h: Harness) => (await h.db.db.selectFrom("sms_outbox").select("createTime").execute()).map((r) => Date.parse(r.createTime));
    expect(await outbox(a)).toEqual([]);
    expect(await outbox(b)).toEqual([T_B]);
  });

  it("each app's job runner reads its own clock, and code outside both reads the resident's (the first app, which never enters its instance)", async () => {
    for (const h of [a, b]) {
      await enqueueJob(h.db.db, { kind: "test.clock", runAt: "2000-01-01T00:00:00.000Z", payload: {} });
    }
    await Promise.all([a.app.jobs.runDueJobs(), b.app.jobs.runDueJobs()]);
    expect(seenA).toEqual([T_A]);
    expect(seenB).toEqual([T_B]);
    expect(now()).toBe(T_A);
  });
});
