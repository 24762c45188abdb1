// Travel management demo data for the demo company: a standard for every trip level, one car
// standard, and one two-level flow (the department head, then the administrator) for trips and
// orders. Idempotent: a company that already has standards or flows keeps its own.
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { CarStandardForm, FlowLevel, TravelStandard } from "../../../src/domain/policy";
import { DEFAULT_STANDARD } from "../../../src/domain/policy";
import { isoAt } from "../../services/clock";

/** Standards by trip level name; any other level gets the default standard. */
const STANDARDS: Record<string, TravelStandard> = {
  管理层: {
    flight: { cabins: ["C", "W", "Y"], maxDiscount: null, maxPriceFen: null, lowestFareHours: 2 },
    hotel: { capsFen: { tier1: 80000, tier2: 60000, tier3: 45000, other: 35000 } },
    train: { seats: ["business", "first", "second", "softSleeper", "emuSleeper", "hardSleeper"] },
  },
  普通员工: {
    flight: { cabins: ["Y"], maxDiscount: 80, maxPriceFen: 150000, lowestFareHours: 2 },
    hotel: { capsFen: { tier1: 50000, tier2: 40000, tier3: 30000, other: 25000 } },
    train: { seats: ["second", "hardSleeper", "hardSeat", "noSeat"] },
  },
  差旅专员: {
    flight: { cabins: ["Y"], maxDiscount: null, maxPriceFen: 200000, lowestFareHours: 2 },
    hotel: { capsFen: { tier1: 60000, tier2: 45000, tier3: 35000, other: 30000 } },
    train: { seats: ["first", "second", "softSleeper", "hardSleeper", "hardSeat"] },
  },
};

const CAR: Omit<CarStandardForm, "id" | "name" | "tripLevelIds"> = {
  carTypes: ["economy", "comfort"],
  allCities: true,
  cities: [],
  timeWindows: [{ start: "07:00", end: "23:00" }],
  perRideCapFen: 20000,
  monthlyCapFen: 200000,
};

const FLOW_LEVELS: FlowLevel[] = [
  { approvers: [{ type: "departmentHead" }], timeoutHours: 24 },
  { approvers: [{ type: "admin" }], timeoutHours: 48 },
];

export async function seedTravelPolicy(db: Kysely<Database>, companyName: string): Promise<void> {
  const company = await db.selectFrom("companies").select("id").where("name", "=", companyName).executeTakeFirst();
  if (!company) return;
  const companyId = company.id;
  const at = isoAt();
  await db.transaction().execute(async (trx) => {
    const levels = await trx.selectFrom("trip_levels").select(["id", "name"]).where("companyId", "=", companyId).orderBy("id").execute();
    const hasStandards = await trx.selectFrom("travel_standards").select("id").where("companyId", "=", companyId).executeTakeFirst();
    if (!hasStandards && levels.length) {
      await trx
        .insertInto("travel_standards")
        .values(levels.map((l) => ({ companyId, tripLevelId: l.id, rules: JSON.stringify(STANDARDS[l.name] ?? DEFAULT_STANDARD), createTime: at, updateTime: at })))
        .execute();
    }
    const hasCar = await trx.selectFrom("car_standards").select("id").where("companyId", "=", companyId).executeTakeFirst();
    if (!hasCar && levels.length) {
      const car = await trx.insertInto("car_standards").values({ companyId, name: "市内用车标准", rules: JSON.stringify(CAR), createTime: at, updateTime: at }).returning("id").executeTakeFirstOrThrow();
      await trx.insertInto("car_standard_levels").values(levels.map((l) => ({ carStandardId: car.id, tripLevelId: l.id }))).execute();
    }
    const hasFlow = await trx.selectFrom("approval_flows").select("id").where("companyId", "=", companyId).executeTakeFirst();
    if (!hasFlow) {
      await trx
        .insertInto("approval_flows")
        .values({
          companyId, name: "差旅审批（部门主管→企业管理员）", covers: "both", allEmployees: 1, departmentIds: "[]", employeeIds: "[]",
          levels: JSON.stringify(FLOW_LEVELS), onTimeout: "next", enabled: 1, createTime: at, updateTime: at,
        })
        .execute();
    }
  });
}
