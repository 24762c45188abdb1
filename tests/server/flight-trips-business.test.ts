// A business (因公) round trip on the demo company (SQLite, or PostgreSQL with DATABASE_URL): the
// travel standard is checked leg by leg (an economy outbound within it, a business-class return
// over it), the check before booking and the order say which leg is over, ONE approval covers the
// order and shows both legs to the approver, and rejecting it releases both flights' seats. The
// enterprise bill and its xlsx name both legs and each traveller once.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { downloadExport, fakeClock, realClock } from "./account-helpers";
import { DEMO, travelClient } from "./travel-helpers";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_ORDER_STATUS as S } from "../../src/domain/orders/flight";
import { billExcelPath, billListPath } from "../../src/domain/bills";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
let c: ReturnType<typeof travelClient>;
const RT = "/api/v1/trip_manager/air_ticket_domestic_flight/list_rt";
const INBOX = "/credit/get_approve_apply_note";
const ADULT = { name: "黄磊", certType: 1, certNo: "11010519491231002X" };

beforeAll(async () => {
  h = await startTravel();
  fakeClock(NOW);
  c = travelClient(h);
});
afterAll(async () => {
  realClock();
  await stopTravel(h);
});

const db = () => h.db.db;
const open = (list: FlightItem[], cabin: "Y" | "C") =>
  list.flatMap((flight) => flight.seats.filter((s) => s.cabinClass === cabin && s.seatsLeft > 2).map((seat) => ({ flight, seat })))
    .sort((a, b) => a.seat.salePrice - b.seat.salePrice)[0];
const remaining = async (flightKey: string, column: "yRemaining" | "cRemaining") =>
  (await db().selectFrom("air_flights").select(column).where("flightKey", "=", flightKey).executeTakeFirstOrThrow())[column] as number;

let keys = 0;
const form = (go: FlightSeat, back: FlightSeat, extra: Record<string, unknown> = {}) => ({
  fareKey: go.fareKey, nextFareKey: back.fareKey, price: go.salePrice + back.salePrice, clientKey: `rt-biz-${++keys}`,
  contactName: "黄磊", contactMobile: DEMO.traveller, passengers: [ADULT], travelType: "business", ...extra,
});

async function legs(out: number, back: number) {
  const r = await c.as(null, RT, { depCity: "BJS", arrCity: "SHA", depDate: day(out), retDate: day(back) });
  expect(r.ret, r.msg).toBe(0);
  return { go: open(r.data.outbound.list, "Y"), back: open(r.data.inbound.list, "C") };
}

describe("a business round trip", () => {
  it("is checked leg by leg, waits for one approval showing both legs, and a rejection releases both flights", async () => {
    const { go, back } = await legs(7, 9);
    const check = (await c.as(DEMO.traveller, P.businessCheck, { fareKey: go.seat.fareKey, nextFareKey: back.seat.fareKey })).data;
    expect(check).toMatchObject({ over: true, needApproval: true });
    expect(check.verdictText).toMatch(/^去程：符合差旅标准；返程：/);
    expect(check.reasons.every((r: string) => r.startsWith("返程："))).toBe(true);

    const [goBefore, backBefore] = [await remaining(go.flight.flightKey, "yRemaining"), await remaining(back.flight.flightKey, "cRemaining")];
    const r = await c.as(DEMO.traveller, P.book, form(go.seat, back.seat, { overReason: "航班时刻原因" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(S.approving);
    const row = await db().selectFrom("orders").selectAll().where("id", "=", r.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ overStandard: 1, overReasons: "航班时刻原因", title: `北京-上海-北京 ${go.flight.flightNo}/${back.flight.flightNo}` });
    expect(row.standardVerdict).toMatch(/^去程：符合差旅标准；返程：/);
    expect([await remaining(go.flight.flightKey, "yRemaining"), await remaining(back.flight.flightKey, "cRemaining")]).toEqual([goBefore - 1, backBefore - 1]);

    // One approval for the order, with both legs.
    expect(await db().selectFrom("approvals").select("id").where("subjectType", "=", "order").where("subjectId", "=", r.data.id).execute()).toHaveLength(1);
    const inbox = (await c.as(DEMO.head, INBOX, { subjectType: "order" })).data.list;
    expect(inbox.find((x: { id: number }) => x.id === row.approvalId)).toMatchObject({
      title: `机票订单 · 北京 → 上海 → 北京 · ${go.flight.flightNo}/${back.flight.flightNo}`, amountFen: r.data.payprice, withinStandard: false,
    });
    const detail = (await c.as(DEMO.head, "/credit/approval/detail", { id: row.approvalId })).data;
    expect(detail.order.flight.legs.map((l: { flightNo: string; cabinClassName: string }) => l.flightNo)).toEqual([go.flight.flightNo, back.flight.flightNo]);
    expect(detail.order.passengers).toHaveLength(1);

    // The bill names both legs and the traveller once (asked for by its status: an order not yet paid is not billed by default).
    const bill = (await c.as(DEMO.admin, billListPath("enterpriseBill"), { pageSize: 100, status: S.approving })).data.list as { orderNo: string; title: string; passengerNames: string }[];
    expect(bill.find((b) => b.orderNo === r.data.orderNo)).toMatchObject({ title: row.title, passengerNames: "黄磊" });
    const start = await c.as(DEMO.admin, billExcelPath("enterpriseBill"), { status: S.approving });
    expect(start.ret, start.msg).toBe(0);
    let view = start.data;
    for (let i = 0; i < 2000 && view.status === "running"; i++) {
      await new Promise((done) => setTimeout(done, 25));
      view = (await c.as(DEMO.admin, "/export/status", { taskId: start.data.taskId })).data;
    }
    const file = await downloadExport(h.app, await c.tokenOf(DEMO.admin), view);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0].eachRow((r2) => cells.push(JSON.stringify(r2.values)));
    expect(cells.find((x) => x.includes(r.data.orderNo))).toContain(row.title);

    expect((await c.as(DEMO.head, "/credit/op_apply_note", { approvalId: row.approvalId, action: "reject", comment: "请改订经济舱" })).data.status).toBe("rejected");
    expect((await db().selectFrom("orders").select("status").where("id", "=", r.data.id).executeTakeFirstOrThrow()).status).toBe(S.cancelled);
    expect([await remaining(go.flight.flightKey, "yRemaining"), await remaining(back.flight.flightKey, "cRemaining")]).toEqual([goBefore, backBefore]);
  });
});
