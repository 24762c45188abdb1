// A traveller the member (frequent travellers) or the company (external travellers) books for:
// names, contact, certificates and the form rules, one zod schema for the portal's form and the
// server's routes.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { CERT_TYPE, type CertType } from "../codes";
import { compareYMD, daysInMonth, formatYMD, parseYMD, ymdOf, type YMD } from "../format";
import { passengerAgeBand, type AgeBand } from "../fares";
import { isChineseOnly, isMobile } from "../validators";
import { hasControlChars, zBool, zInt } from "../zod";
import { CERT_NO_MAX, certNoError, idCardFacts, normaliseCertNo, type Sex } from "./certificates";

export const CHINESE_NAME_MAX = 20;
export const ENGLISH_NAME_MAX = 30;
export const COUNTRY_MAX = 30;
export const TRAVELLER_REMARK_MAX = 200;
export const CERTIFICATES_MAX = 10;

/** Travellers one member (or one company) may keep. */
export const TRAVELLERS_MAX = 20_000;

/** English surname or given names: letters, single blanks between words (ZHANG, XIAO MING). */
const ENGLISH_NAME = /^[A-Za-z]+(?: [A-Za-z]+)*$/;

// An optional text: '', null and an absent key all mean "not given". The raw text is bounded
// before trimming so a megabyte of blanks is refused unread.
export function optionalText(max: number, tooLong: string, then?: (v: string) => string | null) {
  return z
    .union([z.string({ error: tooLong }).max(max * 2, tooLong), z.null()], { error: tooLong })
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? "").trim();
      if (!text) return undefined;
      if (text.length > max) ctx.addIssue({ code: "custom", message: tooLong });
      else if (hasControlChars(text)) ctx.addIssue({ code: "custom", message: tr("不能包含控制字符") });
      else {
        const problem = then?.(text);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }
      return text;
    });
}

function dateProblem(text: string, label: string): string | null {
  return parseYMD(text) ? null : `${label}格式为YYYY-MM-DD`;
}

const today = () => ymdOf(new Date());

export const certificateSchema = z
  .object({
    certType: zInt({ min: 0, max: 9, error: trLazy("请选择证件类型") }),
    certNo: z
      .string({ error: trLazy("请输入证件号码") })
      .max(CERT_NO_MAX * 2, m("证件号码最多{CERT_NO_MAX}个字符", { CERT_NO_MAX }))
      .transform(normaliseCertNo),
    /** 'YYYY-MM-DD'; required for passports. */
    expiry: optionalText(10, "有效期格式为YYYY-MM-DD", (v) => dateProblem(v, "有效期")),
    /** Required for passports. */
    issueCountry: optionalText(COUNTRY_MAX, `签发国家最多${COUNTRY_MAX}个字符`),
  })
  .strict()
  .superRefine((c, ctx) => {
    const problem = certNoError(c.certType as CertType, c.certNo);
    if (problem) ctx.addIssue({ code: "custom", path: ["certNo"], message: problem });
    if (c.expiry) {
      const expiry = parseYMD(c.expiry)!;
      if (compareYMD(expiry, today()) < 0) ctx.addIssue({ code: "custom", path: ["expiry"], message: tr("证件已过期") });
    }
    if (c.certType === CERT_TYPE.passport) {
      if (!c.issueCountry) ctx.addIssue({ code: "custom", path: ["issueCountry"], message: tr("请填写护照签发国家") });
      if (!c.expiry) ctx.addIssue({ code: "custom", path: ["expiry"], message: tr("请填写护照有效期") });
    }
  })
  .transform((c) => ({ ...c, certType: c.certType as CertType, expiry: c.expiry ? formatYMD(c.expiry) : undefined }));
export type CertificateForm = z.output<typeof certificateSchema>;

const travellerShape = {
  /** Present when editing a saved traveller. */
  id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("旅客编号不正确") }).optional(),
  name: optionalText(CHINESE_NAME_MAX, `中文姓名最多${CHINESE_NAME_MAX}个字`, (v) => (isChineseOnly(v) ? null : "中文姓名只能包含汉字")),
  surname: optionalText(ENGLISH_NAME_MAX, `英文姓最多${ENGLISH_NAME_MAX}个字母`, (v) => (ENGLISH_NAME.test(v) ? null : "英文姓只能包含字母")),
  givenName: optionalText(ENGLISH_NAME_MAX, `英文名最多${ENGLISH_NAME_MAX}个字母`, (v) => (ENGLISH_NAME.test(v) ? null : "英文名只能包含字母")),
  mobilePhone: optionalText(11, "请输入正确的手机号码", (v) => (isMobile(v) ? null : "请输入正确的手机号码")),
  birthday: optionalText(10, "出生日期格式为YYYY-MM-DD", (v) => {
    const ymd = parseYMD(v);
    if (!ymd) return "出生日期格式为YYYY-MM-DD";
    return compareYMD(ymd, today()) > 0 ? "出生日期不能晚于今天" : ymd.year < 1900 ? "出生日期不正确" : null;
  }),
  sex: z
    .union([z.literal([1, 2]), z.literal(["1", "2", ""]), z.null()], { error: trLazy("性别只能是男或女") })
    .optional()
    .transform((v): Sex | undefined => (v === "" || v === null || v === undefined ? undefined : (Number(v) as Sex))),
  remark: optionalText(TRAVELLER_REMARK_MAX, `备注最多${TRAVELLER_REMARK_MAX}个字符`),
  certificates: z
    .array(certificateSchema, { error: trLazy("请至少填写一个证件") })
    .min(1, m("请至少填写一个证件"))
    .max(CERTIFICATES_MAX, m("证件最多{CERTIFICATES_MAX}个", { CERTIFICATES_MAX })),
};

