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
