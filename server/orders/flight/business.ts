// Business (因公) flight bookings against the travel standard: the booker's trip level, its
// standard and over-standard action, the company's preferences (an approved trip application
// required, the reasons to choose from), and what the booking does with the fare's verdict.
// The same facts answer the order page's check before booking and decide inside the booking's
// transaction.
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { BizError, RET } from "../../services/http/envelope";
import { now } from "../../services/clock";
import { memberTypeKey } from "../../../src/domain/member";
import {
  businessBookingSteps, chinaDate, flightVerdict, fullEconomyFen, lowestInWindowFen, overActionOf,
  type FlightVerdict, type TravelStandard, type TravelType,
} from "../../../src/domain/policy";
import type { FlightItem, FlightSeat } from "../../../src/domain/travel/types";
import type { FlightSupplier, SupplierContext } from "../../suppliers/types";
import { companyCaller } from "../../policy/company";
import { loadPreferences } from "../../policy/settings";
import { readJson } from "../../policy/json";
import { routeFor } from "../../approvals/resolve";

export const BUSINESS_MEMBERS_ONLY = "仅企业会员可以因公预订";
export const APPLICATION_REQUIRED = "请选择已审批通过的出差申请";
export const REASON_REQUIRED = "所选航班超出差旅标准，请选择超标原因";

/** Only a company's main member (70) and its employees (7_0) book on business. */
export function canBookOnBusiness(member: Pick<Member, "memberType" | "creditMemberId" | "creditEmployeeId">): boolean {
  const key = memberTypeKey(member);
  return key === "70" || key === "7_0";
}

export interface BusinessPolicy {
  companyId: number;
  tripLevelName: string | null;
  verdict: FlightVerdict;
  /** The company's preference and the trip level together ask for an approved trip application. */
  applicationRequired: boolean;
  /** The booker's level sends every order for approval (its feeFlag) and a flow covers their orders. */
  everyOrderApproved: boolean;
  needReason: boolean;
  needApproval: boolean;
  refuse: boolean;
  overReasons: string[];
  /** 超标自付: the price limit the traveller pays above (null: the payer pays the whole order). */
  selfPayLimitFen: number | null;
}

/** The standard's view of one fare for the booker (the same for the page's check and the booking). */
export async function businessPolicy(
  db: Kysely<Database>,
  member: Member,
  flight: FlightItem,
  seat: FlightSeat,
  supplier: FlightSupplier,
  c: SupplierContext,
): Promise<BusinessPolicy> {
  if (!canBookOnBusiness(member)) throw new BizError(RET.FORBIDDEN, BUSINESS_MEMBERS_ONLY);
  const me = await companyCaller(db, member);
  const levelId = me.employee?.tripLevelId ?? null;
  const [level, standard, prefs] = await Promise.all([
    levelId === null ? undefined : db.selectFrom("trip_levels").selectAll().where("id", "=", levelId).executeTakeFirst(),
    levelId === null ? undefined : db.selectFrom("travel_standards").select("rules").where("tripLevelId", "=", levelId).executeTakeFirst(),
    loadPreferences(db, me.companyId),
  ]);
  const std = standard ? readJson<TravelStandard | null>(standard.rules, null)?.flight ?? null : null;
  let lowest: number | null = null;
  if (std?.lowestFareHours) {
    // The window's lowest fare from the same search the booker saw; a search that fails only
    // leaves this one limit out.
    try {
      const list = await supplier.search({ depCity: flight.depCity, arrCity: flight.arrCity, depDate: flight.depDate, orderBy: "price", orderType: "asc" }, c);
      lowest = lowestInWindowFen(list.list, flight.depUtc, std.lowestFareHours, std.cabins);
    } catch {
      lowest = null;
    }
  }
  const verdict = flightVerdict(std, level ? overActionOf(level) : "forbid", {
    cabin: seat.cabinClass,
    priceFen: seat.salePrice,
    fullFareFen: fullEconomyFen(flight.seats ?? [seat]),
    lowestInWindowFen: lowest,
  });
  // A level with feeFlag (费用需审批) has every business order approved, as every trip
  // application is, when one of the company's flows covers the booker's orders; without such a
  // flow only orders over the standard with the "approve" action go for approval (to the
  // administrator, as any approval without a flow does).
  let everyOrderApproved = false;
  if (level?.feeFlag) {
    try {
      everyOrderApproved = (await routeFor(db, me.companyId, member.id, "order")).flowId !== null;
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
    }
  }
  const steps = businessBookingSteps(verdict, everyOrderApproved);
  // The company's credit pays up to the standard's price limit; only a fare over that limit has
  // a part for the traveller to pay.
  const overOnPrice = verdict.over && verdict.limitFen !== null && verdict.reasons.some((r) => r.code !== "cabin");
  return {
    companyId: me.companyId,
    tripLevelName: level?.name ?? null,
    verdict,
    applicationRequired: Boolean(level?.approveFlag) && prefs.requireApplication === 1,
    everyOrderApproved,
    ...steps,
    overReasons: prefs.overReasons,
    selfPayLimitFen: prefs.overSelfPay === 1 && overOnPrice && !steps.refuse ? verdict.limitFen : null,
  };
}

