// Certificate rules of travellers: which number a certificate type accepts (with the message the
// form shows), what a mainland ID number says about its holder, and how numbers are masked in
// lists. Pure: shared by the portal's forms and the server's routes.
import { CERT_TYPE, CERT_TYPES, label, type CertType } from "../codes";
import { certNoValid, idCardBirthDate } from "../validators";
import { tr, zhTexts } from "../tr";

/** A certificate number is at most this long (passports 9, ID cards 18, others shorter). */
export const CERT_NO_MAX = 30;

/** Sex as the member profile stores it: 1 male, 2 female. */
export type Sex = 1 | 2;

// What a number that fails its type's rule is told, per type (as written; read through tr()).
const CERT_NO_MESSAGES: Readonly<Record<CertType, string>> = zhTexts({
  [CERT_TYPE.other]: "请输入证件号码",
  [CERT_TYPE.idCard]: "请输入正确的身份证号码",
  [CERT_TYPE.passport]: "请输入护照号码",
  [CERT_TYPE.military]: "军官证号为2-25位字母或数字",
  [CERT_TYPE.taiwanResidentPermit]: "台湾居民居住证号码为83开头的18位号码",
  [CERT_TYPE.hkMacauResidentPermit]: "港澳居民居住证号码为81或82开头的18位号码",
  [CERT_TYPE.civilServant]: "请输入公务员证号码",
  [CERT_TYPE.taiwanPass]: "台湾通行证号码为5-21位字母或数字",
  [CERT_TYPE.hkMacauPass]: "港澳通行证号码为5-21位字母或数字",
  [CERT_TYPE.seafarer]: "请输入海员证号码",
});

/** Numbers are kept in capitals without blanks: 11010119900307803x and 11010119900307803X are one card. */
export function normaliseCertNo(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** Why a number does not fit its certificate type, or null when it does. */
export function certNoError(certType: CertType, certNo: string, today: Date = new Date()): string | null {
  if (!certNo) return tr("请输入证件号码");
  if (certNo.length > CERT_NO_MAX) return tr("证件号码最多{max}个字符", { max: CERT_NO_MAX });
  return certNoValid(certType, certNo, today) ? null : tr(CERT_NO_MESSAGES[certType]);
}

export function certTypeLabel(certType: CertType): string {
  return label(CERT_TYPES, certType);
}

export interface IdCardFacts {
  /** 'YYYY-MM-DD'. */
  birthday: string;
  sex: Sex;
}

/**
 * Birthday and sex of a valid mainland ID number (the sequence digit before the check character
 * of an 18-digit number, the last digit of a 15-digit one, is odd for men), else null.
 */
export function idCardFacts(value: unknown, today: Date = new Date()): IdCardFacts | null {
  const birthday = idCardBirthDate(value, today);
  if (!birthday) return null;
  const id = value as string;
  const sequence = Number(id.length === 18 ? id[16] : id[14]);
  return { birthday, sex: sequence % 2 === 1 ? 1 : 2 };
}

/**
 * A certificate number as lists show it: long numbers keep 6 leading and 4 trailing characters
 * (110101********1234), shorter ones 2 and 2 (E1*****78), the shortest only their first.
 */
export function maskCertNo(value: string | null | undefined): string {
  if (!value) return "";
  const n = value.length;
  if (n >= 15) return value.slice(0, 6) + "*".repeat(n - 10) + value.slice(-4);
  if (n >= 6) return value.slice(0, 2) + "*".repeat(n - 4) + value.slice(-2);
  return value.slice(0, 1) + "*".repeat(Math.max(n - 1, 0));
}

/** A mobile number as lists show it: 138****0010. */
export function maskMobile(value: string | null | undefined): string {
  if (!value) return "";
  return value.length === 11 ? `${value.slice(0, 3)}****${value.slice(-4)}` : maskCertNo(value);
}
