// The staff resource's own paths, alone: the resource registry (first download) needs only these.
export const EMPLOYEE_RESOURCE_PATHS = {
  list: "/credit/employee/list",
  detail: "/credit/employee/detail",
  add: "/credit/employee/add",
  update: "/credit/employee/update",
  delete: "/credit/employee/delete",
  departments: "/credit/department/list",
} as const;
