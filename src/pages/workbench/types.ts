// What the workbenches read from the server: the /member/info user,
// /account/AppAccount and /member/center/companystatistics. Only the fields the pages use.
import type { MemberTypeKey } from "../../domain/member";
import type { AccessSubject, Flag } from "../../access";
export type { AccountSummary } from "../../domain/payments/types";

export interface TripLevel {
  id?: number;
  name: string;
  approveFlag: Flag;
  feeFlag: Flag;
  changeApprove: Flag;
  overproof: Flag;
  overApprove: Flag;
}

export interface WorkbenchUser extends AccessSubject {
  id: number;
  realName: string | null;
  mobilePhone: string;
  memberTypeKey: MemberTypeKey;
  memberTypeCN: string;
  memberLevel: number;
  experienceDate: string | null;
  ticketOrderCount: number;
  paymentLimits: string[];
  creditMember: { id: number; companyName: string } | null;
  creditEmployee: {
    id: number;
    departmentName: string | null;
    employeeLevel: string | null;
    canAudit: Flag;
    tripLevel: TripLevel | null;
  } | null;
}

export interface CompanyStatistics {
  companyId: number;
  companyName: string;
  employeeCount: number;
  departmentCount: number;
  tripLevelCount: number;
  auditorCount: number;
  departments: { id: number; name: string; employeeCount: number }[];
}

/** The four workbenches; each names the header button that leads to it (src/access/tree.ts). */
export type WorkbenchKind = "company" | "travel" | "personal" | "distribution";
