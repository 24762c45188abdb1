// The suppliers a server uses, one per product. Today all are the embedded ones over the
// generated inventory; a real supplier replaces one here behind the same interface.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { chinaDate } from "../../src/domain/travel/dates";
import { now } from "../services/clock";
import { EmbeddedFlightSupplier } from "./flight/embedded";
import { EmbeddedTrainSupplier } from "./train/embedded";
import { EmbeddedHotelSupplier } from "./hotel/embedded";
import { EmbeddedCarSupplier } from "./car/embedded";
import type { CarSupplier, FlightSupplier, HotelSupplier, SupplierContext, TrainSupplier } from "./types";
import type { Fen } from "../../src/domain/money";

export interface Suppliers {
  flight: FlightSupplier;
  train: TrainSupplier;
  hotel: HotelSupplier;
  car: CarSupplier;
}

/** The seed of the generated inventory when none is configured. */
export const DEFAULT_INVENTORY_SEED = "travel-portal";

const cache = new WeakMap<Kysely<Database>, Map<string, Suppliers>>();

export function suppliersFor(db: Kysely<Database>, seed: string = DEFAULT_INVENTORY_SEED): Suppliers {
  let bySeed = cache.get(db);
  if (!bySeed) cache.set(db, (bySeed = new Map()));
  let s = bySeed.get(seed);
  if (!s) {
    s = {
      flight: new EmbeddedFlightSupplier(db, seed),
      train: new EmbeddedTrainSupplier(db, seed),
      hotel: new EmbeddedHotelSupplier(db, seed),
      car: new EmbeddedCarSupplier(db),
    };
    bySeed.set(seed, s);
  }
  return s;
}

/** A company's agreed service fee per domestic ticket, for its main member and its employees. */
export async function agreedServiceFee(db: Kysely<Database>, member: Member | null): Promise<Fen | null> {
  if (!member) return null;
  let companyId = member.creditMemberId || 0;
  if (!companyId && member.creditEmployeeId > 0) {
    const e = await db.selectFrom("employees").select("companyId").where("id", "=", member.creditEmployeeId).executeTakeFirst();
    companyId = e?.companyId ?? 0;
  }
  if (!companyId) return null;
  const c = await db.selectFrom("companies").select("dometicketServerFeeFen").where("id", "=", companyId).executeTakeFirst();
  return c ? c.dometicketServerFeeFen : null;
}

export async function supplierContext(db: Kysely<Database>, member: Member | null): Promise<SupplierContext> {
  return { today: chinaDate(now()), agreedServiceFee: await agreedServiceFee(db, member), memberId: member?.id ?? null };
}
