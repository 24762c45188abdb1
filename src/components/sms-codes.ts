// The SMS codes the portal sends as Refine resources: each 获取验证码 creates one (the server
// texts it to the phone and keeps it a few minutes). Registered here, with the login and account
// chunks that import this module, not in the resource registry loaded with the first page.
import { registerResourceEndpoints } from "../providers/data-provider";

/** A sign-in code (its own call: it tells whether the phone has an account). */
export const LOGIN_CODES = "login-codes";
/** A code for registering, resetting the password, the pay password or binding a bank card. */
export const SMS_CODES = "sms-codes";

registerResourceEndpoints(LOGIN_CODES, { create: "/login/appNewLoginPhoneCode" });
registerResourceEndpoints(SMS_CODES, { create: "/common/sendCode" });
