// Test users shared by the access tests. Every base user satisfies all attribute rules
// (trip flags, canAudit, pnrImport) so the matrix shows the type and partner rules alone.
import type { AccessSubject } from "../../src/access";

const ALL_FLAGS = {
  creditEmployee: {
    tripLevel: { approveFlag: 1, feeFlag: 1, changeApprove: 1, overproof: 1, overApprove: 1 },
    canAudit: 1,
  },
};

export const SUB_MEMBER: AccessSubject = { memberType: 10, creditMemberId: 9, creditEmployeeId: 71, pnrImport: 1, ...ALL_FLAGS };
export const COMPANY: AccessSubject = { memberType: 70, creditMemberId: 9, pnrImport: 1 };

/** Column order of the matrix. */
export const COLUMNS = ["10", "20", "30", "40", "50", "70", "7_0", "guest", "thS", "thM", "wlS", "wl10"] as const;
export type Column = (typeof COLUMNS)[number];

export const SUBJECTS: Record<Column, AccessSubject | null> = {
  "10": { memberType: 10, pnrImport: 1 },
  "20": { memberType: 20, pnrImport: 1 },
  "30": { memberType: 30, pnrImport: 1 },
  "40": { memberType: 40, pnrImport: 1 },
  "50": { memberType: 50, pnrImport: 1 },
  "70": COMPANY,
  "7_0": SUB_MEMBER,
  guest: null,
  // Tianhe: a sub-member and a company admin entering through the partner's app.
  thS: { ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "tianhe" },
  thM: { ...COMPANY, isThirdParty: 1, thirdPartyName: "tianhe" },
  // Weilan: a sub-member and an individual member.
  wlS: { ...SUB_MEMBER, isThirdParty: 1, thirdPartyName: "weilan" },
  wl10: { memberType: 10, pnrImport: 1, isThirdParty: true, thirdPartyName: "weilan" },
};
