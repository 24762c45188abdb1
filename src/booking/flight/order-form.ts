// The order form's values and their translation to the API's order input, checked with the
// same zod schema the server validates with; server field errors map back onto the fields.
import type { Dayjs } from "dayjs";
import type { z } from "zod";
import { flightOrderInput, passengerTypeOn, pricePanel, type PricePanel } from "../../domain/orders/flight-booking";
import type { FlightSeat } from "../../domain/travel/types";

export interface PassengerValues {
  name?: string;
  certType?: number;
  certNo?: string;
  birthday?: Dayjs | null;
  mobile?: string;
  insuType?: string;
}

export interface OrderFormValues {
  passengers?: PassengerValues[];
  contactName?: string;
  contactMobile?: string;
  /** Company members: 因公 (business) or 因私 (private). */
  travelType?: "business" | "private";
  applyId?: number;
  overReason?: string;
}

const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

export function toOrderInput(values: OrderFormValues, seat: FlightSeat, clientKey: string, acceptPrice: boolean): z.input<typeof flightOrderInput> {
  return {
    fareKey: seat.fareKey,
    price: seat.salePrice,
    clientKey,
    ...(acceptPrice ? { acceptPrice: 1 } : {}),
    contactName: values.contactName?.trim() ?? "",
    contactMobile: values.contactMobile?.trim() ?? "",
    ...(values.travelType ? { travelType: values.travelType } : {}),
    ...(values.travelType === "business" && values.applyId ? { applyId: values.applyId } : {}),
    ...(values.travelType === "business" && values.overReason ? { overReason: values.overReason } : {}),
    passengers: (values.passengers ?? []).map((p) => ({
      name: p.name?.trim() ?? "",
      certType: p.certType ?? 1,
      certNo: p.certNo?.trim() ?? "",
      birthday: p.birthday ? p.birthday.format("YYYY-MM-DD") : undefined,
      mobile: blank(p.mobile),
      insuType: p.insuType || undefined,
    })),
  };
}

/** The first problem of the form as the field it belongs to (only the first error is shown). */
export function firstProblem(input: z.input<typeof flightOrderInput>): { name: (string | number)[]; message: string } | null {
  const r = flightOrderInput.safeParse(input);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { name: issue.path.filter((k): k is string | number => typeof k !== "symbol"), message: issue.message };
}

/** A server field key ("passengers.0.certNo") as an antd name path. */
export function namePath(key: string): (string | number)[] {
  return key.split(".").map((k) => (/^\d+$/.test(k) ? Number(k) : k));
}

/** The price panel of what the form holds now; unknown ages count as adults until known. */
export function livePanel(values: OrderFormValues, seat: FlightSeat, depDate: string): PricePanel {
  const people = (values.passengers ?? []).map((p) => ({
    psgType:
      (p.certNo && passengerTypeOn({ certType: p.certType ?? 1, certNo: p.certNo.trim(), birthday: p.birthday?.format("YYYY-MM-DD") }, depDate)) || ("ADT" as const),
    insuType: p.insuType || undefined,
  }));
  return pricePanel(seat.breakdown, people, seat.insurance);
}
