// Migration 091 carries existing flight orders over (SQLite, or PostgreSQL with DATABASE_URL): each
// passenger's ticket takes the status its order's implies, a passenger of a changed order points at
// the order's latest confirmed change, and old refunds and changes count as the whole order's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { openSeededTestDb, type SeededDb } from "./harness";
import type { Database } from "../../server/db/schema";
import * as m091 from "../../server/db/migrations/091_passenger_tickets";

let t: SeededDb;
const at = "2026-11-30T02:00:00.000Z";

beforeAll(async () => {
  t = await openSeededTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("migration 091", () => {
  it("gives existing passengers the ticket status of their order, and their latest confirmed change", async () => {
    const db = t.db.db as unknown as Kysely<any>;
    await m091.down(db);
    const member = (await db.selectFrom("members").select("id").orderBy("id").executeTakeFirstOrThrow()).id as number;
    let n = 0;
    const order = async (status: number, product = "air") => {
      n++;
      const row = await db.insertInto("orders").values({
        orderNo: `M091-${n}`, product, memberId: member, companyId: null, bookerMemberId: member, travellerMemberId: null, status,
        ticketFen: 100_000, constructionFeeFen: 5_000, fuelSurchargeFen: 0, serviceFeeFen: 0, insuranceFen: 0, totalFen: 105_000, fareKey: "2026-12-10:CA1501|Y|Y",
        holdId: null, depDate: "2026-12-10", title: "北京 → 上海", snapshot: "{}", contactName: "张三", contactMobile: "13800000010", clientKey: `m091-${n}`,
        expiresAt: null, createTime: at, updateTime: at,
      }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("order_passengers").values({
        orderId: row.id, name: "张三", psgType: "ADT", certType: 1, certNo: "11010519491231002X", tktPriceFen: 100_000, consTaxFen: 5_000, fuelTaxFen: 0, servFeeFen: 0, insuPayPriceFen: 0,
      }).execute();
      return row.id as number;
    };
    const change = async (orderId: number, status: string) =>
      (await db.insertInto("flight_changes").values({
        orderId, fromFareKey: "a", fromHoldId: null, toFareKey: "b", toHoldId: "h", toDepDate: "2026-12-11", snapshot: "{}", quote: "{}", payFen: 0, status, expiresAt: null, createTime: at, updateTime: at,
      }).returning("id").executeTakeFirstOrThrow()).id as number;
    const refund = (orderId: number) =>
      db.insertInto("flight_refunds").values({ orderId, passengers: "[]", feeFen: 0, refundFen: 0, reason: "其他", status: "refunded", toAccount: null, createTime: at, updateTime: at }).execute();

    const ids = {
      unpaid: await order(0), ticketed: await order(2), changed: await order(3), changing: await order(11), requested: await order(9),
      processing: await order(10), ticketRefunded: await order(4), refunded: await order(6), rejected: await order(6), cancelled: await order(12), train: await order(2, "train"),
    };
    await change(ids.changed, "declined");
    const confirmed = await change(ids.changed, "confirmed");
    await change(ids.changed, "declined");
    await refund(ids.refunded);
    await refund(ids.ticketRefunded);

    await m091.up(db);
    const rows = await (t.db.db as Kysely<Database>).selectFrom("order_passengers").select(["orderId", "ticketStatus", "changeId"]).execute();
    const of = (id: number) => rows.find((r) => r.orderId === id);
    expect(Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, of(id)?.ticketStatus]))).toEqual({
      unpaid: "none", ticketed: "ticketed", changed: "changed", changing: "changing", requested: "refunding", processing: "refunding",
      ticketRefunded: "refunded", refunded: "refunded", rejected: "none", cancelled: "none", train: "none",
    });
    expect(of(ids.changed)?.changeId).toBe(confirmed);
    expect(of(ids.ticketed)?.changeId).toBeNull();
    expect((await db.selectFrom("flight_refunds").select("wholeOrder").execute()).map((r) => r.wholeOrder)).toEqual([1, 1]);
    expect((await db.selectFrom("flight_changes").select("wholeOrder").execute()).every((r) => r.wholeOrder === 1)).toBe(true);

  });
});
