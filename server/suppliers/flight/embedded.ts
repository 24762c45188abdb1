// The embedded airline supplier: searches, calendar and itineraries over the generated
// inventory. Booking operations (verify, hold, confirm, cancel, refund, change) are in booking.ts.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { addDays, daysBetween, SALES_WINDOW_DAYS, travelDateProblem } from "../../../src/domain/travel/dates";
import type { CalendarDay, FlightItem, FlightListReply, ItineraryListReply, ListFlight } from "../../../src/domain/travel/types";
import { withGpFares } from "../../../src/domain/travel/gp-fares";
import { DomainError } from "../../services/domain-error";
import { airNetwork, routeKey } from "../../inventory/air/network";
import { dayKind } from "../../inventory/demand";
import { loadPlaces, type Places } from "../../inventory/places";
import type { FlightQuery, ItineraryQuery, SupplierContext } from "../types";
import { resolvePlace, searchCities, type ResolvedPlace } from "./cities";
import { facetsOf, filterFlights, sortFlights } from "./filter";
import { connect, filterItineraries, itineraryOf, sortItineraries } from "./itineraries";
import { ensureRoutes, readFlights, routesBetween, type FlightSource } from "./load";
import { applyLimitPrices, flightItem, listFlight } from "./present";
import { FlightBooking } from "./booking";
import { InventoryCache } from "../../inventory/read-cache";
import { callerServiceFee } from "../../inventory/air/pricing";

/** Day lists of routes searched lately (the domestic network has some 200 city pairs a day). */
const dayLists = new InventoryCache<FlightItem[]>(3000);
/** The same lists as a result list shows them, cut down once rather than on every search. */
const dayListsShown = new InventoryCache<ListFlight[]>(3000);

/** Journeys a transit or international search returns, best first by the chosen order. */
export const MAX_ITINERARIES = 50;

export function checkDate(date: string, today: string, field: string, label: string): void {
  const problem = travelDateProblem(date, today, label);
  if (problem) throw new DomainError("badInput", problem, { errors: { [field]: problem } });
}

/** A day list's cache key: the route's airports, the days, and what prices them for the caller. */
function dayKey(src: FlightSource, c: SupplierContext, dep: ResolvedPlace, arr: ResolvedPlace, dates: string[]): string {
  const codes = (p: ResolvedPlace) => p.airports.map((a) => a.code).join("+");
  return `${src.seed}|${c.today}|${c.agreedServiceFee}|${c.agreedIntlServiceFee ?? null}|${codes(dep)}|${codes(arr)}|${dates.join(",")}`;
}

export class EmbeddedFlightSupplier extends FlightBooking {
  constructor(db: Kysely<Database>, seed: string) {
    super(db, seed);
  }

  within(trx: Kysely<Database>): EmbeddedFlightSupplier {
    return new EmbeddedFlightSupplier(trx, this.seed);
  }

  async cities(keyword: string | undefined, international?: boolean) {
    return searchCities(await loadPlaces(), keyword, international);
  }

  private async endpoints(q: { depCity: string; arrCity: string }, places: Places) {
    const dep = resolvePlace(places, q.depCity, say("flight.departureCity"));
    const arr = resolvePlace(places, q.arrCity, say("flight.arrivalCity"));
    if (dep.cityCode === arr.cityCode) throw new DomainError("badInput", said("flight.departureArrivalCitiesSame"), { errors: { arrCity: said("flight.departureArrivalCitiesSame") } });
    return { dep, arr };
  }

  /**
   * Priced flights of some days between two places, with limitPrice set across each day. Kept
   * until a seat count is written (see InventoryCache): a list is a pure function of the stored
   * counts, the day, the caller's fee and the places, and nothing changes it once made.
   */
  private async dayFlights(src: FlightSource, c: SupplierContext, dep: ResolvedPlace, arr: ResolvedPlace, dates: string[]): Promise<FlightItem[]> {
    const codes = (p: ResolvedPlace) => p.airports.map((a) => a.code);
    await ensureRoutes(src, routesBetween(src, codes(dep), codes(arr)), dates);
    return dayLists.get(src.db, dayKey(src, c, dep, arr, dates), async () => {
      const rows = await readFlights(src, { dates, depCities: [dep.cityCode], arrCities: [arr.cityCode] }, this.pricing(src.places, c));
      const items = rows
        .filter((f) => codes(dep).includes(f.row.depAirport) && codes(arr).includes(f.row.arrAirport))
        .map((f) => flightItem(src.places, f));
      applyLimitPrices(items);
      return items;
    });
  }

