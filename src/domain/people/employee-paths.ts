// The staff routes' paths, alone: the resource registry (first download) needs only these.
export const EMPLOYEE_PATHS = {
  list: "/credit/employee/list",
  detail: "/credit/employee/detail",
  add: "/credit/employee/add",
  update: "/credit/employee/update",
  delete: "/credit/employee/delete",
  status: "/credit/employee/status",
  tripLevels: "/credit/employee/trip_levels",
  importBase: "/credit/employee",
  departments: "/credit/department/list",
  departmentAdd: "/credit/department/add",
  departmentUpdate: "/credit/department/update",
  departmentDelete: "/credit/department/delete",
} as const;
