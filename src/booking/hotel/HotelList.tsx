// 酒店列表 (/hotel/list): the search box and the hotels of the search in the address.
import { useTranslation } from "react-i18next";
import { readHotelSearch } from "../../domain/travel/search-query";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { EmptyResult } from "../shared/SearchStatus";
import { chinaToday } from "../shared/today";
import { useUrlState } from "../shared/useUrlState";
import { HotelResults } from "./HotelResults";
import { HotelSearchBar } from "./HotelSearchBar";
import "../booking.css";

export default function HotelList({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const { values, update } = useUrlState();
  const parsed = readHotelSearch(values, chinaToday());
  const search = parsed.ok ? parsed.search : null;
  return (
    <WorkbenchFrame routeName={routeName}>
      <div className="tp-bk">
        <HotelSearchBar key={search ? JSON.stringify(search) : "new"} initial={search ?? {}} onSearch={(p) => update(p, { replaceAll: true })} />
        {search ? <HotelResults search={search} values={values} update={update} /> : <EmptyResult text={parsed.ok ? "" : (parsed.problem ?? t("search.hotel.start"))} />}
      </div>
    </WorkbenchFrame>
  );
}
