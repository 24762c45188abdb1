// The staff resources' own paths (employees, departments, the trip levels to pick from), alone:
// the resource registry (first download) needs only these.
export const EMPLOYEE_RESOURCE_PATHS = {
  list: "/credit/employee/list",
  detail: "/credit/employee/detail",
  add: "/credit/employee/add",
  update: "/credit/employee/update",
  delete: "/credit/employee/delete",
  status: "/credit/employee/status",
  departments: "/credit/department/list",
  departmentAdd: "/credit/department/add",
  departmentUpdate: "/credit/department/update",
  departmentDelete: "/credit/department/delete",
  tripLevels: "/credit/employee/trip_levels",
} as const;
