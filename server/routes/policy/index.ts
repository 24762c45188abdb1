// Travel policy: standards, car standards, approval flows, preferences, replace-booking, trip
// applications, approvals and the employee's own standard.
import { standardRoutes } from "./standards";
import { carStandardRoutes } from "./car-standards";
import { flowRoutes } from "./flows";
import { preferenceRoutes } from "./preferences";
import { replaceBookerRoutes } from "./replace-bookers";
import { applicationRoutes } from "./applications";
import { approvalRoutes } from "./approvals";
import { myStandardRoutes } from "./my-standard";

export const policyRoutes = [
  ...standardRoutes,
  ...carStandardRoutes,
  ...flowRoutes,
  ...preferenceRoutes,
  ...replaceBookerRoutes,
  ...applicationRoutes,
  ...approvalRoutes,
  ...myStandardRoutes,
];
