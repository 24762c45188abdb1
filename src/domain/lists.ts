// Rules shared by the paged lists' search forms and the server routes behind them.

/** A search keyword (name, mobile…) is at most this long, in the form and on the server. */
export const KEYWORD_MAX = 30;

/** One employee as the staff list (/credit/employee/list) answers it. */
export interface EmployeeRow {
  id: number;
  memberId: number | null;
  realName: string | null;
  mobilePhone: string | null;
  departmentId: number | null;
  departmentName: string | null;
  employeeLevel: string | null;
  tripLevelName: string | null;
  approveFlag: number;
  feeFlag: number;
  changeApprove: number;
  overproof: number;
  overApprove: number;
  canAudit: number;
  createTime: string;
}
