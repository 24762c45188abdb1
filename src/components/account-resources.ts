// The account pages' saves as Refine resources, so their forms save through Refine's useForm.
// Registered here (not in the resource registry loaded with the first page): these maps are
// needed only once an account page's chunk is loaded, and it imports this module.
// Each save is the member's own record, named by the session, not by an id: a `create` sends
// exactly the form's payload, which the server's strict schema checks (an update would add an id).
import { registerResourceEndpoints } from "../providers/data-provider";
import { PAY_CODE_PATHS } from "../domain/payments/pay-code";

/** The member's profile (name, sex, birthday, email, remark); the reply is the updated member. */
export const MEMBER_PROFILE = "member-profile";
/** The member's 6-digit pay password, set or replaced with an SMS code. */
export const PAY_PASSWORD = "pay-password";
/** One-use pay authorization codes: each create draws a new code (the previous one dies). */
export const PAY_CODES = "pay-codes";

registerResourceEndpoints(MEMBER_PROFILE, { create: "/account/memberUpdate" });
registerResourceEndpoints(PAY_PASSWORD, { create: "/member/updatePayPswd" });
registerResourceEndpoints(PAY_CODES, { create: PAY_CODE_PATHS.generate });
