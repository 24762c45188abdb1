// Trip applications as stored and as shown: the application, its travellers, and its approval.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import { label } from "../../src/domain/codes";
import type { Kysely, Selectable } from "kysely";
import type { Database, TripApplicationsTable } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { TRAVEL_MODES, TRIP_SCOPES, type ApplicationForm, type TravelMode, type TripScope } from "../../src/domain/policy";
import { readJson } from "./json";

export type TripApplicationRow = Selectable<TripApplicationsTable>;

export interface Travellers {
  employees: { employeeId: number; name: string; mobilePhone: string | null }[];
  externals: { name: string; mobilePhone: string | null }[];
}

export const APPLICATION_MISSING = said("orders.tripRequestFound");

export function tripTitle(a: Pick<ApplicationForm, "fromCity" | "toCities" | "startDate" | "endDate">): string {
  return say("policy.tripRequest", { fromCity: a.fromCity, toCities: a.toCities.join("、"), startDate: a.startDate, endDate: a.endDate });
}

/** The employees named as travellers, with their names as of applying; all must be the company's. */
export async function resolveTravellers(db: Kysely<Database>, companyId: number, form: Pick<ApplicationForm, "travellerEmployeeIds" | "externalTravellers">): Promise<Travellers> {
  const ids = form.travellerEmployeeIds;
  const rows = ids.length
    ? await db
        .selectFrom("employees as e")
        .leftJoin("members as m", "m.id", "e.memberId")
        .select(["e.id", "m.realName", "m.mobilePhone"])
        .where("e.id", "in", ids)
        .where("e.companyId", "=", companyId)
        .execute()
    : [];
  if (rows.length !== ids.length) {
    throw new DomainError("badInput", said("policy.travellingEmployeesMustEmployeesCompany"), { errors: { travellerEmployeeIds: said("policy.travellingEmployeesMustEmployeesCompany") } });
  }
  return {
    employees: ids.map((id) => {
      const r = rows.find((x) => x.id === id)!;
      return { employeeId: id, name: r.realName ?? r.mobilePhone ?? say("policy.employee", { id }), mobilePhone: r.mobilePhone };
    }),
    externals: form.externalTravellers.map((x) => ({ name: x.name, mobilePhone: x.mobilePhone ?? null })),
  };
}

export function applicationView(row: TripApplicationRow) {
  const modes = readJson<TravelMode[]>(row.modes, []);
  return {
    id: row.id,
    noteNo: row.noteNo,
    applicantMemberId: row.applicantMemberId,
    purpose: row.purpose,
    scope: row.scope as TripScope,
    scopeLabel: label(TRIP_SCOPES, row.scope as TripScope),
    startDate: row.startDate,
    endDate: row.endDate,
    fromCity: row.fromCity,
    toCities: readJson<string[]>(row.toCities, []),
    travellers: readJson<Travellers>(row.travellers, { employees: [], externals: [] }),
    modes,
    modeLabels: modes.map((m) => label(TRAVEL_MODES, m)),
    budgetFen: row.budgetFen,
    remark: row.remark,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

export async function loadApplication(db: Kysely<Database>, id: number): Promise<TripApplicationRow | undefined> {
  return db.selectFrom("trip_applications").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function approvalOfApplication(db: Kysely<Database>, id: number) {
  return db.selectFrom("approvals").selectAll().where("subjectType", "=", "trip").where("subjectId", "=", id).executeTakeFirstOrThrow();
}
