// Business (因公) bookings against the travel standard, for every product: the traveller's trip
// level, its standard and over-standard action, the company's preferences (an approved trip
// application required, the reasons to choose from), and what a booking does with the standard's
// verdict on its offer: refused (forbid), a required reason, or 待审批 with its approval submitted
// through the approval engine. Each product computes its verdict (flights: cabins and fare
// limits; trains: seat classes; hotels: the nightly cap of the city's tier); the same facts answer
// the order page's check before booking and decide inside the booking's transaction.
import { say } from "../services/i18n/catalogue";
import { said, type Text } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { now } from "../services/clock";
import { memberTypeKey } from "../../src/domain/member";
import { businessBookingSteps, chinaDate, overActionOf, type OverAction, type StandardVerdict, type TravelStandard, type TravelType } from "../../src/domain/policy";
import type { BusinessCheck } from "../../src/domain/orders/business-types";
import { companyCaller } from "../policy/company";
import { loadPreferences } from "../policy/settings";
import { readJson } from "../policy/json";
import { routeFor } from "../approvals/resolve";
import { applyTransition, createDraftApproval } from "../approvals/engine";

export const BUSINESS_MEMBERS_ONLY = said("orders.onlyCompanyMembersBookBusiness");
export const APPLICATION_REQUIRED = said("orders.chooseApprovedTripRequest");

/** Only a company's main member (70) and its employees (7_0) book on business. */
export function canBookOnBusiness(member: Pick<Member, "memberType" | "creditMemberId" | "creditEmployeeId">): boolean {
  const key = memberTypeKey(member);
  return key === "70" || key === "7_0";
}

/** The traveller's trip level and what it holds them to, before any offer is looked at. */
export interface TripPolicy {
  companyId: number;
  tripLevelName: string | null;
  /** The level's travel standard; null when none is set (nothing is then over). */
  standard: TravelStandard | null;
  overAction: OverAction;
  /** The company's preference and the trip level together ask for an approved trip application. */
  applicationRequired: boolean;
  /** The level sends every order for approval (its feeFlag) and a flow covers the traveller's orders. */
  everyOrderApproved: boolean;
  overReasons: string[];
  /** 1: 超标自付 is on (flights over their price limit). */
  overSelfPay: 0 | 1;
}

export async function tripPolicyOf(db: Kysely<Database>, member: Member): Promise<TripPolicy> {
  if (!canBookOnBusiness(member)) throw new DomainError("forbidden", BUSINESS_MEMBERS_ONLY);
  const me = await companyCaller(db, member);
  const levelId = me.employee?.tripLevelId ?? null;
  const [level, standard, prefs] = await Promise.all([
    levelId === null ? undefined : db.selectFrom("trip_levels").selectAll().where("id", "=", levelId).executeTakeFirst(),
    levelId === null ? undefined : db.selectFrom("travel_standards").select("rules").where("tripLevelId", "=", levelId).executeTakeFirst(),
    loadPreferences(db, me.companyId),
  ]);
  // A level with feeFlag (费用需审批) has every business order approved, as every trip
  // application is, when one of the company's flows covers the traveller's orders; without such
  // a flow only orders over the standard with the "approve" action go for approval (to the
  // administrator, as any approval without a flow does).
  let everyOrderApproved = false;
  if (level?.feeFlag) {
    try {
      everyOrderApproved = (await routeFor(db, me.companyId, member.id, "order")).flowId !== null;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
    }
  }
  return {
    companyId: me.companyId,
    tripLevelName: level?.name ?? null,
    standard: standard ? readJson<TravelStandard | null>(standard.rules, null) : null,
    overAction: level ? overActionOf(level) : "forbid",
    applicationRequired: Boolean(level?.approveFlag) && prefs.requireApplication === 1,
    everyOrderApproved,
    overReasons: prefs.overReasons,
    overSelfPay: prefs.overSelfPay,
  };
}

/** The standard's view of one offer for the traveller (the same for the page's check and the booking). */
export interface BusinessPolicy {
  companyId: number;
  tripLevelName: string | null;
  verdict: StandardVerdict;
  applicationRequired: boolean;
  everyOrderApproved: boolean;
  needReason: boolean;
  needApproval: boolean;
  refuse: boolean;
  overReasons: string[];
  /** 超标自付: the price limit the traveller pays above (null: the payer pays the whole order). */
  selfPayLimitFen: number | null;
}

export function businessPolicyOf(trip: TripPolicy, verdict: StandardVerdict, selfPayLimitFen: number | null = null): BusinessPolicy {
  return {
    companyId: trip.companyId,
    tripLevelName: trip.tripLevelName,
    verdict,
    applicationRequired: trip.applicationRequired,
    everyOrderApproved: trip.everyOrderApproved,
    ...businessBookingSteps(verdict, trip.everyOrderApproved),
    overReasons: trip.overReasons,
    selfPayLimitFen,
  };
}

/** What the order page's check answers a member who may not book on business. */
export const NOT_ON_BUSINESS: BusinessCheck = {
  allowed: false, tripLevelName: null, configured: false, over: false, reasons: [], overAction: "forbid", verdictText: "",
  applicationRequired: false, needReason: false, needApproval: false, refuse: false, overReasons: [], selfPayFen: 0,
};

