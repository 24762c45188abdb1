// Rules shared by the paged lists' search forms and the server routes behind them.

/** A search keyword (name, mobile…) is at most this long, in the form and on the server. */
export const KEYWORD_MAX = 30;

/** One employee as the staff list (/credit/employee/list) answers it. */
export interface EmployeeRow {
  id: number;
  memberId: number | null;
  realName: string | null;
  /** Masked (138****0010); the edit form reads the number from the detail route. */
  mobilePhone: string | null;
  email: string | null;
  position: string | null;
  /** 1 active, 0 disabled. */
  status: number;
  /** The certificates' numbers, masked. */
  certNos: string[];
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
