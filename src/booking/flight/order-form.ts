// The order form's values, its schema and its live price panel. The values are the API's order
// input as the form holds it; the schema is the one the server validates with, plus what the
// travel standard asks of this fare on business (../shared/business-form.ts).
import { CERT_TYPE } from "../../domain/codes";
import { flightOrderInput, passengerTypeOn, pricePanel, type PricePanel } from "../../domain/orders/flight-booking";
import type { BusinessCheck } from "../../domain/orders/flight-types";
import type { FlightSeat } from "../../domain/travel/types";
import { withStandardCheck, type BusinessMessages } from "../shared/business-form";

export interface PassengerValues {
  name: string;
  certType: number;
  certNo: string;
  /** YYYY-MM-DD; entered only for certificates that do not carry it. */
  birthday?: string;
  mobile?: string;
  insuType?: string;
}

export interface OrderFormValues {
  fareKey: string;
  /** A round trip's return or a connection's onward flight. */
  nextFareKey?: string;
  price: number;
  clientKey: string;
  forMemberId?: number;
  /** Replace-booking: the colleague who travels (none: the booker). */
  forEmployeeId?: number;
  contactName: string;
  contactMobile: string;
  /** Company members: 因公 (business) or 因私 (private). */
  travelType?: "business" | "private";
  applyId?: number;
  overReason?: string;
  passengers: PassengerValues[];
}

export const blankPassenger = (): PassengerValues => ({ name: "", certType: CERT_TYPE.idCard, certNo: "", birthday: undefined, mobile: "", insuType: undefined });

/** next: a round trip's or connection's second fare, booked with the first as one order. */
export function orderFormDefaults(
  seat: FlightSeat,
  rows: number,
  who: { clientKey: string; contactName?: string; contactMobile?: string; forMemberId?: number; travelType?: "business" | "private" },
  next?: FlightSeat,
): OrderFormValues {
  return {
    fareKey: seat.fareKey,
    ...(next ? { nextFareKey: next.fareKey } : {}),
    // The price the buyer sees: both flights' fares together.
    price: seat.salePrice + (next?.salePrice ?? 0),
    clientKey: who.clientKey,
    ...(who.forMemberId ? { forMemberId: who.forMemberId } : {}),
    ...(who.travelType ? { travelType: who.travelType } : {}),
    contactName: who.contactName ?? "",
    contactMobile: who.contactMobile ?? "",
    passengers: Array.from({ length: rows }, blankPassenger),
  };
}

export type { BusinessMessages };

/**
 * The server's order schema for what the form holds, with what the standard's check asks of the
 * fare on business; a private booking sends no colleague either.
 */
export function orderFormSchema(check: BusinessCheck | undefined, messages: BusinessMessages) {
  return withStandardCheck(flightOrderInput, check, messages, ["forEmployeeId"]);
}

/** The fields a server refusal may name, for this many passengers. */
export function orderFormFields(passengers: number) {
  const each = ["name", "certType", "certNo", "birthday", "mobile", "insuType"] as const;
  return [
    "contactName", "contactMobile", "applyId", "overReason", "forEmployeeId",
    ...Array.from({ length: passengers }, (_, i) => each.map((k) => `passengers.${i}.${k}` as const)).flat(),
  ] as const;
}

/** The price panel of what the form holds now; unknown ages count as adults until known. */
export function livePanel(passengers: readonly Partial<PassengerValues>[], seat: FlightSeat, depDate: string): PricePanel {
  const people = passengers.map((p) => ({
    psgType: (p.certNo && passengerTypeOn({ certType: p.certType ?? CERT_TYPE.idCard, certNo: p.certNo.trim(), birthday: p.birthday }, depDate)) || ("ADT" as const),
    insuType: p.insuType || undefined,
  }));
  return pricePanel(seat.breakdown, people, seat.insurance);
}
