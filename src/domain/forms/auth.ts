// Login dialog forms and the payloads the login/account API receives.
// Both come from one factory per language, so zh and en share every rule.

import { z } from "zod";
import { msg, type Lang, type MessageKey } from "../messages";
import { isMobile } from "../validators";
import { zOptionalString, zText } from "../zod";
import { orderedForm, orderedRules, type RawValues } from "./ordered";

export { firstError, fieldErrors, orderedForm, orderedRules } from "./ordered";

// ---- limits ----

export const PHONE_MAX = 11;
export const CODE_MAX = 6;
export const PWD_MIN = 6;
export const PWD_MAX = 16;
export const CAPTCHA_LENGTH = 4;
/** An account name (or phone) typed into the login form is at most this long. */
export const ACCOUNT_MAX = 50;
/** Passwords travel as 32 hex characters of MD5. */
export const DIGEST_LENGTH = 32;
/** Typing this instead of the captcha passes it, outside production only (the server decides). */
export const CAPTCHA_BYPASS = "-9990";

// ---- dialog modes ----

export const LOGIN_MODE = { account: 1, mobile: 2, register: 3, reset: 4 } as const;
export type LoginMode = (typeof LOGIN_MODE)[keyof typeof LOGIN_MODE];

/** The global open-dialog request maps login, register, reset to modes 1, 3, 4. */
export function loginModeForRequest(request: "login" | "register" | "reset" | string): LoginMode {
  if (request === "register") return LOGIN_MODE.register;
  if (request === "reset") return LOGIN_MODE.reset;
  return LOGIN_MODE.account;
}

// ---- captcha ----

// The picture and its answer come from the server, which checks the answer; the browser only
// refuses what cannot be an answer (its shape), so a typo costs no round trip.
export const CAPTCHA_CHARS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";
const CAPTCHA_SHAPE = new RegExp(`^[${CAPTCHA_CHARS}]{${CAPTCHA_LENGTH}}$`);

/** A typed captcha that could be right: 4 characters of the set (case and blanks ignored), or the bypass. */
export function captchaShapeOk(typed: unknown): boolean {
  if (typeof typed !== "string") return false;
  const input = typed.trim();
  return input === CAPTCHA_BYPASS || CAPTCHA_SHAPE.test(input) || CAPTCHA_SHAPE.test(input.toUpperCase()) || CAPTCHA_SHAPE.test(input.toLowerCase());
}

export { passwordDigest } from "../password-digest";

// ---- schemas ----

