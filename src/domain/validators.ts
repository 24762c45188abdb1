// Boolean checks of the portal's data rules (phones, certificates, money, names, dates, email).
// They take unknown so that raw form or API values can be passed as they are: anything that is
// not the expected string (or number, for money) is false.
import { parseYuan } from "./money";
import { CERT_TYPE } from "./codes";
import { compareYMD, isRealDate, parseYMD, ymdOf, type YMD } from "./format";

const isString = (v: unknown): v is string => typeof v === "string";

/** Chinese cellphone: 11 digits starting 13-19. */
export function isMobile(value: unknown): boolean {
  return isString(value) && /^1[3-9]\d{9}$/.test(value);
}

// An email address as mail systems accept it (RFC 5321/5322 without the obsolete and quoted
// forms): a dot-atom local part of at most 64 characters, a domain of dot-separated labels
// (letters, digits, inner hyphens, at most 63 each) ending in a letters-only or IDN (xn--)
// top-level label, 254 characters in all. Quotes, angle brackets, blanks and control characters
// never pass, so a stored address can never carry markup.
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const EMAIL_TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** A valid email address (see the rule above). */
export function isEmail(value: unknown): boolean {
  if (!isString(value) || value.length > 254) return false;
  const at = value.lastIndexOf("@");
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  return (
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => EMAIL_LABEL.test(label)) &&
    EMAIL_TOP_LABEL.test(labels[labels.length - 1])
  );
}

/** 0 + 2-3 digit area code, optional hyphen, 7-8 digit number (010-12345678, 05718888888). */
export function isLandline(value: unknown): boolean {
  return isString(value) && /^0\d{2,3}-?\d{7,8}$/.test(value);
}

// GB 11643-1999: ISO 7064 MOD 11-2 weights of the first 17 digits and the check character.
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = "10X98765432";

/** The check character ('0'-'9' or 'X') for the first 17 digits of an 18-digit ID. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError("idCardCheckChar needs 17 digits");
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK_CHARS[sum % 11];
}

// Birth years before 1900 are treated as typos: no passenger alive was born then.
const MIN_BIRTH_YEAR = 1900;

function birthParts(id: string): YMD | null {
  let year: number, month: number, day: number;
  if (/^[1-9]\d{16}[\dXx]$/.test(id)) {
    if (idCardCheckChar(id.slice(0, 17)) !== id[17].toUpperCase()) return null;
    [year, month, day] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
  } else if (/^[1-9]\d{14}$/.test(id)) {
    // First-generation IDs (until 1999/2013) carry yymmdd, always 19yy, and no check digit.
    [year, month, day] = [1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12))];
  } else {
    return null;
  }
  return isRealDate(year, month, day) && year >= MIN_BIRTH_YEAR ? { year, month, day } : null;
}

/**
 * Mainland resident ID: 15 digits, or 18 whose last may be X/x and must be the MOD 11-2 check
 * character; the birth date must be real and not after `today` (the local date).
 */
export function isMainlandIdCard(value: unknown, today: Date = new Date()): boolean {
  return idCardBirthDate(value, today) !== null;
}

/** 'YYYY-MM-DD' birth date of a valid ID card number, else null. */
export function idCardBirthDate(value: unknown, today: Date = new Date()): string | null {
  if (!isString(value)) return null;
  const birth = birthParts(value);
  if (!birth || compareYMD(birth, ymdOf(today)) > 0) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${birth.year}-${pad(birth.month)}-${pad(birth.day)}`;
}

/** Military officer card: 2-25 letters or digits. */
export function isMilitaryCard(value: unknown): boolean {
  return isString(value) && /^[A-Za-z0-9]{2,25}$/.test(value);
}

/** HK/Macau travel permit: 5-21 letters or digits. */
export function isHkMacauPass(value: unknown): boolean {
  return isString(value) && /^[A-Za-z0-9]{5,21}$/.test(value);
}

/** Passport numbers differ too much between countries to check more than presence. */
export function isPassport(value: unknown): boolean {
  return isString(value) && value.trim() !== "";
}

/** Bank card: 16 or 19 digits. */
export function isBankCard(value: unknown): boolean {
  return isString(value) && /^(\d{16}|\d{19})$/.test(value);
}

/**
 * Money: above 0 with at most 2 decimals, as a number or a plain decimal string ('12.5').
 * Leading zeros, signs, exponents and float noise such as 0.1 + 0.2 are rejected.
 */
export function isMoney(value: unknown): boolean {
  // A value is checked as typed: surrounding blanks are a form fault, not an amount.
  if (typeof value === "string" && value !== value.trim()) return false;
  return parseYuan(value, { min: 1 }) !== null;
}

// Han ideographs incl. extension A and the supplementary-plane extensions used in rare names.
const HAN = "[\\u3400-\\u4DBF\\u4E00-\\u9FFF\\u{20000}-\\u{3134F}]";
const CHINESE_ONLY = new RegExp(`^${HAN}+(?:·${HAN}+)*$`, "u");

/** Chinese characters only; a middle dot between them is allowed for minority names (阿依·买买提). */
export function isChineseOnly(value: unknown): boolean {
  return isString(value) && CHINESE_ONLY.test(value);
}

/**
 * English letters only, words separated by single spaces, with at most one '/' between surname
 * and given names as airline names are written ('ZHANG/SAN', 'John Smith', 'LI/XIAO MING').
 */
export function isEnglishOnly(value: unknown): boolean {
  return isString(value) && /^[A-Za-z]+(?: [A-Za-z]+)*(?:\/[A-Za-z]+(?: [A-Za-z]+)*)?$/.test(value);
}

/** 'YYYY-M-D' with optional leading zeros, and a real calendar date. */
export function isDateYMD(value: unknown): boolean {
  return parseYMD(value) !== null;
}

/** Resident permits for HK/Macau (81, 82) and Taiwan (83) residents are ID-format numbers. */
function isResidentPermit(value: unknown, prefixes: string[], today: Date): boolean {
  return (
    isString(value) &&
    value.length === 18 &&
    prefixes.some((p) => value.startsWith(p)) &&
    isMainlandIdCard(value, today)
  );
}

/** Checks a certificate number against its type code (codes.ts CERT_TYPES); unknown types fail. */
export function certNoValid(
  certType: number | string | null | undefined,
  certNo: unknown,
  today: Date = new Date(),
): boolean {
  const type = typeof certType === "string" && /^\d+$/.test(certType) ? Number(certType) : certType;
  switch (type) {
    case CERT_TYPE.idCard:
      return isMainlandIdCard(certNo, today);
    case CERT_TYPE.passport:
      return isPassport(certNo);
    case CERT_TYPE.military:
      return isMilitaryCard(certNo);
    case CERT_TYPE.taiwanResidentPermit:
      return isResidentPermit(certNo, ["83"], today);
    case CERT_TYPE.hkMacauResidentPermit:
      return isResidentPermit(certNo, ["81", "82"], today);
    case CERT_TYPE.taiwanPass:
    case CERT_TYPE.hkMacauPass:
      // Both travel permits are short alphanumeric numbers.
      return isHkMacauPass(certNo);
    case CERT_TYPE.other:
    case CERT_TYPE.civilServant:
    case CERT_TYPE.seafarer:
      // No published number format: presence only.
      return isPassport(certNo);
    default:
      return false;
  }
}
