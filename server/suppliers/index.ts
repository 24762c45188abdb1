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

async function companyIdOf(db: Kysely<Database>, member: Member | null): Promise<number> {
  if (!member) return 0;
  let companyId = member.creditMemberId || 0;
  if (!companyId && member.creditEmployeeId > 0) {
    const e = await db.selectFrom("employees").select("companyId").where("id", "=", member.creditEmployeeId).executeTakeFirst();
    companyId = e?.companyId ?? 0;
  }
  return companyId;
}

/**
 * A company's agreed service fees, for its main member and its employees: per domestic ticket
 * (which also prices its international tickets unless it agreed a fee for those apart), and per
 * international ticket where its fee table has one.
 */
export async function agreedServiceFees(db: Kysely<Database>, member: Member | null): Promise<{ domestic: Fen | null; international: Fen | null }> {
  const companyId = await companyIdOf(db, member);
  if (!companyId) return { domestic: null, international: null };
  const c = await db
    .selectFrom("companies")
    .leftJoin("company_service_fees as f", (j) => j.onRef("f.companyId", "=", "companies.id").on("f.product", "=", "internationalFlight"))
    .select(["companies.dometicketServerFeeFen", "f.feeFen as intlFeeFen"])
    .where("companies.id", "=", companyId)
    .executeTakeFirst();
  return c ? { domestic: c.dometicketServerFeeFen, international: c.intlFeeFen ?? null } : { domestic: null, international: null };
}

export async function supplierContext(db: Kysely<Database>, member: Member | null): Promise<SupplierContext> {
  const fees = await agreedServiceFees(db, member);
  return { today: chinaDate(now()), agreedServiceFee: fees.domestic, agreedIntlServiceFee: fees.international, memberId: member?.id ?? null };
}
