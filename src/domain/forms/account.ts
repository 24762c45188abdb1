// The account pages' form rules: the login-password change, the pay password and the photo check.
// Fields are checked in order and only the first failure is shown.
// The server receives these passwords as MD5 digests, so the 6-digit pay password
// can only be checked here; "new differs from old" is checked on both sides.
import { z } from "zod";
import { msg, type Lang } from "../messages";
import { CODE_MAX, PWD_MAX, PWD_MIN, orderedForm, orderedRules } from "./auth";
import { PHOTO_MAX_BYTES, PHOTO_MIMES } from "../profile";

export const PAY_PWD_LENGTH = 6;

const TEXTS = {
  oldPassword: { zh: "请输入原密码", en: "Please enter the current password" },
  samePassword: { zh: "新密码不能与原密码相同", en: "The new password must differ from the current one" },
  payPassword: { zh: "请设置支付密码", en: "Please set a payment password" },
  payPasswordFormat: { zh: `支付密码须为${PAY_PWD_LENGTH}位数字`, en: `The payment password is ${PAY_PWD_LENGTH} digits` },
  photoType: { zh: "仅支持PNG、JPEG、WebP格式的图片", en: "Only PNG, JPEG and WebP images are supported" },
  photoSize: { zh: `图片大小不能超过${PHOTO_MAX_BYTES / 1024}KB`, en: `The image may be at most ${PHOTO_MAX_BYTES / 1024} KB` },
} as const;

export function createAccountForms(lang: Lang = "zh") {
  const t = (key: keyof typeof TEXTS) => TEXTS[key][lang];
  const m = (key: Parameters<typeof msg>[0]) => msg(key, lang);
  const text = (empty: string) => orderedRules(z.string({ error: empty }), [[(v) => v !== "", empty]]);

  return {
    /** POST /updatePsw: current password, then the new one twice. */
    changePassword: orderedForm(
      {
        oldPswd: text(t("oldPassword")),
        pswd: orderedRules(z.string({ error: m("newPasswordRequired") }), [
          [(v) => v !== "", m("newPasswordRequired")],
          [(v) => v.length >= PWD_MIN && v.length <= PWD_MAX, m("passwordLength")],
        ]),
        pswd2: text(m("confirmPasswordRequired")),
      },
      {
        pswd: (v) => (v.pswd === v.oldPswd ? t("samePassword") : null),
        pswd2: (v) => (v.pswd2 === v.pswd ? null : m("passwordMismatch")),
      },
    ),
    /** POST /member/updatePayPswd: the SMS code sent to the member's phone, then 6 digits twice. */
    payPassword: orderedForm(
      {
        smsCode: orderedRules(z.string({ error: m("smsCodeRequired") }), [
          [(v) => v.trim() !== "", m("smsCodeRequired")],
          [(v) => new RegExp(`^\\d{${CODE_MAX}}$`).test(v.trim()), m("smsCodeFormat")],
        ]),
        payPswd: orderedRules(z.string({ error: t("payPassword") }), [
          [(v) => v !== "", t("payPassword")],
          [(v) => new RegExp(`^\\d{${PAY_PWD_LENGTH}}$`).test(v), t("payPasswordFormat")],
        ]),
        payPswd2: text(m("confirmPasswordRequired")),
      },
      { payPswd2: (v) => (v.payPswd2 === v.payPswd ? null : m("passwordMismatch")) },
    ),
  };
}

export const ACCOUNT_FORMS: Readonly<Record<Lang, ReturnType<typeof createAccountForms>>> = {
  zh: createAccountForms("zh"),
  en: createAccountForms("en"),
};

/** Why a chosen photo cannot be uploaded, checked before it is read; null when it can. */
export function photoProblem(file: { type: string; size: number }, lang: Lang = "zh"): string | null {
  if (!(PHOTO_MIMES as readonly string[]).includes(file.type)) return TEXTS.photoType[lang];
  if (file.size > PHOTO_MAX_BYTES) return TEXTS.photoSize[lang];
  return null;
}
