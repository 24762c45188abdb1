// The kept order list rows (migration 116) on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): the list replies carry exactly the rows each product's list assembles, a write
// to any table a row is made from empties it, a row made while a write moved its order on is not
// kept, and the migration run again leaves every order's row to be made afresh.
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, freshClient, login } from "./account-helpers";
import type { Database, Member } from "../../server/db/schema";
import { DEMO_COMPANY } from "../../server/db/seed/demo";
import { assembleFlightRows, listFlightOrders } from "../../server/orders/flight/views";
import { orderListRows } from "../../server/orders/order-list";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import * as m116 from "../../server/db/migrations/116_order_list_rows";
import * as m128 from "../../server/db/migrations/128_disruptions";
import * as m139 from "../../server/db/migrations/139_train_run_changes";
import { assembledRows, expectListRowsTrue } from "./list-rows-kit";

let h: Harness;
let db: Kysely<Database>;
let me: Member;
let company = 0;
let seq = 0;
const PHONE = "13800000071";
const PAGE = { pageNum: 1, pageSize: 100, orderType: "desc" as const };

async function addOrder(names: string[]): Promise<number> {
  seq++;
  const at = `2026-03-1${seq % 10}T08:00:00.000Z`;
  const { id } = await db
    .insertInto("orders")
    .values({
      orderNo: `L${String(seq).padStart(12, "0")}`, product: "air", memberId: me.id, companyId: company, bookerMemberId: me.id, travellerMemberId: null, status: 1,
      ticketFen: 50_000, constructionFeeFen: 5_000, fuelSurchargeFen: 2_000, serviceFeeFen: 2_000, insuranceFen: 0, totalFen: 59_000, fareKey: "test", holdId: null,
      depDate: "2026-04-01", title: "北京-上海 CA1501", snapshot: JSON.stringify({ flight: { flightNo: "CA1501", depCityName: "北京", arrCityName: "上海", depTime: "08:00" }, seat: {} }),
      contactName: "测试", contactMobile: "13800000000", clientKey: `list-rows-${seq}`, expiresAt: null, createTime: at, updateTime: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const name of names) {
    await db
      .insertInto("order_passengers")
      .values({ orderId: id, name, psgType: "ADT", certType: 1, certNo: "11010519491231002X", birthday: null, mobile: null, tktPriceFen: 50_000, consTaxFen: 5_000, fuelTaxFen: 2_000, servFeeFen: 2_000, insuType: null, insuPayPriceFen: 0 })
      .execute();
  }
  return id;
}

const keptRow = async (id: number) => (await db.selectFrom("order_list_rows").selectAll().where("orderId", "=", id).executeTakeFirstOrThrow());

beforeAll(async () => {
  h = await startHarness();
  freshClient();
  db = h.db.db;
  me = await db.selectFrom("members").selectAll().where("mobilePhone", "=", PHONE).executeTakeFirstOrThrow();
  company = (await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirstOrThrow()).id;
  for (let i = 0; i < 5; i++) await addOrder(["张三", ...(i % 2 ? ["李四"] : [])]);
}, 60_000);

afterAll(async () => h?.close());

describe("kept order list rows", () => {
  it("the list reply carries the rows the list assembles, kept for the next request", async () => {
    const token = await login(h.app, PHONE);
    const reply = async () => (await call(h.app, FLIGHT_ORDER_PATHS.list, { token, pageNum: 1, pageSize: 100 })).body;
    const first = await reply();
    expect(first.ret).toBe(0);
    const ids = (first.data.list as { id: number }[]).map((r) => r.id);
    expect(first.data.list).toEqual(await assembleFlightRows(db, ids));
    const kept = await db.selectFrom("order_list_rows").select(["orderId", "row"]).where("orderId", "in", ids).execute();
    expect(kept.every((r) => r.row !== null)).toBe(true);
    // Read from the kept rows, the reply is the same.
    expect(await reply()).toEqual(first);
    await expectListRowsTrue(db);
  });

  it("a write to the order or to any table its row is made from empties the row and moves its version on", async () => {
    const id = await addOrder(["王五"]);
    const writes: (() => Promise<unknown>)[] = [
      () => db.updateTable("orders").set({ status: 2 }).where("id", "=", id).execute(),
      () => db.updateTable("order_passengers").set({ ticketStatus: "ticketed" }).where("orderId", "=", id).execute(),
      () => db.insertInto("order_passengers").values({ orderId: id, name: "赵六", psgType: "ADT", certType: 1, certNo: "11010519491231002X", birthday: null, mobile: null, tktPriceFen: 1, consTaxFen: 0, fuelTaxFen: 0, servFeeFen: 0, insuType: null, insuPayPriceFen: 0 }).execute(),
      () => db.deleteFrom("order_passengers").where("orderId", "=", id).where("name", "=", "赵六").execute(),
    ];
    for (const write of writes) {
      await listFlightOrders(db, me, PAGE);
      const before = await keptRow(id);
      expect(before.row).not.toBeNull();
      await write();
      const after = await keptRow(id);
      expect(after.row).toBeNull();
      expect(after.version).toBeGreaterThan(before.version);
      await expectListRowsTrue(db);
    }
    // Each product's own tables empty the rows of their orders too (no such rows here: nothing fails).
    for (const table of m116.LIST_ROW_SOURCES) await db.deleteFrom(table).where("orderId", "=", -1).execute();
    await db.deleteFrom("orders").where("id", "=", id).execute();
    expect(await db.selectFrom("order_list_rows").select("orderId").where("orderId", "=", id).execute()).toEqual([]);
  });

  it("a row made while a write moved its order on is sent but not kept", async () => {
    const id = await addOrder(["孙七"]);
    const listed = await orderListRows(db, me, { product: "air", gp: 0, people: "order_passengers" }, PAGE, async (ids) => {
      const rows = await assembleFlightRows(db, ids);
      // A move committed after the page read the row's version, before the list keeps what it made.
      await db.updateTable("orders").set({ status: 12 }).where("id", "=", id).execute();
      return rows;
    });
    expect(listed.rows.some((r) => (JSON.parse(r) as { id: number }).id === id)).toBe(true);
    expect((await keptRow(id)).row).toBeNull();
    const now = (await listFlightOrders(db, me, PAGE)).list.find((r) => r.id === id);
    expect(now?.status).toBe(12);
    await expectListRowsTrue(db);
  });

  it("run again, the migration gives every order a row to be made afresh, and the lists are the same", async () => {
    const before = await listFlightOrders(db, me, PAGE);
    // The disruptions' triggers (a later migration) call this migration's function on
    // PostgreSQL: they come down first and go back up after it, as a real re-run would, and
    // before them the train runs' changes, whose rows name a disruption.
    await m139.down(db);
    await m128.down(db);
    await m116.down(db);
    await m116.up(db);
    await m128.up(db);
    await m139.up(db);
    const rows = await db.selectFrom("order_list_rows").select(["orderId", "version", "row"]).execute();
    const orders = await db.selectFrom("orders").select("id").execute();
    expect(rows.length).toBe(orders.length);
    expect(rows.every((r) => r.row === null && r.version === 0)).toBe(true);
    expect(await listFlightOrders(db, me, PAGE)).toEqual(before);
    // And the triggers work on after the rebuild.
    await db.updateTable("orders").set({ status: 2 }).where("id", "=", before.list[0].id).execute();
    expect((await keptRow(before.list[0].id)).row).toBeNull();
    expect((await assembledRows(db)).size).toBeGreaterThan(0);
    await expectListRowsTrue(db);
  });
});
