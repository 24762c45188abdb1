// A flight order's refunds and changes as Refine resources, so their dialogs submit through
// Refine's useForm (a create each). Registered here, with the dialogs' chunk, not in the resource
// registry loaded with the first page: the paths live beside their zod schemas.
import { registerResourceEndpoints } from "../../providers/data-provider";
import { FLIGHT_AFTER_SALES_PATHS } from "../../domain/orders/flight-after-sales";

/** A refund of some of an order's tickets (the reply is the refund quote it keeps). */
export const FLIGHT_REFUNDS = "flight-refunds";
/** A confirmed change of some tickets to another fare (the reply says what is left to pay). */
export const FLIGHT_CHANGES = "flight-changes";

registerResourceEndpoints(FLIGHT_REFUNDS, { create: FLIGHT_AFTER_SALES_PATHS.refundSubmit });
registerResourceEndpoints(FLIGHT_CHANGES, { create: FLIGHT_AFTER_SALES_PATHS.confirmChange });
