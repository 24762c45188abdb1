// Where each segment of a flight order stands in its snapshot: a one-way or international order
// has its flight and seat (an international itinerary's segments are one booking, sold as one
// ticket); a round trip or connection keeps each segment with the fare and the booking (hold) of
// its own. Moves that take or give back seats act on every booking of the order.
import type { FlightOrderDetail } from "../../../src/domain/orders/flight-types";
import type { FlightTrip } from "../../../src/domain/orders/flight-trip";

export interface SegmentSnapshot {
  flight: FlightOrderDetail["flight"];
  seat: FlightOrderDetail["seat"];
  /** Two-segment domestic orders: the segment's own fare and booking. */
  fareKey?: string;
  holdId?: string;
}

export interface OrderSnapshot {
  flight: FlightOrderDetail["flight"];
  seat: FlightOrderDetail["seat"];
  segments?: SegmentSnapshot[];
  /** Two-segment domestic orders: a round trip or a connection. */
  trip?: FlightTrip;
}

/** Every booking of the order: its own, and each segment's when the segments were booked apart. */
export function orderHoldIds(order: { holdId: string | null; snapshot: string }): string[] {
  const s = JSON.parse(order.snapshot) as OrderSnapshot;
  const ids = [order.holdId, ...(s.segments ?? []).map((x) => x.holdId)].filter((x): x is string => Boolean(x));
  return [...new Set(ids)];
}

/** The booked flight, fare and booking of one segment's tickets. */
export function bookedSegment(order: { fareKey: string; holdId: string | null }, s: OrderSnapshot, segment: number): { flight: SegmentSnapshot["flight"]; seat: SegmentSnapshot["seat"]; fareKey: string; holdId: string | null } {
  const own = s.segments?.[segment];
  if (own?.fareKey) return { flight: own.flight, seat: own.seat, fareKey: own.fareKey, holdId: own.holdId ?? null };
  return { flight: s.flight, seat: s.seat, fareKey: order.fareKey, holdId: order.holdId };
}

/** Whether the order's segments were booked apart (each ticket is a segment's). */
export const segmentsBookedApart = (s: OrderSnapshot): boolean => Boolean(s.segments?.some((x) => x.fareKey));
