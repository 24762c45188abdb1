// Account-centre rules shared by the portal's forms and the server (the account calls):
// profile edits, password changes, pay password, SMS code types and the member photo.
import { z } from "zod";
import { isChineseOnly, isEmail as isEmailAddress, isEnglishOnly, isMobile } from "./validators";
import { compareYMD, isRealDate, ymdOf } from "./format";
import { msg, type Lang } from "./messages";
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

const TEXTS = {
  realName: { zh: "姓名须为2-20个中文或英文字符", en: "The name must be 2-20 Chinese or English letters" },
  email: { zh: "请输入正确的邮箱地址", en: "Please enter a correct email address" },
  sex: { zh: "性别只能是1（男）或2（女）", en: "Sex must be 1 (male) or 2 (female)" },
  birthday: { zh: "生日须为今天以前的日期，格式为YYYY-MM-DD", en: "The birthday must be a past date as YYYY-MM-DD" },
  remark: { zh: `备注最多${REMARK_MAX}个字符`, en: `The remark may have at most ${REMARK_MAX} characters` },
  nothing: { zh: "请至少填写一项要修改的资料", en: "Please fill in at least one field to change" },
  oldPassword: { zh: "请输入原密码", en: "Please enter the current password" },
  payPassword: { zh: "请设置支付密码", en: "Please set a payment password" },
  codeType: { zh: "验证码类型不正确", en: "Unknown verification code type" },
  fileName: { zh: "文件名不正确", en: "Invalid file name" },
  mime: { zh: "仅支持PNG、JPEG、WebP格式的图片", en: "Only PNG, JPEG and WebP images are supported" },
  base64: { zh: "图片数据不是有效的Base64编码", en: "The image data is not valid Base64" },
  empty: { zh: "图片内容为空", en: "The image is empty" },
  tooBig: { zh: `图片大小不能超过${PHOTO_MAX_BYTES / 1024}KB`, en: `The image may be at most ${PHOTO_MAX_BYTES / 1024} KB` },
} as const;

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
  const t = (key: keyof typeof TEXTS) => TEXTS[key][lang];
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
