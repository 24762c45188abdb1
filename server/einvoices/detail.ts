// What an air ticket's document prints besides its parties and amounts: the trip, and on the
// ticket's own document its fare lines.
import type { Ticket } from "../orders/flight/after-sales";
import { EINVOICE_ITEM_LABELS, type EinvoiceKind } from "../../src/domain/einvoice/kinds";
import type { EinvoiceDetail } from "./issuer/types";

/** An air ticket's printed trip and lines. */
export function airDetail(t: Pick<Ticket, "flight" | "seat" | "ticket" | "fuelTax" | "consTax">, ticketNo: string, kind: EinvoiceKind): EinvoiceDetail {
  const trip = { ticketNo, flightNo: t.flight.flightNo, carrier: t.flight.airlineName, from: t.flight.depCityName, to: t.flight.arrCityName, depDate: t.flight.depDate, depTime: t.flight.depTime, cabin: t.seat.cabinClassName };
  return kind === "air" ? { item: EINVOICE_ITEM_LABELS.air, ...trip, fare: t.ticket, fuelSurcharge: t.fuelTax, developmentFund: t.consTax } : { item: EINVOICE_ITEM_LABELS[kind], ...trip };
}