export function createAuthSchemas(lang: Lang = "zh") {
  const m = (key: MessageKey) => msg(key, lang);
  const str = (key: MessageKey) => z.string({ error: m(key) });

  /** Non-blank text without control characters, at most `max` long; surrounding blanks are trimmed. */
  const required = (key: MessageKey, max = 200, label?: string) =>
    orderedRules(zText({ max, trim: true, typeError: m(key), lang, label }), [[(v) => v !== "", m(key)]]);
  const phone = () => orderedRules(str("mobileInvalid").max(PHONE_MAX, m("mobileInvalid")), [[isMobile, m("mobileInvalid")]]);
  /** A password being set: empty has its own message, then 6-16 characters. */
  const newPassword = (emptyKey: MessageKey) =>
    orderedRules(str(emptyKey), [
      [(v) => v !== "", m(emptyKey)],
      [(v) => v.length >= PWD_MIN && v.length <= PWD_MAX, m("passwordLength")],
    ]);
  /** MD5 hex as sent by the portal; lowercased so either case names the same password. */
  const digest = (emptyKey: MessageKey) =>
    orderedRules(str(emptyKey).max(DIGEST_LENGTH, m("passwordFormat")), [
      [(v) => v !== "", m(emptyKey)],
      [(v) => /^[0-9a-f]{32}$/i.test(v), m("passwordFormat")],
    ]).toLowerCase();
  const smsCode = () =>
    orderedRules(str("smsCodeRequired").max(CODE_MAX, m("smsCodeFormat")), [
      [(v) => v !== "", m("smsCodeRequired")],
      [(v) => new RegExp(`^\\d{${CODE_MAX}}$`).test(v), m("smsCodeFormat")],
    ]);

  const captchaCheck = (values: RawValues) => (captchaShapeOk(values.accCode) ? null : m("captchaError"));
  const confirmCheck = (values: RawValues) => (values.pswd2 === values.pswd ? null : m("passwordMismatch"));

  return {
    /** Mode 1: account + password + picture captcha. */
    accountLogin: orderedForm(
      {
        mobilePhone: required("accountRequired"),
        loginPsw: orderedRules(str("accountPasswordRequired"), [[(v) => v !== "", m("accountPasswordRequired")]]),
        accCode: required("captchaRequired"),
        // The id of the picture shown; without one only the bypass can pass on the server.
        captchaId: z.string({ error: m("captchaError") }).max(64, m("captchaError")).optional(),
      },
      { accCode: captchaCheck },
    ),
    /** Mode 2: mobile + SMS code. */
    mobileLogin: orderedForm({
      mobilePhone: phone(),
      code: required("smsCodeRequired"),
    }),
    /** Mode 3: register. */
    register: orderedForm({
      mobilePhone: phone(),
      code: required("smsCodeRequired"),
      loginPwd: newPassword("loginPasswordRequired"),
      refermobilephone: orderedRules(z.string({ error: m("mobileInvalid") }).optional(), [
        [(v) => v === undefined || v === "" || isMobile(v), m("mobileInvalid")],
      ]),
      agreement: orderedRules(z.boolean({ error: m("agreementRequired") }), [
        [(v) => v === true, m("agreementRequired")],
      ]),
    }),
    /** Mode 4: reset password. */
    reset: orderedForm(
      {
        mobilePhone: phone(),
        smsCode: required("smsCodeRequired"),
        pswd: newPassword("newPasswordRequired"),
        pswd2: orderedRules(str("confirmPasswordRequired"), [[(v) => v !== "", m("confirmPasswordRequired")]]),
      },
      { pswd2: confirmCheck },
    ),

    // What the API receives; extra keys such as token and timestamp are stripped.
    /** POST /login/appNewLogin — mobilePhone holds a phone or an account name. */
    accountLoginPayload: orderedForm({
      mobilePhone: required("accountRequired", ACCOUNT_MAX, lang === "zh" ? "账号" : "The account"),
      loginPsw: digest("accountPasswordRequired"),
    }),
    /** POST /login/appNewLoginMobile */
    mobileLoginPayload: orderedForm({ mobilePhone: phone(), code: smsCode() }),
    /** POST /login/appNewLoginPhoneCode and the other send-code calls. */
    sendCodePayload: orderedForm({ mobilePhone: phone() }),
    /** POST /register/appRegisterSave */
    registerPayload: orderedForm({
      mobilePhone: phone(),
      code: smsCode(),
      loginPwd: digest("loginPasswordRequired"),
      refermobilephone: zOptionalString(phone(), m("mobileInvalid")),
    }),
    /** POST /updatePswd */
    resetPayload: orderedForm({
      mobilePhone: phone(),
      smsCode: smsCode(),
      pswd: digest("newPasswordRequired"),
    }),
  };
}

export type AuthSchemas = ReturnType<typeof createAuthSchemas>;

export const AUTH_SCHEMAS: Readonly<Record<Lang, AuthSchemas>> = {
  zh: createAuthSchemas("zh"),
  en: createAuthSchemas("en"),
};

export const {
  accountLogin: accountLoginSchema,
  mobileLogin: mobileLoginSchema,
  register: registerSchema,
  reset: resetSchema,
  accountLoginPayload: accountLoginPayloadSchema,
  mobileLoginPayload: mobileLoginPayloadSchema,
  sendCodePayload: sendCodePayloadSchema,
  registerPayload: registerPayloadSchema,
  resetPayload: resetPayloadSchema,
} = AUTH_SCHEMAS.zh;

export type AccountLoginValues = z.input<typeof accountLoginSchema>;
export type MobileLoginValues = z.input<typeof mobileLoginSchema>;
export type RegisterValues = z.input<typeof registerSchema>;
export type ResetValues = z.input<typeof resetSchema>;
export type AccountLoginPayload = z.output<typeof accountLoginPayloadSchema>;
export type MobileLoginPayload = z.output<typeof mobileLoginPayloadSchema>;
export type SendCodePayload = z.output<typeof sendCodePayloadSchema>;
export type RegisterPayload = z.output<typeof registerPayloadSchema>;
export type ResetPayload = z.output<typeof resetPayloadSchema>;
