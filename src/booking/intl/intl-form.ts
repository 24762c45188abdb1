// The international order form's values, its defaults, the row a saved traveller becomes and the
// live price panel. The schema is the server's (intlOrderSchema), with the trip's document rules.
import { CERT_TYPE } from "../../domain/codes";
import { passengerTypeOn } from "../../domain/orders/flight-booking";
import { certTypesFor, intlPricePanel, type IntlVerifyReply, type Nationality, NATIONALITY_CODES } from "../../domain/orders/intl-booking";
import type { PricePanel } from "../../domain/orders/flight-booking";
import type { FareBreakdown, PassengerType } from "../../domain/travel/air-fares";
import { travellerDisplayName, type TravellerRow } from "../../domain/people/traveller";

export interface IntlPassengerValues {
  name: string;
  surname: string;
  givenName: string;
  nationality: Nationality;
  certType: number;
  certNo: string;
  certExpiry?: string;
  birthday?: string;
  mobile?: string;
}

export interface IntlOrderFormValues {
  itineraryKey: string;
  cabinClass: "F" | "C" | "Y";
  fareKeys: string[];
  price: number;
  clientKey: string;
  contactName: string;
  contactMobile: string;
  travelType?: "business" | "private";
  passengers: IntlPassengerValues[];
}

export const blankIntlPassenger = (): IntlPassengerValues => ({
  name: "", surname: "", givenName: "", nationality: "CN", certType: CERT_TYPE.passport, certNo: "", certExpiry: undefined, birthday: undefined, mobile: "",
});

export function intlFormDefaults(v: IntlVerifyReply, who: { clientKey: string; contactName?: string; contactMobile?: string; travelType?: "business" | "private" }): IntlOrderFormValues {
  return {
    itineraryKey: v.itineraryKey,
    cabinClass: v.cabinClass,
    fareKeys: v.segments.map((s) => s.seat?.fareKey ?? ""),
    price: v.price,
    clientKey: who.clientKey,
    contactName: who.contactName ?? "",
    contactMobile: who.contactMobile ?? "",
    ...(who.travelType ? { travelType: who.travelType } : {}),
    passengers: [blankIntlPassenger()],
  };
}

/** A saved traveller as a row: a passport first (else the pass the destination accepts), the English name as saved (the form spells a missing one). */
export function toIntlPassenger(t: TravellerRow, destCity: string): IntlPassengerValues {
  const accepted = certTypesFor(destCity);
  const cert = accepted.map((type) => t.certificates.find((c) => c.certType === type)).find(Boolean) ?? null;
  const country = (NATIONALITY_CODES as readonly string[]).includes(cert?.issueCountry ?? "") ? (cert!.issueCountry as Nationality) : "CN";
  return {
    name: travellerDisplayName(t),
    surname: t.surname ?? "",
    givenName: t.givenName ?? "",
    nationality: country,
    certType: cert?.certType ?? CERT_TYPE.passport,
    certNo: cert?.certNo ?? "",
    certExpiry: cert?.expiry ?? undefined,
    birthday: t.birthday ?? undefined,
    mobile: t.mobilePhone ?? "",
  };
}

/** The passenger type on the departure date from the birth date; unknown ages count as adults until known. */
export function intlTypeOf(p: Partial<IntlPassengerValues>, depDate: string): PassengerType | null {
  return p.birthday ? passengerTypeOn({ certType: p.certType ?? CERT_TYPE.passport, certNo: "", birthday: p.birthday }, depDate) : null;
}

export function liveIntlPanel(passengers: readonly Partial<IntlPassengerValues>[], breakdown: FareBreakdown, depDate: string): PricePanel {
  return intlPricePanel([breakdown], passengers.map((p) => intlTypeOf(p, depDate) ?? "ADT"));
}

/** The fields a server refusal may name, for this many passengers. */
export function intlFormFields(passengers: number) {
  const each = ["name", "surname", "givenName", "nationality", "certType", "certNo", "certExpiry", "birthday", "mobile"] as const;
  return ["contactName", "contactMobile", ...Array.from({ length: passengers }, (_, i) => each.map((k) => `passengers.${i}.${k}` as const)).flat()] as const;
}
