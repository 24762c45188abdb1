// Domestic connections (查看中转方案): the one-connection itineraries of the transit search, offered
// when a route has no direct flight or when the member asks. Booking a cabin class takes the
// cheapest open fare of that class on each flight to the order page, which books both as one
// order of two segments.
import { useNavigate } from "react-router";
import { useGetIdentity, useTranslate } from "@refinedev/core";
import { pathFor } from "../../access/routes";
import { subjectKey } from "../../access/rules";
import type { PortalUser } from "../../layout/session";
import type { CabinClass } from "../../domain/travel/air-fares";
import type { Itinerary, ItineraryListReply, ListFare, ListFlight } from "../../domain/travel/types";
import { flightSearchParams, type FlightSearch } from "../../domain/travel/search-query";
import { EmptyResult, SearchStatus } from "../shared/SearchStatus";
import { useSearch } from "../../components/search/useSearch";
import { ItineraryCard } from "../intl/ItineraryCard";
import { flightOrderRoute } from "../shared/travel-type";
import { priceText } from "../../domain/money";

const TRANSIT_PATH = "/api/v1/trip_manager/air_ticket_domestic_flight/list_transit";

/** The cheapest fare of the class with seats left on a flight, as the itinerary's price counts it. */
export function cheapestOpen(flight: ListFlight, cabinClass: CabinClass): ListFare | null {
  const open = flight.seats.filter((s) => s.cabinClass === cabinClass && s.seatsLeft > 0 && s.cabinCode !== "GP");
  return open.length ? open.reduce((a, b) => (b.salePrice < a.salePrice ? b : a)) : null;
}

interface Props {
  search: FlightSearch;
  /** Extra address parameters the order page keeps (a quick order's member). */
  extra: Record<string, string>;
  /** There is no direct flight: the connections are what the route has. */
  noDirect: boolean;
  cabinClass?: CabinClass;
  /** Say the service fee under each price (the member's display setting may hide it). */
  showServFee?: boolean;
}

export function TransitResults({ search, extra, noDirect, cabinClass, showServFee = true }: Props) {
  const t = useTranslate();
  const navigate = useNavigate();
  const memberKey = subjectKey(useGetIdentity<PortalUser>().data);
  const { data, query } = useSearch<ItineraryListReply>(TRANSIT_PATH, { depCity: search.depCity, arrCity: search.arrCity, depDate: search.depDate });
  const list = (data?.list ?? []).filter((it) => it.segments.length === 2);

  const seatsOf = (it: Itinerary, cabin: CabinClass) => it.segments.map((f) => cheapestOpen(f, cabin));
  const book = (it: Itinerary, cabin: CabinClass) => {
    const [first, second] = seatsOf(it, cabin);
    if (!first || !second) return;
    navigate(pathFor(flightOrderRoute(memberKey), undefined, { ...flightSearchParams(search), ...extra, fareKey: first.fareKey, nextFareKey: second.fareKey }));
  };
  const serviceFee = (it: Itinerary, cabin: CabinClass) => {
    // One service fee per ticket, so one per flight of the connection.
    const fee = seatsOf(it, cabin).reduce((a, s) => a + (s ? (data?.servFee ?? 0) : 0), 0);
    return showServFee && fee > 0 ? <span className="tp-bk-muted" data-testid="service-fee-note">{t("flightTrip.serviceFeeAdded", { amount: priceText(fee) })}</span> : null;
  };

  return (
    <section className="tp-bk-results" data-testid="transit-results" aria-label={t("flightTrip.transitTitle", { from: search.depName, to: search.arrName, date: search.depDate })}>
      <h3 className="tp-bk-transit__title">
        {noDirect ? t("flightTrip.noDirect") : t("flightTrip.transitTitle", { from: search.depName, to: search.arrName, date: search.depDate })}
        {list.length > 0 && <span className="tp-bk-muted tp-bk-transit__count">{t("flightTrip.transitCount", { count: list.length })}</span>}
      </h3>
      <SearchStatus query={query}>
        {list.length ? (
          list.map((it) => <ItineraryCard key={it.key} itinerary={it} cabinClass={cabinClass} onBook={book} note={serviceFee} />)
        ) : (
          <EmptyResult text={t("flightTrip.noTransit")} />
        )}
      </SearchStatus>
    </section>
  );
}
