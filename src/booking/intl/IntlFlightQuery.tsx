// 国际机票 (/intl/flight_query_list): the search bar over all cities and the itineraries (direct
// and with connections) of the search in the address. The server filters, orders and pages them
// (a long-haul search finds dozens, each of several flights): the filters, the order and the page
// are in the address and each asks for its page.
import { Checkbox, Pagination } from "antd";
import { useNavigate } from "react-router";
import { subjectKey } from "../../access/rules";
import type { PortalUser } from "../../layout/session";
import { flightOrderRoute } from "../shared/travel-type";
import { pathFor } from "../../access/routes";
import { CABIN_CLASSES, type CabinClass } from "../../domain/travel/air-fares";
import { TIME_BAND_KEYS } from "../../domain/travel/results";
import { INTL_PAGE_SIZE } from "../../domain/travel/schemas";
import { flightSearchParams, listParam, readFlightSearch, type FlightSearch } from "../../domain/travel/search-query";
import type { ItineraryListReply } from "../../domain/travel/types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { FlightSearchBar } from "../flight/FlightSearchBar";
import { FilterSelect } from "../shared/FilterSelect";
import { EmptyResult, SearchStatus } from "../shared/SearchStatus";
import { SortBar, sortOrderOf } from "../shared/SortBar";
import { chinaToday } from "../../components/search/today";
import { useSearch } from "../../components/search/useSearch";
import { useUrlState, type UrlPatch } from "../shared/useUrlState";
import { useNamedFlightSearch } from "../shared/place-names";
import { ItineraryCard } from "./ItineraryCard";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../../components/orders/useSwitches";
import { useGetIdentity, useTranslate } from "@refinedev/core";
import "../booking.css";

function Itineraries({ search, values, update }: { search: FlightSearch; values: Record<string, string | undefined>; update: (p: UrlPatch, o?: { replace?: boolean }) => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const memberKey = subjectKey(useGetIdentity<PortalUser>().data);
  const cabin = (["F", "C", "Y"].includes(values.cabin ?? "") ? values.cabin : undefined) as CabinClass | undefined;
  const filter = { directOnly: values.direct === "1", airlines: listParam(values.airlines), depBands: listParam(values.bands).filter((b) => (TIME_BAND_KEYS as string[]).includes(b)) };
  const order = sortOrderOf(values.sort);
  const page = Math.max(1, Math.floor(Number(values.page)) || 1);
  const { data, query } = useSearch<ItineraryListReply>(
    "/api/v1/trip_manager/air_ticket_inter_flight/list",
    {
      depCity: search.depCity,
      arrCity: search.arrCity,
      depDate: search.depDate,
      ...(filter.directOnly ? { directOnly: 1 } : {}),
      ...(filter.airlines.length ? { airlines: filter.airlines.join(",") } : {}),
      ...(filter.depBands.length ? { depBands: filter.depBands.join(",") } : {}),
      ...(cabin ? { cabinClass: cabin } : {}),
      orderBy: order.key,
      orderType: order.desc ? "desc" : "asc",
      pageNum: page,
      pageSize: INTL_PAGE_SIZE,
    },
    // The last page stays on screen while a filter or the next page loads.
    { keepPrevious: true },
  );
  // A filter or order changed starts again at the first page.
  const set = (key: string) => (v: string[]) => update({ [key]: v, page: undefined }, { replace: true });
  return (
    <SearchStatus query={query}>
      {data && (
        <div className="tp-bk-results">
          <div className="tp-bk-filters">
            <Checkbox checked={filter.directOnly} onChange={(e) => update({ direct: e.target.checked ? "1" : undefined, page: undefined }, { replace: true })}>
              {t("search.intl.directOnly")}
            </Checkbox>
            <FilterSelect label={t("search.flight.airline")} value={filter.airlines} onChange={set("airlines")} options={data.airlines.map((a) => ({ value: a.code, label: a.name }))} />
            <FilterSelect label={t("search.flight.depTimeBand")} value={filter.depBands} onChange={set("bands")} options={TIME_BAND_KEYS.map((b) => ({ value: b, label: t(`search.band.${b}`) }))} />
            <FilterSelect single label={t("search.flight.cabinClass")} value={listParam(values.cabin)} onChange={set("cabin")} options={CABIN_CLASSES.map((c) => ({ value: c, label: t(`search.cabin.${c}`) }))} />
          </div>
          <SortBar value={values.sort} onChange={(sort) => update({ sort, page: undefined }, { replace: true })} count={t("search.intl.count", { n: data.total })} />
          {data.list.length ? (
            data.list.map((it) => (
              <ItineraryCard
                key={it.key}
                itinerary={it}
                cabinClass={cabin}
                onBook={(x, cabinClass) => navigate(pathFor(flightOrderRoute(memberKey, true), undefined, { ...flightSearchParams(search), itineraryKey: x.key, cabinClass }))}
              />
            ))
          ) : (
            <EmptyResult text={t("search.intl.none")} />
          )}
          {data.total > data.pageSize && (
            <Pagination
              className="tp-bk-pager"
              current={data.pageNum}
              pageSize={data.pageSize}
              total={data.total}
              showSizeChanger={false}
              onChange={(p) => {
                update({ page: p > 1 ? String(p) : undefined });
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </div>
      )}
    </SearchStatus>
  );
}

export default function IntlFlightQuery({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { values, update } = useUrlState();
  // International searches are one way here; a round trip books two one-way itineraries. There
  // are no 政府采购 fares abroad.
  const switches = useSwitches();
  const parsed = readFlightSearch({ ...values, tripType: "ow", gp: undefined }, chinaToday());
  // Codes alone in the address (a link) are shown as the cities' names.
  const search = useNamedFlightSearch(parsed.ok ? parsed.search : null);
  return (
    <WorkbenchFrame routeName={routeName}>
      <ProductGate on={switches.air}>
        <div className="tp-bk">
          {switches.searchForms.intlAir && <FlightSearchBar international key={search ? JSON.stringify(search) : "new"} initial={search ?? {}} onSearch={(p) => update(p, { replaceAll: true })} />}
          {search ? <Itineraries search={search} values={values} update={update} /> : <EmptyResult text={parsed.ok ? "" : (parsed.problem ?? (switches.searchForms.intlAir ? t("search.intl.start") : t("search.common.formOff")))} />}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}
