// The demo company's travel history, so its bills and reports have something to show: flight
// orders of its administrator and staff over the last three months, booked, paid and ticketed
// (some cancelled unpaid) through the real booking, payment and ticketing code with the clock
// set back to each booking's moment. Only the demo seed writes it; nothing else ever does.
import type { Kysely } from "kysely";
import type { Database, Member } from "../schema";
import { now, setClock } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { bookFlight } from "../../orders/flight/book";
import { applyFlightMove } from "../../orders/flight/moves";
import { memberActor } from "../../orders/actor";
import { flightOrderIssueJob, flightOrderTicketJob, TICKETING_DELAY_MS } from "../../orders/flight/ticketing";
import { createPayment } from "../../payments/trades";
import { settleNotified } from "../../payments/settle";
import { registerPayables } from "../../orders/payables";
import { flightListInput } from "../../../src/domain/travel/schemas";
import { flightOrderInput } from "../../../src/domain/orders/flight-booking";
import { addDays, chinaDate } from "../../../src/domain/travel/dates";
import { idCardCheckChar } from "../../../src/domain/validators";
import { DEMO_COMPANY } from "./demo";

const DAY = 86_400_000;

interface Trip {
  /** Days before today the order was booked. */
  daysAgo: number;
  who: string;
  from: string;
  to: string;
  /** Days after booking the flight leaves. */
  ahead: number;
  outcome: "ticketed" | "cancelled";
}

const idNo = (first17: string) => first17 + idCardCheckChar(first17);
const CERTS: Record<string, string> = {
  "13800000070": idNo("11010519750505001"),
  "13800000071": idNo("11010519860312002"),
  "13800000072": idNo("11010519900708001"),
  "13800000073": idNo("11010519920915003"),
};

// Three months of trips, roughly two a week, a few left unpaid and cancelled.
const TRIPS: Trip[] = [
  [86, "13800000071", "BJS", "SHA", 5, "ticketed"], [82, "13800000072", "SHA", "BJS", 3, "ticketed"], [79, "13800000073", "BJS", "SHA", 7, "cancelled"],
  [75, "13800000070", "BJS", "SHA", 4, "ticketed"], [71, "13800000071", "SHA", "BJS", 2, "ticketed"], [66, "13800000073", "BJS", "SHA", 6, "ticketed"],
  [61, "13800000072", "BJS", "SHA", 3, "ticketed"], [57, "13800000071", "BJS", "SHA", 9, "cancelled"], [53, "13800000073", "SHA", "BJS", 4, "ticketed"],
  [49, "13800000070", "SHA", "BJS", 5, "ticketed"], [45, "13800000072", "BJS", "SHA", 2, "ticketed"], [41, "13800000071", "BJS", "SHA", 8, "ticketed"],
  [37, "13800000073", "BJS", "SHA", 3, "ticketed"], [34, "13800000072", "SHA", "BJS", 5, "cancelled"], [31, "13800000071", "SHA", "BJS", 4, "ticketed"],
  [28, "13800000070", "BJS", "SHA", 6, "ticketed"], [24, "13800000073", "BJS", "SHA", 2, "ticketed"], [20, "13800000072", "BJS", "SHA", 7, "ticketed"],
  [16, "13800000071", "BJS", "SHA", 3, "ticketed"], [12, "13800000073", "SHA", "BJS", 5, "cancelled"], [9, "13800000072", "SHA", "BJS", 4, "ticketed"],
  [6, "13800000071", "BJS", "SHA", 6, "ticketed"], [3, "13800000070", "SHA", "BJS", 5, "ticketed"],
].map(([daysAgo, who, from, to, ahead, outcome]) => ({ daysAgo, who, from, to, ahead, outcome }) as Trip);

/** Whether the demo company already has orders (then its history is there). */
async function hasHistory(db: Kysely<Database>): Promise<boolean> {
  const company = await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirst();
  if (!company) return true;
  const order = await db.selectFrom("orders").select("id").where("companyId", "=", company.id).executeTakeFirst();
  return Boolean(order);
}

async function bookOne(db: Kysely<Database>, member: Member, trip: Trip, index: number, inventorySeed: string | undefined): Promise<void> {
  const c = await supplierContext(db, member);
  const depDate = addDays(chinaDate(now()), trip.ahead);
  const found = await suppliersFor(db, inventorySeed).flight.search(flightListInput.parse({ depCity: trip.from, arrCity: trip.to, depDate }), c);
  // A different flight of the day for each trip, always an economy fare with seats.
  const seats = found.list.flatMap((f) => f.seats.filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1));
  const seat = seats[(index * 7) % Math.max(1, seats.length)];
  if (!seat) return;
  const order = await bookFlight(
    db,
    member,
    flightOrderInput.parse({
      fareKey: seat.fareKey, price: seat.salePrice, clientKey: `demo-history-${index}`, contactName: member.realName, contactMobile: member.mobilePhone,
      passengers: [{ name: member.realName, certType: 1, certNo: CERTS[member.mobilePhone] }],
    }),
    inventorySeed,
  );
  if (trip.outcome === "cancelled") {
    await applyFlightMove(db, { orderId: order.id, action: "cancel", actor: memberActor(member), note: "行程取消", seed: inventorySeed });
    return;
  }
  // Paid through the sandbox QR gateway's settlement, then ticketed by the ticketing jobs' own
  // steps (the queued jobs later find the order already ticketed and do nothing).
  const method = index % 2 === 0 ? "alipay" : "wechat";
  const trade = await createPayment(db, member, order.id, method, { methods: ["alipay", "wechat"] });
  await settleNotified(db, { outTradeNo: trade.outTradeNo, gatewayTradeNo: `DEMO-${trade.outTradeNo}`, amountFen: trade.amount, method });
  const at = now();
  const job = (ms: number) => ({ trx: db, now: ms }) as Parameters<typeof flightOrderIssueJob.run>[1];
  setClock(() => at + 60_000);
  await flightOrderIssueJob.run({ orderId: order.id }, job(at + 60_000));
  setClock(() => at + 60_000 + TICKETING_DELAY_MS);
  await flightOrderTicketJob.run({ orderId: order.id }, job(at + 60_000 + TICKETING_DELAY_MS));
}

/** Adds the history once; run after seedDemo, only when the demo seed is asked for. */
export async function seedDemoHistory(db: Kysely<Database>, inventorySeed?: string): Promise<void> {
  if (await hasHistory(db)) return;
  // The history pays its orders through the payments port, which may run before any app is built.
  registerPayables();
  const today = Date.now();
  try {
    for (const [i, trip] of TRIPS.entries()) {
      // 10:00 Beijing time plus a few minutes per trip, on the booking day.
      const at = Math.floor((today - trip.daysAgo * DAY) / DAY) * DAY + 2 * 3600_000 + i * 7 * 60_000;
      setClock(() => at);
      const member = await db.selectFrom("members").selectAll().where("mobilePhone", "=", trip.who).executeTakeFirstOrThrow();
      await bookOne(db, member, trip, i, inventorySeed);
    }
  } finally {
    setClock(null);
  }
}