export interface BusinessFacts {
  travelType: TravelType;
  applyId: number | null;
  overStandard: 0 | 1;
  overReasons: string | null;
  standardVerdict: string | null;
  needApproval: boolean;
  withinStandard: boolean;
  selfPayLimitFen: number | null;
}

export const PRIVATE_FACTS: BusinessFacts = {
  travelType: "private", applyId: null, overStandard: 0, overReasons: null, standardVerdict: null, needApproval: false, withinStandard: true, selfPayLimitFen: null,
};

const badInput = (field: string, message: string) => new BizError(RET.BAD_INPUT, message, { errors: { [field]: message } });

/** The approved trip application a business booking names: the booker's (or one they travel on), current, covering the flight's date. */
async function checkApplication(db: Kysely<Database>, companyId: number, member: Member, applyId: number, depDate: string): Promise<void> {
  const row = await db
    .selectFrom("trip_applications as t")
    .innerJoin("approvals as a", (j) => j.onRef("a.subjectId", "=", "t.id").on("a.subjectType", "=", "trip"))
    .select(["t.startDate", "t.endDate", "a.status", "t.applicantMemberId"])
    .where("t.id", "=", applyId)
    .where("t.companyId", "=", companyId)
    .where((eb) =>
      eb.or([
        eb("t.applicantMemberId", "=", member.id),
        eb.exists(eb.selectFrom("trip_application_travellers as x").select("x.employeeId").whereRef("x.tripApplicationId", "=", "t.id").where("x.employeeId", "=", member.creditEmployeeId)),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw badInput("applyId", "未找到该出差申请");
  if (row.status !== "approved") throw badInput("applyId", "该出差申请尚未审批通过");
  if (row.endDate < chinaDate(now())) throw badInput("applyId", "该出差申请的行程已结束");
  if (depDate < row.startDate || depDate > row.endDate) throw badInput("applyId", `航班日期不在出差申请的行程日期（${row.startDate} 至 ${row.endDate}）内`);
}

/**
 * Decides a booking's business facts, refusing what the standard does not allow: over with
 * "forbid" is refused, over with "reason" needs one of the company's reasons, over with
 * "approve" (or a level approving every order) is booked as 待审批.
 */
export async function decideBusiness(
  db: Kysely<Database>,
  member: Member,
  input: { travelType?: TravelType; applyId?: number; overReason?: string },
  flight: FlightItem,
  seat: FlightSeat,
  supplier: FlightSupplier,
  c: SupplierContext,
): Promise<BusinessFacts> {
  if (input.travelType !== "business") return PRIVATE_FACTS;
  const p = await businessPolicy(db, member, flight, seat, supplier, c);
  if (input.applyId !== undefined) await checkApplication(db, p.companyId, member, input.applyId, flight.depDate);
  else if (p.applicationRequired) throw badInput("applyId", APPLICATION_REQUIRED);
  if (p.refuse) throw new BizError(RET.FORBIDDEN, `所选航班超出您的差旅标准，不能因公预订（${p.verdict.reasons.map((r) => r.text).join("；")}）`);
  if (input.overReason !== undefined && !p.overReasons.includes(input.overReason)) throw badInput("overReason", "请从列表中选择超标原因");
  if (p.needReason && input.overReason === undefined) throw badInput("overReason", REASON_REQUIRED);
  return {
    travelType: "business",
    applyId: input.applyId ?? null,
    overStandard: p.verdict.over ? 1 : 0,
    overReasons: p.verdict.over ? (input.overReason ?? null) : null,
    standardVerdict: p.verdict.text,
    needApproval: p.needApproval,
    withinStandard: !p.verdict.over,
    selfPayLimitFen: p.selfPayLimitFen,
  };
}
