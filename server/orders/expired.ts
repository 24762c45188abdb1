import { say } from "../services/i18n/catalogue";
/** The timeline note of an order whose time to pay ran out, for every product. */
export const EXPIRED_UNPAID = say("flight.paidTimeCancelledAutomaticallyBy");
