// The 政府采购 (公务机票) order form's values, defaults and live price panel. The values are the
// GP order input as the form holds it (each passenger an ordinary one plus budget unit and
// official card); the schema is the server's (gpOrderSchema), with the adults-only rule of the date.
import { pricePanel, type PricePanel } from "../../domain/orders/flight-booking";
import type { FlightSeat } from "../../domain/travel/types";
import { blankPassenger, type PassengerValues } from "./order-form";

export interface GpPassengerValues extends PassengerValues {
  budgetUnit: string;
  officialCard: string;
}

export interface GpOrderFormValues {
  fareKey: string;
  price: number;
  clientKey: string;
  contactName: string;
  contactMobile: string;
  passengers: GpPassengerValues[];
}

export const blankGpPassenger = (): GpPassengerValues => ({ ...blankPassenger(), budgetUnit: "", officialCard: "" });

export function gpFormDefaults(seat: FlightSeat, rows: number, who: { clientKey: string; contactName?: string; contactMobile?: string }): GpOrderFormValues {
  return {
    fareKey: seat.fareKey,
    price: seat.salePrice,
    clientKey: who.clientKey,
    contactName: who.contactName ?? "",
    contactMobile: who.contactMobile ?? "",
    passengers: Array.from({ length: rows }, blankGpPassenger),
  };
}

/** The fields a server refusal may name, for this many passengers. */
export function gpFormFields(passengers: number) {
  const each = ["name", "certType", "certNo", "birthday", "mobile", "insuType", "budgetUnit", "officialCard"] as const;
  return ["contactName", "contactMobile", ...Array.from({ length: passengers }, (_, i) => each.map((k) => `passengers.${i}.${k}` as const)).flat()] as const;
}

/** Every passenger flies on the adult GP fare (the form refuses anyone else), with the insurance they chose. */
export function liveGpPanel(passengers: readonly Partial<GpPassengerValues>[], seat: FlightSeat): PricePanel {
  return pricePanel(seat.breakdown, passengers.map((p) => ({ psgType: "ADT" as const, insuType: p.insuType || undefined })), seat.insurance);
}