  /** dayFlights as the result list shows them. */
  private async dayListFlights(src: FlightSource, c: SupplierContext, dep: ResolvedPlace, arr: ResolvedPlace, dates: string[]): Promise<ListFlight[]> {
    const full = await this.dayFlights(src, c, dep, arr, dates);
    return dayListsShown.get(src.db, dayKey(src, c, dep, arr, dates), async () => full.map(listFlight));
  }

  async search(q: FlightQuery, c: SupplierContext): Promise<FlightListReply> {
    const src = await this.source();
    const { dep, arr } = await this.endpoints(q, src.places);
    if (dep.international || arr.international) {
      throw new DomainError("badInput", said("flight.useInternationalFlightSearchInternational"), { errors: { arrCity: said("flight.useInternationalFlightSearchInternational") } });
    }
    checkDate(q.depDate, c.today, "depDate", say("flight.departureDate"));
    // 政府采购 fares only when asked for: every other search answers as it always has.
    const all = q.gp ? withGpFares(await this.dayFlights(src, c, dep, arr, [q.depDate])).map(listFlight) : await this.dayListFlights(src, c, dep, arr, [q.depDate]);
    const list = sortFlights(filterFlights(all, q), q.orderBy, q.orderType);
    const prices = list.map((it) => it.lowestPrice).filter((p): p is number => p !== null);
    return {
      servFee: callerServiceFee(c.agreedServiceFee, "domestic"),
      depCity: dep.cityCode,
      arrCity: arr.cityCode,
      depDate: q.depDate,
      list,
      total: list.length,
      lowestPrice: prices.length ? Math.min(...prices) : null,
      facets: facetsOf(all),
    };
  }

  /** Connecting airports reachable from `dep` that also reach `arr`, optionally in one city. */
  private viaAirports(src: FlightSource, dep: ResolvedPlace, arr: ResolvedPlace, via: string | undefined, international: boolean): string[] {
    const net = airNetwork(src.seed, src.places);
    const out: string[] = [];
    for (const x of src.places.airports.values()) {
      if (x.cityCode === dep.cityCode || x.cityCode === arr.cityCode) continue;
      if (via && x.cityCode !== via && x.code !== via) continue;
      if (!international && x.international) continue;
      const inbound = dep.airports.some((a) => net.byRoute.has(routeKey(a.code, x.code)));
      const sameCity = src.places.airCities.get(x.cityCode)!.airports;
      const outbound = sameCity.some((y) => arr.airports.some((b) => net.byRoute.has(routeKey(y.code, b.code))));
      if (inbound && outbound) out.push(x.code);
    }
    return out;
  }

