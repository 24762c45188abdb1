// Trip applications as a Refine resource: the applicant's list (TravelApplicationList), the new
// application (AddTravelApplication) and one application with its approval (ApplyDetails).
// Saving is the resource's create, withdrawing the named action "withdraw".
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { TravelMode, TripScope } from "../../domain/policy";
import type { ApprovalRow, ApprovalView } from "../approvals";

import { APPLICATION_PATHS } from "../../domain/application-paths";

export { APPLICATION_PATHS };

export const travelApplicationsResource: ResourceProps = {
  name: "travel-applications",
  list: pathFor("TravelApplicationList"),
  create: pathFor("AddTravelApplication"),
  meta: { label: "出差申请" },
};

export const travelApplicationsEndpoints: ResourceEndpoints = {
  list: APPLICATION_PATHS.list,
  one: APPLICATION_PATHS.detail,
  // A new application is saved and submitted to its approval flow at once.
  create: APPLICATION_PATHS.save,
  actions: { withdraw: APPLICATION_PATHS.withdraw },
};

export const applyDetailPath = (id: number | string) => pathFor("ApplyDetails", undefined, { id: String(id) });

/** An application as the server shows it. */
export interface ApplicationView {
  id: number;
  noteNo: string;
  applicantMemberId: number;
  purpose: string;
  scope: TripScope;
  scopeLabel: string;
  startDate: string;
  endDate: string;
  fromCity: string;
  toCities: string[];
  travellers: {
    employees: { employeeId: number; name: string; mobilePhone: string | null }[];
    externals: { name: string; mobilePhone: string | null }[];
  };
  modes: TravelMode[];
  modeLabels: string[];
  budgetFen: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface ApplicationListRow extends ApplicationView {
  approval: ApprovalRow;
}

export interface ApplicationDetail extends ApplicationView {
  approval: ApprovalView;
}

/** A colleague the applicant may name as a traveller. */
export interface TravellerOption {
  employeeId: number;
  realName: string | null;
  mobilePhone: string | null;
  departmentName: string | null;
  self: boolean;
}
