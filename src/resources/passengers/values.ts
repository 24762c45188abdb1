// The traveller form's values (dates as the "YYYY-MM-DD" text the schema takes) and what the
// add/update routes receive.
import type { CertType } from "../../domain/codes";
import type { TravellerRow } from "../../domain/people";

export interface CertificateValues {
  certType?: CertType;
  certNo: string;
  expiry: string;
  issueCountry: string;
}

export interface TravellerValues {
  name: string;
  surname: string;
  givenName: string;
  mobilePhone: string;
  birthday: string;
  sex?: 1 | 2;
  isDefault: boolean;
  remark: string;
  certificates: CertificateValues[];
}

export const newCertificate = (certType?: CertType): CertificateValues => ({ certType, certNo: "", expiry: "", issueCountry: "" });

/** What the add/update routes receive, in the form's shape; `withDefault` for frequent travellers only. */
export function travellerPayload(v: TravellerValues, withDefault: boolean): Record<string, unknown> {
  return {
    name: v.name.trim(),
    surname: v.surname.trim(),
    givenName: v.givenName.trim(),
    mobilePhone: v.mobilePhone.trim(),
    birthday: v.birthday,
    sex: v.sex ?? "",
    remark: v.remark,
    ...(withDefault ? { isDefault: v.isDefault ? 1 : 0 } : {}),
    certificates: v.certificates.map((c) => ({
      certType: c.certType ?? "",
      certNo: c.certNo.trim(),
      expiry: c.expiry,
      issueCountry: c.issueCountry.trim(),
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
    birthday: row.birthday ?? "",
    sex: row.sex ?? undefined,
    isDefault: row.isDefault === 1,
    remark: row.remark ?? "",
    certificates: row.certificates.map((c) => ({ certType: c.certType, certNo: c.certNo, expiry: c.expiry ?? "", issueCountry: c.issueCountry ?? "" })),
  };
}

export const EMPTY_TRAVELLER: TravellerValues = {
  name: "", surname: "", givenName: "", mobilePhone: "", birthday: "", sex: undefined, isDefault: false, remark: "", certificates: [newCertificate(1)],
};

const TOP = ["name", "surname", "givenName", "mobilePhone", "birthday", "sex", "remark"] as const;

/** The fields the form shows, where problems can be placed: the list itself and each row's. */
export function travellerFields(v: TravellerValues, withDefault: boolean): string[] {
  return [
    ...TOP,
    ...(withDefault ? ["isDefault"] : []),
    "certificates",
    ...v.certificates.flatMap((_, i) => ["certType", "certNo", "expiry", "issueCountry"].map((k) => `certificates.${i}.${k}`)),
  ];
}
