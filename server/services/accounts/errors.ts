// Business failures of the account calls: one ret per kind so the portal can react (e.g. switch
// to the login form on PHONE_REGISTERED), each with a plain Chinese message.
import { said, type Text } from "../i18n/text";
import { BizError, RET } from "../http/envelope";

export const ACCOUNT_RET = {
  SMS_WAIT: RET.TOO_MANY,
  SMS_MISSING: 1101,
  SMS_WRONG: 1102,
  SMS_EXPIRED: 1103,
  SMS_DEAD: 1104,
  SMS_USED: 1105,
  LOGIN_FAILED: 1201,
  LOGIN_LOCKED: 1202,
  ACCOUNT_DISABLED: 1203,
  OLD_PASSWORD_WRONG: 1204,
  SAME_PASSWORD: 1205,
  CAPTCHA_REQUIRED: 1206,
  CAPTCHA_WRONG: 1207,
  PAY_PASSWORD_WRONG: 1208,
  PAY_PASSWORD_LOCKED: 1209,
  PAY_PASSWORD_UNSET: 1210,
  REGISTER_TOO_OFTEN: 1305,
  PHONE_REGISTERED: 1301,
  PHONE_UNKNOWN: 1302,
  REFERRER_UNKNOWN: 1303,
  NOT_OWN_PHONE: 1304,
  PARTNER_UNKNOWN: 1401,
  SIGN_INVALID: 1402,
  SIGN_EXPIRED: 1403,
  SIGN_FUTURE: 1404,
  SIGN_REPLAYED: 1405,
  PARTNER_NO_MEMBER: 1406,
  FILE_NOT_FOUND: 1501,
  PHOTO_MISMATCH: 1502,
} as const;

export const ACCOUNT_MSG = {
  smsSent: said("accounts.smsCodeHasBeenSent"),
  // Login and reset codes: the same words whether or not the phone is registered.
  smsSentIfRegistered: said("accounts.ifMobileNumberRegisteredCode"),
  registerTooOften: said("accounts.tooManySignUpsTry"),
  smsMissing: said("accounts.getSmsCodeFirst"),
  smsExpired: said("accounts.smsCodeHasExpiredGet"),
  smsUsed: said("accounts.smsCodeHasBeenUsed"),
  smsDead: said("accounts.tooManyWrongCodesCode"),
  captchaRequired: said("accounts.enterVerificationCode"),
  captchaWrong: said("accounts.wrongVerificationCode"),
  phoneRegistered: said("accounts.mobileNumberRegisteredSign"),
  phoneUnknown: said("accounts.mobileNumberRegistered"),
  referrerUnknown: said("accounts.referrerDoesExistCheckReferrer"),
  disabled: said("accounts.accountDisabledContactCustomerService"),
  companyDisabled: said("accounts.companyDisabledContactCustomerService"),
  oldPasswordWrong: said("accounts.wrongOldPassword"),
  samePassword: said("accounts.newPasswordSameAsOld"),
  notOwnPhone: said("accounts.codeOnlySentOwnBound"),
  partnerUnknown: said("accounts.unknownPartnerApplicationAppidEnter"),
  signInvalid: said("accounts.signatureCheckFailedEnterAgain"),
  signExpired: said("accounts.signatureHasExpiredEnterAgain"),
  signFuture: said("accounts.invalidSignatureTimeCheckDevice"),
  signReplayed: said("accounts.signatureHasBeenUsedEnter"),
  partnerNoMember: said("accounts.partnerAccountOpenedYetContact"),
  fileNotFound: said("accounts.fileFound"),
  photoMismatch: said("accounts.imageContentDoesMatchChosen"),
} as const;

export const smsWrongMsg = (left: number) => said("accounts.wrongSmsCodeAttemptsLeft", { left });
export const smsWaitMsg = (seconds: number) => said("accounts.codesAreSentTooOften", { seconds });
export const loginFailedMsg = (left: number) => said("accounts.wrongAccountPasswordAttemptsLeft", { left });
export const loginLockedMsg = (minutes: number) => said("accounts.tooManyWrongPasswordsTry", { minutes });

export function accountError(ret: number, msg: Text | string, data: unknown = null): BizError {
  return new BizError(ret, msg, data);
}