export function businessCheckOf(p: BusinessPolicy, selfPayFen = 0): BusinessCheck {
  return {
    allowed: true, tripLevelName: p.tripLevelName, configured: p.verdict.configured, over: p.verdict.over,
    reasons: p.verdict.reasons.map((r) => r.text), overAction: p.verdict.overAction, verdictText: p.verdict.text,
    applicationRequired: p.applicationRequired, needReason: p.needReason, needApproval: p.needApproval, refuse: p.refuse,
    overReasons: p.overReasons, selfPayFen,
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

/** The order's columns of its business facts. */
export function businessColumns(biz: BusinessFacts) {
  return { travelType: biz.travelType, applyId: biz.applyId, overStandard: biz.overStandard, overReasons: biz.overReasons, standardVerdict: biz.standardVerdict };
}

const badInput = (field: string, message: Text | string) => new DomainError("badInput", message, { errors: { [field]: message } });

/**
 * The approved trip application a business booking names: the traveller's (or one they travel
 * on), current, covering the trip's date (dateLabel names it: 航班日期, 乘车日期, 入住日期).
 */
async function checkApplication(db: Kysely<Database>, companyId: number, member: Member, applyId: number, date: string, dateLabel: string): Promise<void> {
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
  if (!row) throw badInput("applyId", said("orders.tripRequestFound"));
  if (row.status !== "approved") throw badInput("applyId", said("orders.tripRequestHasBeenApproved"));
  if (row.endDate < chinaDate(now())) throw badInput("applyId", said("orders.tripRequestSTravelHas"));
  if (date < row.startDate || date > row.endDate) throw badInput("applyId", said("orders.outsideTripRequestSDates", { dateLabel, startDate: row.startDate, endDate: row.endDate }));
}

/** How a product names what was booked in its refusals: 所选航班, 所选席别, 所选房型. */
export interface BusinessOffer {
  /** 所选航班 and the like: the subject of the refusal and of the missing reason. */
  chosen: string;
  /** The trip's date an application must cover, and its name. */
  date: string;
  dateLabel: string;
}

/** The first event's note of an order booked 待审批. */
export const APPROVAL_NOTE = say("orders.businessBookingSubmittedApproval");

/** How a member is named on orders and approvals: their real name, else their mobile. */
export const memberName = (m: Pick<Member, "realName" | "mobilePhone">) => m.realName ?? m.mobilePhone;

/** The first event's note: who the order was booked for (代订), and that it went for approval. */
export function createNote(traveller: Member | null, approving: boolean): string | null {
  const parts = [traveller ? say("orders.booked", { traveller: memberName(traveller) }) : null, approving ? APPROVAL_NOTE : null].filter(Boolean);
  return parts.length ? parts.join("；") : null;
}

/**
 * Who an order's approval is for: the colleague it was booked for (their department's flow
 * decides it), else the booker.
 */
export function approvalApplicant(booker: { memberId: number; name: string }, traveller: Member | null): { memberId: number; name: string } {
  return traveller ? { memberId: traveller.id, name: memberName(traveller) } : booker;
}

export const reasonRequired = (chosen: string) => said("orders.exceedsTravelPolicyChooseReason", { chosen });

/**
 * Decides a booking's business facts, refusing what the standard does not allow: over with
 * "forbid" is refused, over with "reason" needs one of the company's reasons, over with
 * "approve" (or a level approving every order) is booked as 待审批. A private booking skips it all.
 */
export async function decideBusiness(
  db: Kysely<Database>,
  traveller: Member,
  input: { travelType?: TravelType; applyId?: number; overReason?: string },
  offer: BusinessOffer,
  policy: () => Promise<BusinessPolicy>,
): Promise<BusinessFacts> {
  if (input.travelType !== "business") return PRIVATE_FACTS;
  const p = await policy();
  if (input.applyId !== undefined) await checkApplication(db, p.companyId, traveller, input.applyId, offer.date, offer.dateLabel);
  else if (p.applicationRequired) throw badInput("applyId", APPLICATION_REQUIRED);
  if (p.refuse) throw new DomainError("forbidden", said("orders.exceedsTravelPolicyBookedBusiness", { chosen: offer.chosen, text: p.verdict.reasons.map((r) => r.text).join("；") }));
  if (input.overReason !== undefined && !p.overReasons.includes(input.overReason)) throw badInput("overReason", said("orders.chooseReasonFromList"));
  if (p.needReason && input.overReason === undefined) throw badInput("overReason", reasonRequired(offer.chosen));
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

/**
 * Sends a business order waiting for approval (待审批) to the approval engine, in the booking's
 * transaction: the approval is the traveller's (their department's flow decides it) and must be
 * decided while the booking is held (fareDeadline: the hold's expiry). The company may approve
 * it at once; the order's status afterwards is answered.
 */
export async function submitOrderApproval(
  trx: Kysely<Database>,
  a: { orderId: number; companyId: number; applicant: { memberId: number; name: string }; title: string; amountFen: number; withinStandard: boolean; fareDeadline: string },
): Promise<number> {
  const draft = await createDraftApproval(trx, {
    companyId: a.companyId, subjectType: "order", subjectId: a.orderId, applicantMemberId: a.applicant.memberId, applicantName: a.applicant.name,
    title: a.title, amountFen: a.amountFen, withinStandard: a.withinStandard, fareDeadline: a.fareDeadline,
  });
  await trx.updateTable("orders").set({ approvalId: draft.id }).where("id", "=", a.orderId).execute();
  await applyTransition(trx, { approvalId: draft.id, action: "submit", actor: { memberId: draft.applicantMemberId, name: draft.applicantName } });
  const order = await trx.selectFrom("orders").select("status").where("id", "=", a.orderId).executeTakeFirstOrThrow();
  return order.status;
}
