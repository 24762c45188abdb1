import { describe, expect, it } from "vitest";
import * as domain from "../../src/domain";

// The barrel is what server/ and src/ import; a rule missing from it is a rule someone rewrites.
describe("src/domain index", () => {
  it.each([
    "memberTypeKey", "MESSAGES", "msg", "isMobile", "isLandline", "isMainlandIdCard", "idCardBirthDate",
    "isMilitaryCard", "isHkMacauPass", "isPassport", "isBankCard", "isMoney", "isChineseOnly", "isEnglishOnly",
    "isDateYMD", "certNoValid", "label", "AIR_ORDER_STATUS", "orderStatusColor", "INSURANCE_STATUS", "CERT_TYPES",
    "PASSENGER_TYPES", "passengerAgeBand", "childFare",
    "OVER_STANDARD_ALLOWANCE", "isOverStandard", "formatFen", "parseYuan", "parseYMD", "formatYMD", "REQUEST_TIMEOUT_MS",
    "zInt", "zBool", "zOptionalString", "accountLoginSchema", "mobileLoginSchema", "registerSchema", "resetSchema",
    "firstError", "accountLoginPayloadSchema", "mobileLoginPayloadSchema", "sendCodePayloadSchema",
    "registerPayloadSchema", "resetPayloadSchema", "PHONE_MAX", "CAPTCHA_BYPASS",
  ])("exports %s", (name) => expect((domain as Record<string, unknown>)[name]).toBeDefined());
});
