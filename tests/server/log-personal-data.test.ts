// The server's log keeps no personal data (SQLite, or PostgreSQL with DATABASE_URL): a journey
// through the real routes — a sign-in by SMS code, a flight booked for a passenger with an
// identity card, an export fetched with its key, a lookup with a phone and a certificate number
// in its query, a failure that names them — writes phones masked (138****0010), certificate
// numbers masked, and never a session token or an export's key.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startHarness, type Harness } from "./harness";
import { call, downloadExport, freshClient, lastCode } from "./account-helpers";
import { day, NOW, SEED } from "./inventory-helpers";
import { setClock } from "../../server/services/clock";
import { defineExport } from "../../server/exports/tasks";
import { defineRoute } from "../../server/services/http/route";
import { maskPersonal } from "../../server/services/http/log-personal";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import { idCardCheckChar } from "../../src/domain/validators";
import type { FlightItem } from "../../src/domain/travel/types";

let logged = "";
const sink = new Writable({
  write(chunk, _enc, done) {
    logged += chunk.toString();
    done();
  },
});

const PHONE = "13800000010";
const CERT = "11010519491231002" + idCardCheckChar("11010519491231002");

const tinyExport = defineExport({
  url: "/test/journey-excel",
  summary: "test export",
  access: "member",
  input: z.object({}).strict(),
  kind: "test",
  fileName: () => "行程.xlsx",
  sheetName: "行程",
  columns: [{ key: "name", header: "姓名", kind: "text" }],
  count: async () => 1,
  rows: async function* () {
    yield { name: "张三" };
  },
});

// A failure whose message carries personal data, as a driver's error detail can
// ("Key (mobile_phone)=(…) already exists"): the error is logged, the data in it masked.
const failing = defineRoute({
  method: "GET",
  url: "/test/fails-with-details",
  summary: "test: an unexpected error naming a phone and a certificate",
  access: "public",
  input: z.object({}).passthrough(),
  handler: () => {
    throw new Error(`duplicate key (mobile_phone, cert_no)=(${PHONE}, ${CERT})`);
  },
});

let h: Harness;
beforeAll(async () => {
  setClock(() => NOW);
  h = await startHarness({ inventorySeed: SEED, logger: { level: "trace", stream: sink }, routes: [tinyExport, failing] });
  freshClient();
});
afterAll(async () => {
  setClock(null);
  await h?.close();
});

describe("a journey's log", () => {
  it("holds no phone, certificate number, token or export key", async () => {
    // Sign in by phone.
    expect((await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: PHONE })).body.ret).toBe(0);
    const code = await lastCode(h.app, PHONE);
    const signIn = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: PHONE, code });
    expect(signIn.body.ret, signIn.body.msg).toBe(0);
    const token: string = signIn.body.data.token;

    // A flight for a passenger with an identity card.
    const api = async (url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token })).body;
    const list: FlightItem[] = (await api("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day(6) })).data.list;
    const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
    const booked = await api(FLIGHT_ORDER_PATHS.book, {
      fareKey: seat.fareKey, price: seat.salePrice, clientKey: "log-journey-1", contactName: "张三", contactMobile: PHONE,
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": CERT,
    });
    expect(booked.ret, booked.msg).toBe(0);

    // An export fetched with its key.
    let view = (await api("/test/journey-excel")).data;
    for (let i = 0; i < 400 && view.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      view = (await api("/export/status", { taskId: view.taskId })).data;
    }
    expect(view.status).toBe("done");
    expect((await downloadExport(h.app, token, view)).statusCode).toBe(200);
    const { downloadKey } = await h.db.db.selectFrom("export_tasks").select("downloadKey").where("id", "=", view.taskId).executeTakeFirstOrThrow();

    // Personal data in a query string, and in an error's message.
    await h.app.inject({ method: "GET", url: `/api/order/lookup?mobilePhone=${PHONE}&certNo=${CERT}&contact=%2B86${PHONE}` });
    expect((await h.app.inject({ method: "GET", url: `/api/test/fails-with-details?phone=${PHONE}` })).statusCode).toBe(500);

    expect(logged.length).toBeGreaterThan(0);
    for (const secret of [PHONE, CERT, token, downloadKey]) expect(logged).not.toContain(secret);
    // Masked, not dropped: an operator can still tell which phone a line was about.
    expect(logged).toContain("138****0010");
    expect(logged).toContain("duplicate key");
  });
});

describe("the mask", () => {
  it("masks phones and identity cards, and leaves times, amounts and ids alone", () => {
    expect(maskPersonal(`"13800000010" +8613912345678 ${CERT}`)).toBe(`"138****0010" +86139****5678 1101**********002X`);
    const plain = '{"time":1795955770098,"responseTime":8.792240000002494,"orderNo":"F202611300001","amount":1380000001}';
    expect(maskPersonal(plain)).toBe(plain);
  });
});
