// Account-centre rules shared by the portal's forms and the server (the account calls):
// profile edits, password changes, pay password, SMS code types and the member photo.
import { z } from "zod";
import { isChineseOnly, isEmail as isEmailAddress, isEnglishOnly, isMobile } from "./validators";
import { compareYMD, isRealDate, ymdOf } from "./format";
import { msg, type Lang, type MessageKey } from "./messages";
import { zInt, zOptionalString, zText } from "./zod";
import { CODE_MAX, DIGEST_LENGTH, PHONE_MAX } from "./forms/auth";

export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 20;
export const REMARK_MAX = 200;
export const EMAIL_MAX = 100;
export const PHOTO_MIMES = ["image/png", "image/jpeg", "image/webp"] as const;
export type PhotoMime = (typeof PHOTO_MIMES)[number];
export const PHOTO_MAX_BYTES = 512 * 1024;
/** Base64 of the largest photo, with room for line breaks and a data: URL prefix. */
export const PHOTO_BASE64_MAX = Math.ceil(((PHOTO_MAX_BYTES * 4) / 3) * 1.05) + 100;
export const BIRTHDAY_LENGTH = 10;
/** SMS code purposes of POST /common/sendCode and /common/verifyCode. */
export const SMS_CODE_TYPES = ["register", "reset", "login", "verify", "paypwd", "bindBankCard"] as const;
/** Codes that only the signed-in member may ask for, and only to their own phone. */
export const OWN_PHONE_SMS_TYPES: readonly (typeof SMS_CODE_TYPES)[number][] = ["paypwd", "bindBankCard"];

// Their texts: messages.<key> in the locale files (their placeholders filled in here).
const TEXTS = {
  realName: "profileRealName",
  email: "profileEmail",
  sex: "profileSex",
  birthday: "profileBirthday",
  remark: "profileRemark",
  nothing: "profileNothing",
  oldPassword: "profileOldPassword",
  payPassword: "profilePayPassword",
  codeType: "profileCodeType",
  fileName: "profileFileName",
  mime: "profileMime",
  base64: "profileBase64",
  empty: "profileEmpty",
  tooBig: "profileTooBig",
} as const satisfies Record<string, MessageKey>;
const PARAMS: Partial<Record<keyof typeof TEXTS, Record<string, number>>> = {
  remark: { n: REMARK_MAX },
  tooBig: { n: PHOTO_MAX_BYTES / 1024 },
};
/** A message of this file in one language. */
const textOf = (key: keyof typeof TEXTS, lang: Lang = "zh"): string => msg(TEXTS[key], lang, PARAMS[key]);

/** 2-20 characters, Chinese only or English only. */
export function isRealName(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const length = [...value].length;
  return length >= REAL_NAME_MIN && length <= REAL_NAME_MAX && (isChineseOnly(value) || isEnglishOnly(value));
}

/** The email rule of validators.ts, within the profile's EMAIL_MAX. */
export function isEmail(value: unknown): boolean {
  return typeof value === "string" && value.length <= EMAIL_MAX && isEmailAddress(value);
}

/** 'YYYY-MM-DD', a real date from 1900 on and before today (local date). */
export function isPastBirthday(value: unknown, today: Date = new Date()): boolean {
  if (typeof value !== "string") return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const ymd = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return ymd.year >= 1900 && isRealDate(ymd.year, ymd.month, ymd.day) && compareYMD(ymd, ymdOf(today)) < 0;
}

/** The image type its first bytes announce, or null (checked against the declared mime). */
export function imageMimeOf(bytes: Uint8Array): PhotoMime | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return null;
}

/** Bytes a Base64 text decodes to, without decoding it. */
export function base64Size(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

export function createProfileSchemas(lang: Lang = "zh") {
  const t = (key: keyof typeof TEXTS) => textOf(key, lang);
  const digest = (emptyMessage: string) =>
    z
      .string({ error: emptyMessage })
      .min(1, emptyMessage)
      .max(DIGEST_LENGTH, msg("passwordFormat", lang))
      .regex(/^[0-9a-fA-F]{32}$/, msg("passwordFormat", lang))
      .transform((v) => v.toLowerCase());
  const smsCode = z
    .string({ error: msg("smsCodeRequired", lang) })
    .min(1, msg("smsCodeRequired", lang))
    .max(CODE_MAX, msg("smsCodeFormat", lang))
    .regex(new RegExp(`^\\d{${CODE_MAX}}$`), msg("smsCodeFormat", lang));
  const phone = z.string({ error: msg("mobileInvalid", lang) }).max(PHONE_MAX, msg("mobileInvalid", lang)).refine(isMobile, msg("mobileInvalid", lang));

  return {
    /** POST /common/sendCode */
    sendCodePayload: z.object({ mobilePhone: phone, type: z.enum(SMS_CODE_TYPES, { error: t("codeType") }) }).strict(),
    /** POST /common/verifyCode */
    verifyCodePayload: z.object({ mobilePhone: phone, code: smsCode, type: z.enum(SMS_CODE_TYPES, { error: t("codeType") }) }).strict(),
    /** POST /updatePsw (signed in): change the login password. */
    changePasswordPayload: z.object({ oldPswd: digest(t("oldPassword")), pswd: digest(msg("newPasswordRequired", lang)) }).strict(),
    /** POST /member/updatePayPswd */
    payPasswordPayload: z.object({ payPswd: digest(t("payPassword")), smsCode }).strict(),
    /** POST /account/memberUpdate: absent or empty fields stay as they are; remark '' clears it. */
    memberUpdatePayload: z
      .object({
        realName: zOptionalString(z.string().max(REAL_NAME_MAX, t("realName")).refine(isRealName, t("realName")), t("realName")),
        email: zOptionalString(z.string().max(EMAIL_MAX, t("email")).refine(isEmail, t("email")), t("email")),
        sex: zInt({ min: 1, max: 2, error: t("sex") }).optional(),
        birthday: zOptionalString(z.string().max(BIRTHDAY_LENGTH, t("birthday")).refine((v) => isPastBirthday(v), t("birthday")), t("birthday")),
        remark: zText({ max: REMARK_MAX, multiline: true, lang, label: lang === "zh" ? "备注" : "The remark", typeError: t("remark") }).optional(),
      })
      .strict()
      .refine((v) => Object.values(v).some((x) => x !== undefined), t("nothing")),
    /** POST /member/photo/upload; a data: URL prefix is accepted and dropped. */
    photoUploadPayload: z
      .object({
        fileName: z
          .string({ error: t("fileName") })
          .trim()
          .min(1, t("fileName"))
          .max(100, t("fileName"))
          .refine((v) => !/[\\/\u0000-\u001f]/.test(v), t("fileName")),
        mime: z.enum(PHOTO_MIMES, { error: t("mime") }),
        dataBase64: z
          .string({ error: t("base64") })
          .max(PHOTO_BASE64_MAX, t("tooBig"))
          .transform((v) => v.replace(/^data:[\w/+.-]+;base64,/, "").replace(/\s+/g, ""))
          .refine((v) => v.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(v), t("base64"))
          .refine((v) => v.length > 0, t("empty"))
          .refine((v) => base64Size(v) <= PHOTO_MAX_BYTES, t("tooBig")),
      })
      .strict(),
  };
}

export const PROFILE_SCHEMAS: Readonly<Record<Lang, ReturnType<typeof createProfileSchemas>>> = {
  zh: createProfileSchemas("zh"),
  en: createProfileSchemas("en"),
};
