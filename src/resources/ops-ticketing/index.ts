// The operator console's ticketing queue (出票队列) as a Refine resource: the list, one order's
// detail, and its actions (take, release, enter the tickets, fail) as update actions on their own
// paths. Registered by the console when its chunk loads, so the member portal carries none of it.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { OPS_PATHS } from "../../domain/ops/paths";

export const OPS_TICKETING = "ops-ticketing";
export const opsTicketingEndpoints: ResourceEndpoints = {
  list: OPS_PATHS.ticketingList,
  one: OPS_PATHS.ticketingDetail,
  actions: {
    take: OPS_PATHS.ticketingTake,
    release: OPS_PATHS.ticketingRelease,
    ticket: OPS_PATHS.ticketingTicket,
    fail: OPS_PATHS.ticketingFail,
  },
};