  private async itineraries(q: ItineraryQuery, c: SupplierContext, international: boolean): Promise<ItineraryListReply> {
    const src = await this.source();
    const { dep, arr } = await this.endpoints(q, src.places);
    if (q.via && !src.places.airCities.has(q.via) && !src.places.airports.has(q.via)) {
      throw new DomainError("badInput", said("flight.unknownTransferCity", { via: q.via }), { errors: { transitCity: said("flight.unknownTransferCity", { via: q.via }) } });
    }
    if (international && !dep.international && !arr.international) {
      throw new DomainError("badInput", said("flight.useDomesticFlightSearchDomestic"), { errors: { arrCity: said("flight.useDomesticFlightSearchDomestic") } });
    }
    if (!international && (dep.international || arr.international)) {
      throw new DomainError("badInput", said("flight.useInternationalFlightSearchInternational"), { errors: { arrCity: said("flight.useInternationalFlightSearchInternational") } });
    }
    checkDate(q.depDate, c.today, "depDate", say("flight.departureDate"));
    const via = this.viaAirports(src, dep, arr, q.via, international);
    const viaCities = [...new Set(via.map((x) => src.places.airports.get(x)!.cityCode))];
    const nextDay = addDays(q.depDate, 1);
    const pricing = this.pricing(src.places, c);
    const firstRoutes = dep.airports.flatMap((a) => via.map((x) => routeKey(a.code, x)));
    const secondRoutes = viaCities.flatMap((vc) => src.places.airCities.get(vc)!.airports.flatMap((y) => arr.airports.map((b) => routeKey(y.code, b.code))));
    const net = airNetwork(src.seed, src.places);
    await ensureRoutes(src, firstRoutes.filter((r) => net.byRoute.has(r)), [q.depDate]);
    await ensureRoutes(src, secondRoutes.filter((r) => net.byRoute.has(r)), [q.depDate, nextDay]);
    const depCodes = dep.airports.map((a) => a.code);
    const arrCodes = arr.airports.map((a) => a.code);
    const toItems = (rows: Awaited<ReturnType<typeof readFlights>>) => rows.map((f) => flightItem(src.places, f));
    const firsts = viaCities.length
      ? toItems(await readFlights(src, { dates: [q.depDate], depCities: [dep.cityCode], arrCities: viaCities }, pricing)).filter((f) => depCodes.includes(f.depAirport))
      : [];
    const seconds = viaCities.length
      ? toItems(await readFlights(src, { dates: [q.depDate, nextDay], depCities: viaCities, arrCities: [arr.cityCode] }, pricing)).filter((f) => arrCodes.includes(f.arrAirport))
      : [];
    let found = connect(src.places, firsts, seconds);
    if (international) {
      const direct = await this.dayFlights(src, c, dep, arr, [q.depDate]);
      found = [...direct.map((f) => itineraryOf(src.places, [f])).filter((x): x is NonNullable<typeof x> => x !== null), ...found];
    }
    const airlines = new Map<string, string>();
    for (const it of found) for (const s of it.segments) airlines.set(s.airline, s.airlineName);
    const list = sortItineraries(filterItineraries(found, q), q.orderBy, q.orderType).slice(0, MAX_ITINERARIES);
    const prices = list.map((it) => it.lowestPrice).filter((p): p is number => p !== null);
    const pageSize = q.pageSize ?? MAX_ITINERARIES;
    const pageNum = q.pageNum ?? 1;
    const page = list.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((it) => ({ ...it, segments: it.segments.map(listFlight) }));
    return {
      servFee: callerServiceFee(c.agreedServiceFee, international ? "international" : "domestic", c.agreedIntlServiceFee ?? null),
      depCity: dep.cityCode,
      arrCity: arr.cityCode,
      depDate: q.depDate,
      list: page,
      total: list.length,
      pageNum,
      pageSize,
      lowestPrice: prices.length ? Math.min(...prices) : null,
      airlines: [...airlines].map(([code, name]) => ({ code, name })).sort((a, b) => a.code.localeCompare(b.code)),
    };
  }

  searchTransit(q: ItineraryQuery, c: SupplierContext) {
    return this.itineraries({ ...q, directOnly: false }, c, false);
  }

  searchInternational(q: ItineraryQuery, c: SupplierContext) {
    return this.itineraries(q, c, true);
  }

  /** Lowest fare of each day within ±15 days of the date that lies inside the sales window. */
  async calendar(q: { depCity: string; arrCity: string; depDate: string }, c: SupplierContext): Promise<CalendarDay[]> {
    const src = await this.source();
    const { dep, arr } = await this.endpoints(q, src.places);
    checkDate(q.depDate, c.today, "depDate", say("flight.departureDate"));
    const dates: string[] = [];
    for (let d = -15; d <= 15; d++) {
      const date = addDays(q.depDate, d);
      const out = daysBetween(c.today, date);
      if (out >= 0 && out <= SALES_WINDOW_DAYS) dates.push(date);
    }
    const items = await this.dayFlights(src, c, dep, arr, dates);
    const lowest = new Map<string, number>();
    for (const it of items) {
      if (it.lowestPrice === null) continue;
      const prev = lowest.get(it.depDate);
      if (prev === undefined || it.lowestPrice < prev) lowest.set(it.depDate, it.lowestPrice);
    }
    return dates.map((date) => ({
      date,
      weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
      lowestPrice: lowest.get(date) ?? null,
      holiday: dayKind(date).holiday,
    }));
  }
}