type TravellerValues = {
  name?: string;
  surname?: string;
  givenName?: string;
  birthday?: string;
  sex?: Sex;
  certificates: CertificateForm[];
};

// The rules between fields: a name to book with, both parts of an English name, English names
// for passport holders, one certificate of each type.
function crossCheck(t: TravellerValues, ctx: z.RefinementCtx) {
  if (!t.name && !t.surname && !t.givenName) ctx.addIssue({ code: "custom", path: ["name"], message: tr("请填写中文姓名或英文姓名") });
  if (t.surname && !t.givenName) ctx.addIssue({ code: "custom", path: ["givenName"], message: tr("请填写英文名") });
  if (t.givenName && !t.surname) ctx.addIssue({ code: "custom", path: ["surname"], message: tr("请填写英文姓") });
  const passport = t.certificates.some((c) => c.certType === CERT_TYPE.passport);
  if (passport && !t.surname && !t.givenName) ctx.addIssue({ code: "custom", path: ["surname"], message: tr("持护照出行须填写英文姓名") });
  const seen = new Set<CertType>();
  t.certificates.forEach((c, i) => {
    if (seen.has(c.certType)) ctx.addIssue({ code: "custom", path: ["certificates", i, "certType"], message: tr("同一种证件只能填写一个") });
    seen.add(c.certType);
  });
}

// A mainland ID card decides birthday and sex: the form fills them from the number and the
// server does the same, so they can never disagree with the card.
function fromIdCard<T extends TravellerValues>(t: T): T {
  const id = t.certificates.find((c) => c.certType === CERT_TYPE.idCard);
  const facts = id ? idCardFacts(id.certNo) : null;
  const english = { surname: t.surname?.toUpperCase(), givenName: t.givenName?.toUpperCase() };
  const birthday = t.birthday ? formatYMD(t.birthday) : undefined;
  return facts ? { ...t, ...english, ...facts } : { ...t, ...english, birthday };
}

/** An external traveller (the company's). */
export const travellerFormSchema = z.object(travellerShape).strict().superRefine(crossCheck).transform(fromIdCard);

/** A frequent traveller (the member's own), who may be the default one. */
export const passengerFormSchema = z
  .object({ ...travellerShape, isDefault: zBool(trLazy("默认旅客设置不正确")).optional().default(false) })
  .strict()
  .superRefine(crossCheck)
  .transform(fromIdCard);

export type TravellerForm = z.output<typeof travellerFormSchema>;
export type PassengerForm = z.output<typeof passengerFormSchema>;

// ---- passenger type from the age band ----

/** The age band a traveller books in today; without a birthday, an adult. */
export function passengerTypeOf(birthday: string | null | undefined, on: Date | YMD = new Date()): AgeBand {
  if (!birthday) return "ADT";
  return passengerAgeBand(birthday, on instanceof Date ? ymdOf(on) : on) ?? "ADT";
}

/** The same day `years` years before (29 Feb falls back to 28 Feb), 'YYYY-MM-DD'. */
export function yearsBefore(on: YMD, years: number): string {
  const year = on.year - years;
  return formatYMD({ year, month: on.month, day: Math.min(on.day, daysInMonth(year, on.month)) });
}

/**
 * Birthdays of an age band on a day, as 'YYYY-MM-DD' bounds for a query: after `after` (exclusive)
 * and up to `upTo` (inclusive); `orUnknown` when a missing birthday belongs to the band.
 */
export function birthdayRange(band: AgeBand, on: YMD): { after?: string; upTo?: string; orUnknown: boolean } {
  const two = yearsBefore(on, 2);
  const twelve = yearsBefore(on, 12);
  if (band === "INF") return { after: two, orUnknown: false };
  if (band === "CHD") return { after: twelve, upTo: two, orUnknown: false };
  return { upTo: twelve, orUnknown: true };
}

// ---- rows as the routes answer them ----

export interface CertificateRow {
  certType: CertType;
  certNo: string;
  expiry: string | null;
  issueCountry: string | null;
}

export interface TravellerRow {
  id: number;
  name: string | null;
  surname: string | null;
  givenName: string | null;
  mobilePhone: string | null;
  birthday: string | null;
  sex: Sex | null;
  psgType: AgeBand;
  isDefault: 0 | 1;
  remark: string | null;
  certificates: CertificateRow[];
  createTime: string;
  updateTime: string;
}

/** How a traveller is called on a list or a ticket: the Chinese name, else SURNAME/GIVEN. */
export function travellerDisplayName(t: Pick<TravellerRow, "name" | "surname" | "givenName">): string {
  if (t.name) return t.name;
  return [t.surname, t.givenName].filter(Boolean).join("/");
}

