// The order form's values, its schema and its live price panel. The values are the API's order
// input as the form holds it; the schema is the one the server validates with, plus what the
// travel standard asks of this fare on business (an approved application, an over-standard
// reason), which only the standard's check for the chosen fare knows.
import { z } from "zod";
import { CERT_TYPE } from "../../domain/codes";
import { flightOrderInput, passengerTypeOn, pricePanel, type PricePanel } from "../../domain/orders/flight-booking";
import type { BusinessCheck } from "../../domain/orders/flight-types";
import type { FlightSeat } from "../../domain/travel/types";

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

export function orderFormDefaults(
  seat: FlightSeat,
  rows: number,
  who: { clientKey: string; contactName?: string; contactMobile?: string; forMemberId?: number; travelType?: "business" | "private" },
): OrderFormValues {
  return {
    fareKey: seat.fareKey,
    price: seat.salePrice,
    clientKey: who.clientKey,
    ...(who.forMemberId ? { forMemberId: who.forMemberId } : {}),
    ...(who.travelType ? { travelType: who.travelType } : {}),
    contactName: who.contactName ?? "",
    contactMobile: who.contactMobile ?? "",
    passengers: Array.from({ length: rows }, blankPassenger),
  };
}

export interface BusinessMessages {
  applicationRequired: string;
  overReasonRequired: string;
}

/**
 * The server's order schema for what the form holds: a private booking sends no application or
 * reason (the fields stay filled while hidden, in case the buyer switches back); a business one
 * must carry those the standard's check asks for.
 */
export function orderFormSchema(check: BusinessCheck | undefined, messages: BusinessMessages) {
  return z.preprocess(
    (raw) => {
      const v = raw as OrderFormValues;
      if (v.travelType === "business") return v;
      const { applyId: _a, overReason: _r, forEmployeeId: _e, ...rest } = v;
      return rest;
    },
    flightOrderInput.superRefine((o, ctx) => {
      if (o.travelType !== "business" || !check) return;
      if (check.applicationRequired && o.applyId === undefined) ctx.addIssue({ code: "custom", path: ["applyId"], message: messages.applicationRequired });
      if (check.needReason && !o.overReason) ctx.addIssue({ code: "custom", path: ["overReason"], message: messages.overReasonRequired });
    }),
  );
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
