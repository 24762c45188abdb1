// The catalogue paths of trip applications. The booking flows ask for usable applications and
// the travellers one may name; the applications' own pages save and withdraw.
export const APPLICATION_PATHS = {
  list: "/credit/find_apply_note",
  save: "/credit/add_apply_note",
  detail: "/credit/get_trip_apply_note",
  withdraw: "/credit/apply_note/withdraw",
  travellers: "/api/v1/trip_manager/employee_rsrv/travellers",
  myStandard: "/member/center/my_standard",
  /** Approved applications a business booking may name. */
  usable: "/credit/apply_note/usable",
} as const;
