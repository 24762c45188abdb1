// The account pages' form rules: the login-password change, the pay password and the photo check.
// Fields are checked in order and only the first failure is shown.
// The server receives these passwords as MD5 digests, so the 6-digit pay password
// can only be checked here; "new differs from old" is checked on both sides.
import { z } from "zod";
import { msg, type Lang, type MessageKey } from "../messages";
import { CODE_MAX, PWD_MAX, PWD_MIN, orderedForm, orderedRules } from "./auth";
import { PHOTO_MAX_BYTES, PHOTO_MIMES } from "../profile";

export const PAY_PWD_LENGTH = 6;

// Their texts: messages.<key> in the locale files (their placeholders filled in here).
const TEXTS = {
  oldPassword: "accountOldPassword",
  samePassword: "accountSamePassword",
  payPassword: "accountPayPassword",
  payPasswordFormat: "accountPayPasswordFormat",
  photoType: "accountPhotoType",
  photoSize: "accountPhotoSize",
} as const satisfies Record<string, MessageKey>;
const PARAMS: Partial<Record<keyof typeof TEXTS, Record<string, number>>> = {
  payPasswordFormat: { n: PAY_PWD_LENGTH },
  photoSize: { n: PHOTO_MAX_BYTES / 1024 },
};
/** A message of this file in one language. */
const textOf = (key: keyof typeof TEXTS, lang: Lang = "zh"): string => msg(TEXTS[key], lang, PARAMS[key]);

export function createAccountForms(lang: Lang = "zh") {
  const t = (key: keyof typeof TEXTS) => textOf(key, lang);
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
  if (!(PHOTO_MIMES as readonly string[]).includes(file.type)) return textOf("photoType", lang);
  if (file.size > PHOTO_MAX_BYTES) return textOf("photoSize", lang);
  return null;
}
