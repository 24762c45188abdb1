// A domestic flight order over two segments: a round trip (the return flies the route back) or a
// connection (the onward flight leaves the city the first one reaches, within the connection
// times). Each segment has its own fare and booking; the order's title, the lists and the bills
// name both legs. Shared by the booking on the server and the pages that show the order.
import { airConnectionProblem } from "../travel/transit";
import type { FlightItem } from "../travel/types";

export type FlightTrip = "oneway" | "rt" | "transit";

type Leg = Pick<FlightItem, "depCity" | "arrCity" | "depAirport" | "arrAirport" | "depUtc" | "arrUtc" | "international">;

/** What two flights booked together are, or a Chinese message saying why they cannot be one order. */
export function tripOf(first: Leg, second: Leg): { trip: "rt" | "transit" } | { problem: string } {
  if (first.international || second.international) return { problem: "国际航班请在国际机票页面预订" };
  if (second.depCity === first.arrCity && second.arrCity === first.depCity) {
    // The return cannot leave before the outbound has landed.
    return Date.parse(second.depUtc) > Date.parse(first.arrUtc) ? { trip: "rt" } : { problem: "返程航班须在去程到达之后起飞" };
  }
  if (second.depCity !== first.arrCity || second.arrCity === first.depCity) return { problem: "所选两个航班不能组成往返或中转行程" };
  const problem = airConnectionProblem(
    { place: first.arrAirport, city: first.arrCity, at: Date.parse(first.arrUtc) },
    { place: second.depAirport, city: second.depCity, at: Date.parse(second.depUtc) },
  );
  return problem ? { problem } : { trip: "transit" };
}

/** The order's title over its legs: 北京-广州-北京 CA1301/CZ3102 (the bills and lists show it). */
export function tripTitle(legs: readonly Pick<FlightItem, "depCityName" | "arrCityName" | "flightNo">[]): string {
  const cities = [legs[0].depCityName, ...legs.map((l) => l.arrCityName)];
  return `${cities.join("-")} ${legs.map((l) => l.flightNo).join("/")}`;
}

/** How each leg is named: 去程 / 返程, or 第一程 / 第二程 of a connection (locale keys under flightTrip.leg). */
export const LEG_KEYS = { rt: ["outbound", "inbound"], transit: ["first", "second"] } as const;

/**
 * The standard's verdict on a two-leg booking: each leg is checked as a one-way fare would be; the
 * booking is over when a leg is, needs a reason or approval when a leg does, and is refused when
 * a leg is. names: each leg's name, put before its verdict and reasons.
 */
export function mergeLegChecks<C extends { over: boolean; reasons: string[]; verdictText: string; applicationRequired: boolean; needReason: boolean; needApproval: boolean; refuse: boolean; selfPayFen: number }>(
  checks: readonly C[],
  names: readonly string[],
): C {
  if (checks.length === 1) return checks[0];
  const label = (i: number, text: string) => `${names[i]}：${text}`;
  return {
    ...checks[0],
    over: checks.some((c) => c.over),
    reasons: checks.flatMap((c, i) => c.reasons.map((r) => label(i, r))),
    verdictText: checks.map((c, i) => label(i, c.verdictText)).join("；"),
    applicationRequired: checks.some((c) => c.applicationRequired),
    needReason: checks.some((c) => c.needReason),
    needApproval: checks.some((c) => c.needApproval),
    refuse: checks.some((c) => c.refuse),
    selfPayFen: checks.reduce((a, c) => a + c.selfPayFen, 0),
  };
}
