// The price panels of a flight order as booked: one for a one-way or international order, one per
// flight of a round trip or connection (the tickets of that segment). The order's total is the sum
// of its panels; what was paid later for changes and returned by refunds is shown apart.
import type { PricePanel } from "../../domain/orders/flight-booking";
import type { FlightOrderDetail } from "../../domain/orders/flight-types";
import { LEG_KEYS, type FlightTrip } from "../../domain/orders/flight-trip";

export function bookedPanels(order: FlightOrderDetail): PricePanel[] {
  const multi = order.segments.length > 1 && order.trip !== "oneway";
  if (!multi) {
    return [{
      lines: order.passengers.map((p) => ({ psgType: p.psgType, tktPrice: p.tktPrice, consTax: p.consTax, fuelTax: p.fuelTax, servFee: p.servFee, insuPayPrice: p.insuPayPrice, total: p.tktPrice + p.consTax + p.fuelTax + p.servFee + p.insuPayPrice })),
      ticket: order.ticket, consTax: order.consTax, fuelTax: order.fuelTax, servFee: order.totalServFee, insurance: order.insurance, payprice: order.payprice,
    }];
  }
  return order.segments.map((_, segment) => {
    const lines = order.passengers
      .filter((p) => p.segment === segment)
      .map((p) => ({ psgType: p.psgType, tktPrice: p.tktPrice, consTax: p.consTax, fuelTax: p.fuelTax, servFee: p.servFee, insuPayPrice: p.insuPayPrice, total: p.tktPrice + p.consTax + p.fuelTax + p.servFee + p.insuPayPrice }));
    const sum = (k: "tktPrice" | "consTax" | "fuelTax" | "servFee" | "insuPayPrice" | "total") => lines.reduce((a, l) => a + l[k], 0);
    return { lines, ticket: sum("tktPrice"), consTax: sum("consTax"), fuelTax: sum("fuelTax"), servFee: sum("servFee"), insurance: sum("insuPayPrice"), payprice: sum("total") };
  });
}

/** Each flight's name on a round trip (去程, 返程) or connection (第一程, 第二程). */
export function legNamesOf(trip: FlightTrip | undefined, t: (key: string) => string): string[] {
  const keys = trip === "rt" ? LEG_KEYS.rt : LEG_KEYS.transit;
  return keys.map((k) => t(`flightTrip.leg.${k}`));
}
