// 国内机票 (/airTicket/query): the search bar, the low-price calendar and the result list of the
// search in the address. Guests may search; booking asks them to sign in. Members who may book
// 政府采购 fares (whoever sees the 公务机票订单 tab) may ask for them too.
import { useCan } from "@refinedev/core";
import { readFlightSearch } from "../../domain/travel/search-query";
import { usePortalUser } from "../../layout/session";
import { userKeyOf } from "../../providers/access-control";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { EmptyResult } from "../shared/SearchStatus";
import { chinaToday } from "../../components/search/today";
import { useUrlState } from "../shared/useUrlState";
import { useNamedFlightSearch } from "../shared/place-names";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../../components/orders/useSwitches";
import { CalendarStrip } from "./CalendarStrip";
import { FlightResults } from "./FlightResults";
import { FlightSearchBar } from "./FlightSearchBar";
import { BOOK_FOR_PARAM } from "../../domain/people/network-paths";
import { BookForBanner, useBookFor } from "./book-for";
import { useTranslate } from "@refinedev/core";
import "../booking.css";

export default function DomesticAirTicketQuery({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { values, update } = useUrlState();
  const switches = useSwitches();
  const parsed = readFlightSearch(values, chinaToday());
  // Codes alone in the address (a link) are shown as the cities' names.
  const search = useNamedFlightSearch(parsed.ok ? parsed.search : null);
  // The bar is keyed by the search so back/forward show the search in the address.
  const barKey = search ? JSON.stringify(search) : "new";
  // A quick order's member stays in the address through new searches.
  const bookFor = useBookFor();
  const keep = values[BOOK_FOR_PARAM] ? { [BOOK_FOR_PARAM]: values[BOOK_FOR_PARAM] } : {};
  const user = usePortalUser();
  const gpCan = useCan({ resource: "api:bookings:gp", action: "view", params: { user: userKeyOf(user) ?? "guest" } });
  // Booking for a subordinate is an ordinary booking: no 公务机票 there.
  const gpOffered = Boolean(user && gpCan.data?.can && !values[BOOK_FOR_PARAM]);
  return (
    <WorkbenchFrame routeName={routeName}>
      <ProductGate on={switches.air}>
        <div className="tp-bk">
          <BookForBanner bookFor={bookFor} />
          {switches.searchForms.air && <FlightSearchBar key={`${barKey}|${gpOffered}`} gpOffered={gpOffered} initial={search ?? (values.gp === "1" ? { gp: true } : {})} onSearch={(p) => update({ ...p, ...keep }, { replaceAll: true })} />}
          {search ? (
            <>
              {search.tripType === "ow" && (
                <CalendarStrip depCity={search.depCity} arrCity={search.arrCity} depDate={search.depDate} onPick={(depDate) => update({ depDate })} />
              )}
              <FlightResults search={search} values={values} update={update} gp={Boolean(search.gp && gpOffered)} />
            </>
          ) : (
            <EmptyResult text={parsed.ok ? "" : (parsed.problem ?? (switches.searchForms.air ? t("search.flight.start") : t("search.common.formOff")))} />
          )}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}
