// Travel policy and trip approvals: standards, car standards, flows, preferences,
// replace-booking, trip applications and the approval engine.
import type { Generated } from "kysely";

// ---- travel policy (standards, car standards, flows, preferences, replace-booking) ----

export interface TravelStandardsTable {
  id: Generated<number>;
  companyId: number;
  tripLevelId: number;
  rules: string; // JSON TravelStandard (src/domain/policy/standard.ts), amounts in fen
  createTime: string;
  updateTime: string;
}

export interface CompanyTravelSettingsTable {
  companyId: number;
  preferences: string | null; // JSON Preferences; null: the defaults
  cityTiers: string | null; // JSON CityTiers; null: the defaults
  updateTime: string;
}

export interface CarStandardsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  rules: string; // JSON: carTypes, allCities, cities, timeWindows, perRideCapFen, monthlyCapFen
  createTime: string;
  updateTime: string;
}

export interface CarStandardLevelsTable {
  carStandardId: number;
  tripLevelId: number;
}

export interface ApprovalFlowsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  covers: string; // trip | order | both
  allEmployees: number;
  departmentIds: string; // JSON number[]
  employeeIds: string; // JSON number[]
  levels: string; // JSON FlowLevel[]
  onTimeout: string; // next | admin
  enabled: number;
  createTime: string;
  updateTime: string;
}

export interface ReplaceBookersTable {
  id: Generated<number>;
  companyId: number;
  bookerEmployeeId: number;
  scope: string; // all | departments | employees
  departmentIds: string; // JSON number[]
  employeeIds: string; // JSON number[]
  createTime: string;
  updateTime: string;
}

// ---- trip applications and the approval engine ----

export interface TripApplicationsTable {
  id: Generated<number>;
  companyId: number;
  noteNo: string;
  applicantMemberId: number;
  applicantEmployeeId: number | null;
  purpose: string;
  scope: string; // domestic | intl
  startDate: string; // YYYY-MM-DD
  endDate: string;
  fromCity: string;
  toCities: string; // JSON string[]
  travellers: string; // JSON { employees: {employeeId, name}[], externals: {name, mobilePhone}[] }
  modes: string; // JSON TravelMode[]
  budgetFen: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface TripApplicationTravellersTable {
  tripApplicationId: number;
  employeeId: number;
}

export interface ApprovalsTable {
  id: Generated<number>;
  companyId: number;
  subjectType: string; // trip | order
  subjectId: number;
  applicantMemberId: number;
  applicantName: string;
  title: string;
  amountFen: number | null;
  withinStandard: number;
  flowId: number | null;
  flowName: string | null;
  onTimeout: string; // next | admin
  levels: string; // JSON { timeoutHours }[] as submitted
  status: string; // ApprovalStatus
  level: number;
  levelCount: number;
  levelDeadline: string | null;
  fareDeadline: string | null;
  submitTime: string | null;
  finishTime: string | null;
  createTime: string;
  updateTime: string;
}

export interface ApprovalAssigneesTable {
  id: Generated<number>;
  approvalId: number;
  level: number;
  memberId: number;
  via: string; // employee | departmentHead | admin | escalation
}

/** One member's part in one approval, kept by triggers (migration 112): what their boxes read. */
export interface ApprovalInboxTable {
  memberId: number;
  approvalId: number;
  /** 1: an approver of some level of it. */
  assigned: number;
  /** 1: approved or rejected it. */
  decided: number;
  /** The approval's. */
  updateTime: string;
  /** While it waits for this member: the nearer deadline (or a key after every date); else null. */
  waitKey: string | null;
}

export interface ApprovalStepsTable {
  id: Generated<number>;
  approvalId: number;
  level: number;
  action: string; // ApprovalAction
  actorMemberId: number | null; // null: the system
  actorName: string;
  comment: string | null;
  fromStatus: string;
  toStatus: string;
  createTime: string;
}
