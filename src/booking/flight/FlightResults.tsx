// The flight result list of a search: loads the one-way (or round-trip) list once, then filters
// and sorts it in the browser as the address says. A round trip picks the outbound fare first
// (kept in the address as goFare), then the return, and books both as one order. A one-way search
// offers connections (查看中转方案, transit=1 in the address), and shows them at once when the
// route has no direct flight.
import { Alert, Button } from "antd";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { BOOK_FOR_PARAM } from "../../domain/people/network-paths";
import type { CabinClass } from "../../domain/travel/air-fares";
import { filterFlights, sortFlights, type TimeBand } from "../../domain/travel/results";
import { isGpSeat } from "../../domain/travel/gp-fares";
import { flightSearchParams, listParam, type FlightSearch } from "../../domain/travel/search-query";
import type { FlightListReply, ListFare, ListFlight, RoundTripReply } from "../../domain/travel/types";
import { useFareLabels } from "../../components/search/useFareLabels";
import { EmptyResult, SearchStatus } from "../shared/SearchStatus";
import { SortBar, sortOrderOf } from "../shared/SortBar";
import { useSearch } from "../../components/search/useSearch";
import type { UrlPatch } from "../shared/useUrlState";
import { FlightCard } from "./FlightCard";
import { FlightFilters } from "./FlightFilters";
import { TransitResults } from "./TransitResults";
import { NearbyDays } from "../shared/NearbyDays";
import { useGetIdentity, useTranslate } from "@refinedev/core";
import { showServiceFee, subjectKey } from "../../access/rules";
import type { PortalUser } from "../../layout/session";
import { flightOrderRoute } from "../shared/travel-type";

const BASE = "/api/v1/trip_manager/air_ticket_domestic_flight";

interface Props {
  search: FlightSearch;
  values: Record<string, string | undefined>;
  update: (patch: UrlPatch, options?: { replace?: boolean }) => void;
  /** List each flight's 政府采购 fare too (the search asked for it and the member may book it). */
  gp?: boolean;
}

