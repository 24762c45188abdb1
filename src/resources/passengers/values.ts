// The traveller form's values as antd holds them (dates as dayjs) and as the routes take them
// (YYYY-MM-DD text), and the mapping of validation issues onto the form's fields.
import dayjs, { type Dayjs } from "dayjs";
import type { CertType } from "../../domain/codes";
import type { TravellerRow } from "../../domain/people";

export interface CertificateValues {
  certType?: CertType;
  certNo?: string;
  expiry?: Dayjs | null;
  issueCountry?: string;
}

export interface TravellerValues {
  name?: string;
  surname?: string;
  givenName?: string;
  mobilePhone?: string;
  birthday?: Dayjs | null;
  sex?: 1 | 2;
  isDefault?: boolean;
  remark?: string;
  certificates?: CertificateValues[];
}

const ymd = (d: Dayjs | null | undefined) => (d && d.isValid() ? d.format("YYYY-MM-DD") : "");
const day = (s: string | null | undefined) => (s ? dayjs(s) : null);

/** What the add/update routes receive; `withDefault` for frequent travellers only. */
export function travellerPayload(v: TravellerValues, withDefault: boolean): Record<string, unknown> {
  return {
    name: v.name?.trim() ?? "",
    surname: v.surname?.trim() ?? "",
    givenName: v.givenName?.trim() ?? "",
    mobilePhone: v.mobilePhone?.trim() ?? "",
    birthday: ymd(v.birthday),
    sex: v.sex ?? "",
    remark: v.remark ?? "",
    ...(withDefault ? { isDefault: v.isDefault ? 1 : 0 } : {}),
    certificates: (v.certificates ?? []).map((c) => ({
      certType: c.certType ?? "",
      certNo: c.certNo?.trim() ?? "",
      expiry: ymd(c.expiry),
      issueCountry: c.issueCountry?.trim() ?? "",
    })),
  };
}

/** A saved traveller as form values. */
export function travellerValues(row: TravellerRow): TravellerValues {
  return {
    name: row.name ?? "",
    surname: row.surname ?? "",
    givenName: row.givenName ?? "",
    mobilePhone: row.mobilePhone ?? "",
    birthday: day(row.birthday),
    sex: row.sex ?? undefined,
    isDefault: row.isDefault === 1,
    remark: row.remark ?? "",
    certificates: row.certificates.map((c) => ({ certType: c.certType, certNo: c.certNo, expiry: day(c.expiry), issueCountry: c.issueCountry ?? "" })),
  };
}

export const EMPTY_TRAVELLER: TravellerValues = { certificates: [{ certType: 1 }], isDefault: false };
