// The company's disrupted trips (航变行程, the travel manager) as a Refine resource's endpoints,
// listed at TripDisruptions. No ResourceProps: no menu or breadcrumb reads it (the permission
// tree names the page), and this registry loads with the first page.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { DISRUPTION_PATHS } from "../../domain/disruptions/paths";

export const COMPANY_DISRUPTIONS = "company-disruptions";

export const companyDisruptionsEndpoints: ResourceEndpoints = { list: DISRUPTION_PATHS.companyList };
