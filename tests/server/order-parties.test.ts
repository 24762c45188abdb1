// The order lists read through order_parties (migration 108) on a fresh database (SQLite, or
// PostgreSQL with DATABASE_URL): orders written straight into the tables with every kind of party
// (the member, a booker for someone else, a traveller, a company and its administrator, orders of
// no company and of another company), then re-assigned, moved between statuses and deleted. After
// every change each member's list, with every filter, must hold exactly the orders the visibility
// rule (visibleTo, read straight from orders) gives, in order, with the same total; the counts
// must equal a recount. And each list's queries must read through indexes, never a scan of the
// orders or of the party rows.
import { CompiledQuery, sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import type { Database, Member } from "../../server/db/schema";
import { DEMO_COMPANY } from "../../server/db/seed/demo";
import { listFlightOrders, visibleTo, type FlightListFilter } from "../../server/orders/flight/views";
import { listHotelOrders } from "../../server/orders/hotel/views";
import { listTrainOrders } from "../../server/orders/train/views";
import { orderListQueries, type OrderListScope } from "../../server/orders/order-list";
import { chinaDayAfter, chinaDayStart, type ListFilter } from "../../server/orders/list-filter";

let h: Harness;
let db: Kysely<Database>;
let company = 0;
let OTHER_COMPANY = 0;
/** admin: the company's administrator; a, b, c: its staff; d: a member of no company. */
const m: Record<"admin" | "a" | "b" | "c" | "d", Member> = {} as never;
let seq = 0;

async function addOrder(o: { member: Member; booker?: Member; traveller?: Member | null; companyId?: number | null; status?: number; gp?: 0 | 1; product?: string; day?: string; passenger?: string }) {
  seq++;
  const at = `${o.day ?? "2026-03-10"}T0${seq % 10}:00:00.000Z`;
  const row = await db
    .insertInto("orders")
    .values({
      orderNo: `T${String(seq).padStart(12, "0")}`, product: o.product ?? "air", memberId: o.member.id, companyId: o.companyId ?? null, bookerMemberId: (o.booker ?? o.member).id,
      travellerMemberId: o.traveller?.id ?? null, status: o.status ?? 1, ticketFen: 50_000, constructionFeeFen: 5_000, fuelSurchargeFen: 2_000, serviceFeeFen: 2_000, insuranceFen: 0,
      totalFen: 59_000, fareKey: "test", holdId: null, depDate: "2026-04-01", title: "北京-上海", gp: o.gp ?? 0,
      snapshot: JSON.stringify({ flight: { flightNo: "CA1501", depCityName: "北京", arrCityName: "上海", depTime: "08:00" }, seat: {} }),
      contactName: "测试", contactMobile: "13800000000", clientKey: `parties-${seq}`, expiresAt: null, createTime: at, updateTime: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_passengers")
    .values({ orderId: row.id, name: o.passenger ?? "张三", psgType: "ADT", certType: 1, certNo: "11010519491231002X", birthday: null, mobile: null, tktPriceFen: 50_000, consTaxFen: 5_000, fuelTaxFen: 2_000, servFeeFen: 2_000, insuType: null, insuPayPriceFen: 0 })
    .execute();
  return row.id;
}

const PAGE: FlightListFilter = { pageNum: 1, pageSize: 100, orderType: "desc" };

/** What a list must show: the rule read straight from orders, with the same filters. */
async function expected(member: Member, f: FlightListFilter): Promise<number[]> {
  let q = visibleTo(db.selectFrom("orders").select("orders.id").where("orders.product", "=", "air").where("orders.gp", "=", f.gpFlag ? 1 : 0), member);
  if (f.status !== undefined) q = q.where("orders.status", "=", f.status);
  if (f.orderNo) q = q.where("orders.orderNo", "=", f.orderNo);
  if (f.createDateStart) q = q.where("orders.createTime", ">=", chinaDayStart(f.createDateStart));
  if (f.createDateEnd) q = q.where("orders.createTime", "<", chinaDayAfter(f.createDateEnd));
  const pattern = f.travellerName;
  if (pattern) q = q.where((eb) => eb.exists(eb.selectFrom("order_passengers as x").select("x.id").whereRef("x.orderId", "=", "orders.id").where("x.name", "like", `%${pattern}%`)));
  const rows = await q.orderBy("orders.id", f.orderType).execute();
  return rows.map((r) => r.id);
}

/** Every member's list, under each filter, against the rule; pages of 2 put back together too. */
async function expectListsMatch() {
  const orderNo = (await db.selectFrom("orders").select("orderNo").orderBy("id").executeTakeFirstOrThrow()).orderNo;
  const filters: FlightListFilter[] = [
    PAGE, { ...PAGE, orderType: "asc" }, { ...PAGE, gpFlag: true }, { ...PAGE, status: 2 }, { ...PAGE, orderNo }, { ...PAGE, travellerName: "李" },
    { ...PAGE, createDateStart: "2026-03-11", createDateEnd: "2026-03-12" }, { ...PAGE, status: 1, createDateStart: "2026-03-10" },
  ];
  for (const member of Object.values(m)) {
    for (const f of filters) {
      const want = await expected(member, f);
      const got = await listFlightOrders(db, member, f);
      expect({ who: member.realName, f, ids: got.list.map((r) => r.id), total: got.total }).toEqual({ who: member.realName, f, ids: want, total: want.length });
    }
    const pages = [];
    for (let pageNum = 1; pageNum <= 4; pageNum++) pages.push(...(await listFlightOrders(db, member, { ...PAGE, pageSize: 2, pageNum })).list.map((r) => r.id));
    expect(pages).toEqual((await expected(member, PAGE)).slice(0, 8));
  }
  // The maintained counts are what the party rows say, and the party rows what the orders say.
  const counts = await db.selectFrom("order_party_counts").select(["partyKind", "partyId", "product", "gp", "status", "n"]).where("n", "<>", 0).execute();
  const recount = await db
    .selectFrom("order_parties")
    .select(["partyKind", "partyId", "product", "gp", "status", (eb) => eb.fn.countAll().as("n")])
    .groupBy(["partyKind", "partyId", "product", "gp", "status"])
    .execute();
  const key = (r: { partyKind: number; partyId: number; product: string; gp: number; status: number; n: unknown }) => `${r.partyKind}/${r.partyId}/${r.product}/${r.gp}/${r.status}=${Number(r.n)}`;
  expect(counts.map(key).sort()).toEqual(recount.map(key).sort());
}

beforeAll(async () => {
  h = await startHarness();
  db = h.db.db;
  company = (await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirstOrThrow()).id;
  const phones = { admin: "13800000070", a: "13800000071", b: "13800000072", c: "13800000073", d: "13800000010" } as const;
  for (const [k, phone] of Object.entries(phones)) m[k as keyof typeof m] = await db.selectFrom("members").selectAll().where("mobilePhone", "=", phone).executeTakeFirstOrThrow();
  OTHER_COMPANY = (await db.insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: m.d.id, dometicketServerFeeFen: 2000, createTime: "2026-01-01T00:00:00.000Z" }).returning("id").executeTakeFirstOrThrow()).id;
  // Seeded demo orders may exist: the checks below compare with the rule whatever is there.
  await addOrder({ member: m.a, companyId: company });
  await addOrder({ member: m.b, traveller: m.c, companyId: company, status: 2, passenger: "李四" });
  await addOrder({ member: m.b, booker: m.a, companyId: company, day: "2026-03-11" });
  await addOrder({ member: m.d, traveller: m.a, day: "2026-03-12" });
  await addOrder({ member: m.d, passenger: "李娜" });
  await addOrder({ member: m.admin });
  await addOrder({ member: m.admin, companyId: company, status: 2 });
  await addOrder({ member: m.admin, traveller: m.admin, booker: m.admin, companyId: company, gp: 1 });
  await addOrder({ member: m.c, companyId: OTHER_COMPANY, day: "2026-03-11" });
  for (let i = 0; i < 6; i++) await addOrder({ member: m.a, companyId: company, status: 1 + (i % 2), day: `2026-03-1${i}` });
}, 60_000);

afterAll(async () => h?.close());

describe("order lists through the party rows", () => {
  it("show each member, booker, traveller and administrator exactly the orders the rule gives, with every filter and page", async () => {
    await expectListsMatch();
    // A spot check of the rule itself, beside the comparison: the booker and the traveller see an order they are not the member of.
    const a = await listFlightOrders(db, m.a, PAGE);
    const c = await listFlightOrders(db, m.c, PAGE);
    expect(a.total).toBeGreaterThanOrEqual(9);
    expect(c.list.some((r) => r.passengerNames.includes("李四"))).toBe(true);
    // The administrator's own order of the company is listed once.
    const admin = await listFlightOrders(db, m.admin, PAGE);
    expect(new Set(admin.list.map((r) => r.id)).size).toBe(admin.list.length);
    // A member of no company never sees a company's orders; nobody sees another company's.
    const d = await listFlightOrders(db, m.d, PAGE);
    expect(d.list.map((r) => r.id)).toEqual(await expected(m.d, PAGE));
  });

  it("follow an order re-assigned, moved to another status, to another company and deleted", async () => {
    const id = await addOrder({ member: m.b, traveller: m.c, companyId: company });
    await db.updateTable("orders").set({ travellerMemberId: m.d.id }).where("id", "=", id).execute();
    await expectListsMatch();
    expect((await listFlightOrders(db, m.c, PAGE)).list.some((r) => r.id === id)).toBe(false);
    expect((await listFlightOrders(db, m.d, PAGE)).list.some((r) => r.id === id)).toBe(true);
    await db.updateTable("orders").set({ status: 3, bookerMemberId: m.a.id }).where("id", "=", id).execute();
    await expectListsMatch();
    await db.updateTable("orders").set({ companyId: OTHER_COMPANY }).where("id", "=", id).execute();
    await expectListsMatch();
    expect((await listFlightOrders(db, m.admin, PAGE)).list.some((r) => r.id === id)).toBe(false);
    await db.updateTable("orders").set({ companyId: null, status: 1, gp: 1 }).where("id", "=", id).execute();
    await expectListsMatch();
    await db.deleteFrom("orders").where("id", "=", id).execute();
    await expectListsMatch();
  });

  it("hotel and train lists read the same parties: each member's list is what the rule gives", async () => {
    for (const member of Object.values(m)) {
      const hotel = await visibleTo(db.selectFrom("orders").innerJoin("hotel_orders as h", "h.orderId", "orders.id").select("orders.id").where("orders.product", "=", "hotel"), member).orderBy("orders.id", "desc").execute();
      const train = await visibleTo(db.selectFrom("orders").innerJoin("train_orders as t", "t.orderId", "orders.id").select("orders.id").where("orders.product", "=", "train"), member).orderBy("orders.id", "desc").execute();
      const hotelList = await listHotelOrders(db, member, PAGE);
      const trainList = await listTrainOrders(db, member, PAGE);
      expect([hotelList.list.map((r) => r.id), hotelList.total]).toEqual([hotel.map((r) => r.id), hotel.length]);
      expect([trainList.list.map((r) => r.id), trainList.total]).toEqual([train.map((r) => r.id), train.length]);
    }
  });
});

/** The plan of a query, one line per step, with sequential scans made a last resort on PostgreSQL. */
async function planOf(q: { compile(): CompiledQuery }): Promise<string> {
  const c = q.compile();
  const postgres = h.db.dialect === "postgres";
  return db.transaction().execute(async (trx) => {
    // Test tables are tiny, and PostgreSQL rightly reads a tiny table whole. With sequential scans
    // priced out, a plan still holding one has no index that answers the query.
    if (postgres) await sql`set local enable_seqscan = off`.execute(trx);
    const r = await trx.executeQuery(CompiledQuery.raw(`${postgres ? "explain" : "explain query plan"} ${c.sql}`, [...c.parameters]));
    return (r.rows as Record<string, unknown>[]).map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
  });
}

describe("the lists' query plans", () => {
  const scopes: OrderListScope[] = [
    { product: "air", gp: 0, people: "order_passengers" },
    { product: "air", gp: 1, people: "order_passengers" },
    { product: "hotel", gp: 0, people: "hotel_order_guests" },
    { product: "train", gp: 0, people: "train_order_passengers" },
  ];
  const filters: ListFilter[] = [
    { pageNum: 1, pageSize: 10, orderType: "desc" },
    { pageNum: 50, pageSize: 10, orderType: "asc" },
    { pageNum: 1, pageSize: 10, orderType: "desc", status: 2 },
    { pageNum: 1, pageSize: 10, orderType: "desc", createDateStart: "2026-03-01", createDateEnd: "2026-03-31" },
    { pageNum: 1, pageSize: 10, orderType: "desc", orderNo: "T000000000001" },
    { pageNum: 1, pageSize: 10, orderType: "desc", travellerName: "李" },
  ];

  it("read a member's, a booker's, a traveller's and an administrator's page and total through indexes, never scanning orders or the party rows", async () => {
    // The member, booker and traveller read one range (their party rows); the administrator two.
    for (const member of [m.a, m.c, m.d, m.admin]) {
      for (const scope of scopes) {
        for (const f of filters) {
          const { page, totals } = orderListQueries(db, member, scope, f);
          for (const q of [page, ...totals]) {
            const plan = await planOf(q);
            const where = `${member.realName} ${scope.product}/${scope.gp} ${JSON.stringify(f)}:\n${plan}`;
            if (h.db.dialect === "postgres") {
              expect(plan, where).not.toMatch(/Seq Scan/);
              expect(plan, where).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
              if (q === page) expect(plan, where).toMatch(/Index Scan using order_list_rows_pkey/);
            } else {
              // SQLite: SEARCH is an index range; SCAN of a table (or a whole index) is a full read.
              // The only SCANs allowed are of the subqueries a count (`r`) and a page (`page`)
              // read, themselves SEARCHes.
              expect(plan, where).not.toMatch(/SCAN (?!(r|page)\b)/);
              expect(plan, where).toMatch(/SEARCH (p|c) USING/);
              // The page's kept rows by primary key, one per order of the page.
              if (q === page) expect(plan, where).toMatch(/SEARCH r USING INTEGER PRIMARY KEY/);
            }
          }
        }
      }
    }
  });

  it("fetch the page's rows by primary key", async () => {
    const rows = db.selectFrom("orders").innerJoin("hotel_orders as h", "h.orderId", "orders.id").select(["orders.id", "h.hotelName"]).where("orders.id", "in", [1, 2, 3]);
    const plan = await planOf(rows);
    expect(plan).not.toMatch(h.db.dialect === "postgres" ? /Seq Scan/ : /SCAN (orders|h)\b/);
  });
});
