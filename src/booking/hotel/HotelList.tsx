// 酒店列表 (/hotel/list): the search box and the hotels of the search in the address.
import { readHotelSearch } from "../../domain/travel/search-query";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { EmptyResult } from "../shared/SearchStatus";
import { chinaToday } from "../../components/search/today";
import { useUrlState } from "../shared/useUrlState";
import { useNamedHotelSearch } from "../shared/place-names";
import { HotelResults } from "./HotelResults";
import { HotelSearchBar } from "./HotelSearchBar";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../../components/orders/useSwitches";
import { useTranslate } from "@refinedev/core";
import "../booking.css";

export default function HotelList({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { values, update } = useUrlState();
  const switches = useSwitches();
  const parsed = readHotelSearch(values, chinaToday());
  // A city code alone in the address (a link) is shown as the city's name.
  const search = useNamedHotelSearch(parsed.ok ? parsed.search : null);
  return (
    <WorkbenchFrame routeName={routeName}>
      <ProductGate on={switches.hotel}>
        <div className="tp-bk">
          {switches.searchForms.hotel && <HotelSearchBar key={search ? JSON.stringify(search) : "new"} initial={search ?? {}} onSearch={(p) => update(p, { replaceAll: true })} />}
          {search ? <HotelResults search={search} values={values} update={update} /> : <EmptyResult text={parsed.ok ? "" : (parsed.problem ?? (switches.searchForms.hotel ? t("search.hotel.start") : t("search.common.formOff")))} />}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}