export function FlightResults({ search, values, update, gp = false }: Props) {
  const t = useTranslate();
  const fareLabels = useFareLabels();
  const navigate = useNavigate();
  const user = useGetIdentity<PortalUser>().data;
  const memberKey = subjectKey(user);
  // The service fee is said under each price unless the member's display setting hides it.
  const showServFee = showServiceFee(user?.showControl as { showServFee?: number } | undefined);
  const rt = search.tripType === "rt";
  const payload = { depCity: search.depCity, arrCity: search.arrCity, depDate: search.depDate, ...(rt ? { retDate: search.retDate } : {}), ...(gp && !rt ? { gp: 1 } : {}) };
  const { data, query } = useSearch<FlightListReply | RoundTripReply>(rt ? `${BASE}/list_rt` : `${BASE}/list`, payload);
  const goFare = rt ? values.goFare : undefined;
  const reply = data && ("outbound" in data ? (goFare ? data.inbound : data.outbound) : data);
  const cabin = (["F", "C", "Y"].includes(values.cabin ?? "") ? values.cabin : undefined) as CabinClass | undefined;
  const filter = {
    airlines: listParam(values.airlines),
    depBands: listParam(values.bands) as TimeBand[],
    depAirports: listParam(values.depAirports),
    arrAirports: listParam(values.arrAirports),
    cabinClass: cabin,
  };
  const shown = reply ? sortFlights(filterFlights(reply.list, filter), sortOrderOf(values.sort), cabin) : [];
  const outbound = goFare && data && "outbound" in data ? findFare(data.outbound.list, goFare) : null;

  const book = (_: ListFlight, seat: ListFare) => {
    // A quick order's member goes on to the order form.
    const query = { ...flightSearchParams(search), ...(values[BOOK_FOR_PARAM] ? { [BOOK_FOR_PARAM]: values[BOOK_FOR_PARAM] } : {}) };
    if (rt && !goFare) {
      // The return list next: its filters start clean (its airports are the other way round).
      update({ goFare: seat.fareKey, airlines: undefined, depAirports: undefined, arrAirports: undefined, bands: undefined });
      window.scrollTo({ top: 0 });
      return;
    }
    // A 政府采购 fare is booked on its own page, with each passenger's budget unit and official card.
    if (isGpSeat(seat)) return navigate(pathFor("order_info_office", undefined, { ...query, fareKey: seat.fareKey }));
    navigate(pathFor(flightOrderRoute(memberKey), undefined, rt ? { ...query, fareKey: goFare!, nextFareKey: seat.fareKey } : { ...query, fareKey: seat.fareKey }));
  };
  const noDirect = Boolean(reply && !reply.list.length);
  const transit = !rt && (noDirect || values.transit === "1");
  const extra: Record<string, string> = values[BOOK_FOR_PARAM] ? { [BOOK_FOR_PARAM]: values[BOOK_FOR_PARAM] } : {};

  return (
    <SearchStatus query={query}>
      {reply && (
        <div className="tp-bk-results">
          {rt && (
            <Alert
              className="tp-bk-leg"
              type="info"
              showIcon
              message={
                outbound
                  ? t("search.flight.pickedOutbound", { flight: `${outbound.flight.flightNo} ${outbound.flight.depDate} ${outbound.flight.depTime}`, cabin: fareLabels(outbound.seat).cabinClassName })
                  : t("search.flight.pickOutbound", { from: search.depName, to: search.arrName, date: search.depDate })
              }
              description={outbound ? t("search.flight.pickReturn", { from: search.arrName, to: search.depName, date: search.retDate }) : undefined}
              action={
                goFare && (
                  <Button size="small" onClick={() => update({ goFare: undefined, airlines: undefined, depAirports: undefined, arrAirports: undefined, bands: undefined })}>
                    {t("search.flight.repickOutbound")}
                  </Button>
                )
              }
            />
          )}
          {/* The filters and the order apply to direct flights; connections list their own count. */}
          {!transit && (
            <>
              <FlightFilters facets={reply.facets} values={values} onChange={(p) => update(p, { replace: true })} />
              <SortBar value={values.sort} onChange={(sort) => update({ sort }, { replace: true })} count={t("search.flight.count", { n: shown.length })} />
            </>
          )}
          {!rt && !noDirect && (
            <div className="tp-bk-transit-switch">
              <Button data-testid="transit-toggle" onClick={() => update({ transit: transit ? undefined : "1" })}>
                {transit ? t("flightTrip.showDirect") : t("flightTrip.showTransit")}
              </Button>
            </div>
          )}
          {transit ? (
            <TransitResults search={search} extra={extra} noDirect={noDirect} cabinClass={cabin} showServFee={showServFee} />
          ) : shown.length ? (
            shown.map((f) => (
              <FlightCard key={f.flightKey} flight={f} servFee={reply.servFee} cabinClass={cabin} onBook={book} bookLabel={rt && !goFare ? t("search.flight.chooseOutbound") : t("search.common.book")} showServFee={showServFee} />
            ))
          ) : (
            <EmptyResult text={reply.list.length ? t("search.flight.noneFiltered") : t("search.flight.none")}>
              {!reply.list.length && !rt && <NearbyDays date={search.depDate} onPick={(depDate) => update({ depDate })} />}
            </EmptyResult>
          )}
          {noDirect && <NearbyDays date={search.depDate} onPick={(depDate) => update({ depDate })} />}
        </div>
      )}
    </SearchStatus>
  );
}

function findFare(list: ListFlight[], fareKey: string): { flight: ListFlight; seat: ListFare } | null {
  for (const flight of list) {
    const seat = flight.seats.find((s) => s.fareKey === fareKey);
    if (seat) return { flight, seat };
  }
  return null;
}
