// What bench:load and bench:chaos set up before a run and check after it, straight on the
// database. Before: the bench's members get a pay password and money in their wallets, each
// credit written with its ledger row (so the wallets still equal their ledgers), and the flights'
// seat counts are noted. After: the money audit (every wallet equals its ledger, every paid order
// exactly one payment, credit and statements explained), no count below zero, every flight's
// seats sold equal the seats its live holds took, every acknowledged booking and payment found.
import type { Kysely } from "kysely";
import type { Database } from "../server/db/schema";
import { auditMoney } from "../server/audit/money";
import { hashPassword, md5 } from "../server/services/accounts/passwords";
import { BENCH_MEMBERS, BENCH_PAY_PASSWORD, type LoadResult } from "./load-mix";

type Db = Kysely<Database>;
const FUND_FEN = 50_000_000;
const CABINS = ["fRemaining", "cRemaining", "yRemaining"] as const;

export interface Prepared {
  memberIds: Map<string, number>;
  /** Seats left per flight and cabin column when the run began. */
  seats: Map<string, number>;
  startedAt: string;
}

export async function prepare(db: Db): Promise<Omit<Prepared, "seats" | "startedAt">> {
  const memberIds = new Map<string, number>();
  const payHash = await hashPassword(md5(BENCH_PAY_PASSWORD));
  for (const phone of BENCH_MEMBERS) {
    const m = await db.selectFrom("members").select("id").where("mobilePhone", "=", phone).executeTakeFirstOrThrow();
    memberIds.set(phone, m.id);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("members").set({ payPasswordHash: payHash }).where("id", "=", m.id).execute();
      const w = await trx.updateTable("wallets").set((eb) => ({ balanceFen: eb("balanceFen", "+", FUND_FEN) })).where("memberId", "=", m.id).returning("balanceFen").executeTakeFirstOrThrow();
      await trx
        .insertInto("ledger")
        .values({ memberId: m.id, account: "wallet", entry: "opening", direction: "in", amountFen: FUND_FEN, balanceAfterFen: w.balanceFen, businessType: 0, outTradeNo: `BENCH-FUND-${Date.now()}-${m.id}`, orderNo: null, note: "bench funding", createTime: new Date().toISOString() })
        .execute();
    });
  }
  return { memberIds };
}

export async function snapshotSeats(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom("air_flights").select(["flightKey", ...CABINS]).execute();
  const seats = new Map<string, number>();
  for (const r of rows) for (const c of CABINS) seats.set(`${r.flightKey}|${c}`, Number(r[c]));
  return seats;
}

export async function audit(db: Db, before: Prepared, load: Pick<LoadResult, "ackOrders" | "ackPaid">): Promise<boolean> {
  let failed = false;
  const check = (ok: boolean, what: string, detail?: unknown) => {
    console.log(`${ok ? "ok  " : "FAIL"} ${what}${!ok && detail ? ` ${JSON.stringify(detail).slice(0, 400)}` : ""}`);
    if (!ok) failed = true;
  };

  const money = await auditMoney(db);
  for (const c of money.checks) check(c.ok, `money: ${c.name} (${c.title})`, c.rows.slice(0, 3));

  for (const [table, column] of [["air_flights", "fRemaining"], ["air_flights", "cRemaining"], ["air_flights", "yRemaining"], ["air_class_seats", "remaining"], ["train_seats", "remaining"], ["hotel_nights", "remaining"]] as const) {
    const r = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where(column as never, "<", 0 as never).executeTakeFirstOrThrow();
    check(Number(r.n) === 0, `no ${table}.${column} below zero`, { n: r.n });
  }

  // Seats sold during the run, per flight and cabin, against what the live holds made then took.
  const holds = await db.selectFrom("inventory_holds").select(["lines", "status"]).where("product", "=", "air").where("createTime", ">=", before.startedAt).execute();
  const held = new Map<string, number>();
  for (const h of holds) {
    if (h.status !== "held" && h.status !== "confirmed") continue;
    for (const line of JSON.parse(h.lines) as { table: string; column?: string; key: Record<string, string>; n: number }[]) {
      if (line.table !== "air_flights") continue;
      const k = `${line.key.flightKey}|${line.column}`;
      held.set(k, (held.get(k) ?? 0) + line.n);
    }
  }
  const now = await snapshotSeats(db);
  const wrong: unknown[] = [];
  let sold = 0;
  for (const [k, left] of before.seats) {
    const taken = left - (now.get(k) ?? left);
    sold += taken;
    if (taken !== (held.get(k) ?? 0)) wrong.push({ k, taken, held: held.get(k) ?? 0 });
  }
  check(wrong.length === 0, `seats sold equal seats in live holds (${sold} seats over ${held.size} flight cabins)`, wrong.slice(0, 5));

  // Every booking and payment the server acknowledged is there.
  const ids = [...load.ackOrders];
  let found = 0;
  for (let i = 0; i < ids.length; i += 500) found += (await db.selectFrom("orders").select("id").where("id", "in", ids.slice(i, i + 500)).execute()).length;
  check(found === ids.length, `every acknowledged booking is stored (${found} of ${ids.length})`);
  const trades = [...load.ackPaid];
  let paid = 0;
  for (let i = 0; i < trades.length; i += 500) paid += (await db.selectFrom("payments").select("outTradeNo").where("outTradeNo", "in", trades.slice(i, i + 500)).where("status", "in", ["paid", "refunded"]).execute()).length;
  check(paid === trades.length, `every acknowledged payment is stored as paid (${paid} of ${trades.length})`);
  return !failed;
}
